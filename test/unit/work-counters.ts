/**
 * Test doubles that count the work done on them, for tests that a hot path does not walk or fold
 * what it need not (a big organization's lists, on every event).
 */

/** A list that counts how often it is walked (every walk reads its length). */
export function counted<T>(items: T[]): { list: T[]; walks: () => number } {
  let walks = 0;
  const list = new Proxy(items, {
    get(target, key, receiver) {
      if (key === 'length') walks++;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { list, walks: () => walks };
}

/**
 * `count` unread topics in channels 100–149 (one unread id each, from `firstId`), whose names count
 * every time they are folded into a key (`toLowerCase`).
 */
export function foldCountedTopics(
  count: number,
  firstId: number,
): {
  entries: { stream_id: number; topic: string; unread_message_ids: number[] }[];
  folds: () => number;
} {
  let folds = 0;
  const entries = Array.from({ length: count }, (_, i) => ({
    stream_id: 100 + (i % 50),
    topic: {
      toLowerCase: () => {
        folds++;
        return `topic ${i}`;
      },
    } as unknown as string,
    unread_message_ids: [firstId + i],
  }));
  return { entries, folds: () => folds };
}
