import type { Narrow } from '../../api/narrow';

/** A place the quick switcher can open. */
export interface SwitcherItem {
  kind: 'channel' | 'topic' | 'person';
  /** What is matched and shown: a channel's name, a topic's name, a person's full name. */
  label: string;
  /** Shown after the label, also matched (a topic's channel, a person's email). */
  detail?: string;
  narrow: Narrow;
  key: string;
}

const KIND_ORDER: Record<SwitcherItem['kind'], number> = { channel: 0, topic: 1, person: 2 };

/** Lower case without accents: "chloe" finds "Chloé". */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const WORD_BREAK = /[\s\-_./#>]+/;

/**
 * How well `item` matches `query` (lower is better), or null for no match: 0 the label starts with
 * it, 1 a word of the label does, or each word of the query starts a word of the label or the
 * detail ("general welcome", "gen > wel" for the topic welcome in #general), 2 the label contains
 * it, 3 only the detail does.
 */
export function matchRank(item: SwitcherItem, query: string): number | null {
  const q = fold(query.trim());
  if (!q) return 0;
  const label = fold(item.label);
  if (label.startsWith(q)) return 0;
  if (label.split(WORD_BREAK).some((word) => word.startsWith(q))) return 1;
  const asked = q.split(WORD_BREAK).filter(Boolean);
  if (asked.length > 1) {
    const words = `${label} ${fold(item.detail ?? '')}`.split(WORD_BREAK);
    if (asked.every((part) => words.some((word) => word.startsWith(part)))) return 1;
  }
  if (label.includes(q)) return 2;
  if (item.detail !== undefined && fold(item.detail).includes(q)) return 3;
  return null;
}

/**
 * The switcher's list for `query`: prefix matches first, then word starts, then the rest; within
 * a rank channels, then topics, then people; then the shorter label (the closer match), then by
 * name. An empty query lists everything in that order.
 */
export function rankSwitcherItems(items: readonly SwitcherItem[], query: string, limit = 50): SwitcherItem[] {
  const ranked: { item: SwitcherItem; rank: number }[] = [];
  for (const item of items) {
    const rank = matchRank(item, query);
    if (rank !== null) ranked.push({ item, rank });
  }
  ranked.sort(
    (a, b) =>
      a.rank - b.rank ||
      KIND_ORDER[a.item.kind] - KIND_ORDER[b.item.kind] ||
      a.item.label.length - b.item.label.length ||
      a.item.label.localeCompare(b.item.label),
  );
  return ranked.slice(0, limit).map((r) => r.item);
}
