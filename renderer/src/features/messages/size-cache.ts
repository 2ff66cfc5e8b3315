/**
 * The virtualizer remembers the measured height of every row it has ever shown, keyed by message
 * id, and never forgets one: scrolling through a 100,000-message topic would keep 100,000 heights.
 * The feed keeps a bounded window of messages, so heights of messages that have left the window are
 * dropped once they outnumber the window; a message that comes back is simply measured again.
 */
const STALE_SIZES_KEPT = 300;

export function forgetUnloadedSizes<Key>(sizes: Map<Key, unknown>, loaded: readonly { id: number }[]): void {
  // Pruning walks the whole cache (a window's worth, a fraction of a millisecond): only when a few
  // hundred stale heights have piled up, i.e. every few pages.
  if (sizes.size <= loaded.length + STALE_SIZES_KEPT) return;
  const keep = new Set(loaded.map((m) => m.id));
  for (const key of sizes.keys()) if (!keep.has(key as number)) sizes.delete(key);
}
