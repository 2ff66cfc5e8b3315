import type { Narrow } from '../../api/narrow';
import { alphabeticalOrder, BestOf, fold } from '../compose/autocomplete/rank';

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

const WORD_BREAK = /[\s\-_./#>]+/;

/** An item prepared once for matching (folded, split into words, placed alphabetically), not per keystroke. */
export interface PreparedSwitcherItem {
  item: SwitcherItem;
  label: string;
  labelWords: string[];
  /** The label's and the detail's words together. */
  words: string[];
  detail: string | null;
  /** Position among all the items' labels, alphabetically. */
  order: number;
}

export function prepareSwitcherItems(items: readonly SwitcherItem[]): PreparedSwitcherItem[] {
  const order = alphabeticalOrder(items.map((item) => item.label));
  return items.map((item, i) => {
    const label = fold(item.label);
    const detail = item.detail === undefined ? null : fold(item.detail);
    const labelWords = label.split(WORD_BREAK);
    return {
      item,
      label,
      labelWords,
      words: detail === null ? labelWords : [...labelWords, ...detail.split(WORD_BREAK)],
      detail,
      order: order[i]!,
    };
  });
}

/** The rank of a prepared item for a folded, trimmed query (see matchRank). */
function preparedRank(prepared: PreparedSwitcherItem, q: string, asked: readonly string[]): number | null {
  if (!q) return 0;
  const { label } = prepared;
  if (label.startsWith(q)) return 0;
  if (prepared.labelWords.some((word) => word.startsWith(q))) return 1;
  if (asked.length > 1 && asked.every((part) => prepared.words.some((word) => word.startsWith(part))))
    return 1;
  if (label.includes(q)) return 2;
  if (prepared.detail !== null && prepared.detail.includes(q)) return 3;
  return null;
}

/**
 * How well `item` matches `query` (lower is better), or null for no match: 0 the label starts with
 * it, 1 a word of the label does, or each word of the query starts a word of the label or the
 * detail ("general welcome", "gen > wel" for the topic welcome in #general), 2 the label contains
 * it, 3 only the detail does.
 */
export function matchRank(item: SwitcherItem, query: string): number | null {
  const q = fold(query.trim());
  return preparedRank(prepareSwitcherItems([item])[0]!, q, q.split(WORD_BREAK).filter(Boolean));
}

interface Ranked {
  prepared: PreparedSwitcherItem;
  rank: number;
}

function compareRanked(a: Ranked, b: Ranked): number {
  return (
    a.rank - b.rank ||
    KIND_ORDER[a.prepared.item.kind] - KIND_ORDER[b.prepared.item.kind] ||
    a.prepared.item.label.length - b.prepared.item.label.length ||
    a.prepared.order - b.prepared.order
  );
}

/**
 * The switcher's list for `query`: prefix matches first, then word starts, then the rest; within
 * a rank channels, then topics, then people; then the shorter label (the closer match), then by
 * name. An empty query lists everything in that order. One pass over the prepared items, keeping
 * the best `limit`: tens of thousands of people cost no sort per keystroke.
 */
export function rankPreparedItems(
  prepared: readonly PreparedSwitcherItem[],
  query: string,
  limit = 50,
): SwitcherItem[] {
  const q = fold(query.trim());
  const asked = q.split(WORD_BREAK).filter(Boolean);
  const best = new BestOf<Ranked>(limit, compareRanked);
  for (const item of prepared) {
    const rank = preparedRank(item, q, asked);
    if (rank !== null) best.add({ prepared: item, rank });
  }
  return best.result().map((r) => r.prepared.item);
}

export function rankSwitcherItems(items: readonly SwitcherItem[], query: string, limit = 50): SwitcherItem[] {
  return rankPreparedItems(prepareSwitcherItems(items), query, limit);
}
