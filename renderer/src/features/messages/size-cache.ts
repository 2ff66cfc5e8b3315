/**
 * The virtualizer remembers the measured height of every row it has ever shown, keyed by message
 * id, and never forgets one: scrolling through a 100,000-message topic would keep 100,000 heights.
 * The feed keeps a bounded window of messages, so heights of messages that have left the window are
 * dropped once they outnumber the window; a message that comes back is simply measured again.
 */
export function forgetUnloadedSizes(
  sizes: Map<number | string | bigint, number>,
  loaded: readonly { id: number }[],
): void {
  // Pruning walks the whole cache: only do it when the stale entries have grown as large as the
  // window itself, so its cost per loaded page stays constant.
  if (sizes.size <= 2 * loaded.length + 200) return;
  const keep = new Set(loaded.map((m) => m.id));
  for (const key of sizes.keys()) if (!keep.has(key as number)) sizes.delete(key);
}
