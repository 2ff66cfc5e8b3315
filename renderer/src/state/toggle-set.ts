/** `items` with `item` added, or removed when it was there: a new set, for a store's state. */
export function toggled<T>(items: ReadonlySet<T>, item: T): ReadonlySet<T> {
  const next = new Set(items);
  if (!next.delete(item)) next.add(item);
  return next;
}
