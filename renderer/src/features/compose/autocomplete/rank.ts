/**
 * The ranking every autocomplete source shares: how well a name matches what was typed, and a
 * bounded "best N" collector, so a keystroke costs one pass over a precomputed index and never
 * a sort of every candidate.
 */

/** How a name matches: exact, prefix of the whole name, prefix of one of its words, anywhere. */
export const MATCH = { exact: 0, prefix: 1, wordPrefix: 2, substring: 3 } as const;
export type MatchRank = (typeof MATCH)[keyof typeof MATCH];

/** Lower case without diacritics, so `chloe` finds "Chloé" and `garcia` finds "García". */
export function fold(text: string): string {
  // Most names and every email address are printable ASCII, which has no marks to strip.
  if (!BEYOND_PRINTABLE_ASCII.test(text)) return text.toLowerCase();
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const BEYOND_PRINTABLE_ASCII = /[^ -~]/;

/** A name prepared once for matching: folded, with the offsets where its words start. */
export interface MatchKey {
  folded: string;
  /** Offsets of the second and later words (the first word is the whole name's prefix). */
  wordStarts: readonly number[];
}

const WORD_SEPARATOR = /[\s_\-.]/;

/** WORD_SEPARATOR for one UTF-16 unit, without a regular expression for the common characters. */
function separates(code: number): boolean {
  if (code === 32 || code === 95 || code === 45 || code === 46) return true;
  if (code < 0xa0) return code >= 9 && code <= 13;
  return WORD_SEPARATOR.test(String.fromCharCode(code));
}

export function matchKey(name: string): MatchKey {
  const folded = fold(name);
  const wordStarts: number[] = [];
  let afterSeparator = false;
  for (let i = 0; i < folded.length; i++) {
    const separator = separates(folded.charCodeAt(i));
    if (afterSeparator && !separator) wordStarts.push(i);
    afterSeparator = separator;
  }
  return { folded, wordStarts };
}

/** The rank of `key` for a folded query, or null when it does not match. An empty query matches everything as a prefix. */
export function matchRank(key: MatchKey, query: string): MatchRank | null {
  const { folded } = key;
  if (folded === query) return MATCH.exact;
  if (folded.startsWith(query)) return MATCH.prefix;
  for (const start of key.wordStarts) if (folded.startsWith(query, start)) return MATCH.wordPrefix;
  return folded.includes(query) ? MATCH.substring : null;
}

/** The best of several names of one thing (an emoji's aliases), with which name it was. */
export function bestMatch(
  keys: readonly MatchKey[],
  query: string,
): { rank: MatchRank; index: number } | null {
  let best: { rank: MatchRank; index: number } | null = null;
  for (let i = 0; i < keys.length; i++) {
    const rank = matchRank(keys[i]!, query);
    if (rank !== null && (best === null || rank < best.rank)) best = { rank, index: i };
    if (best?.rank === MATCH.exact) break;
  }
  return best;
}

/**
 * Keeps the `limit` smallest items by `compare` among everything added: O(log limit) to place an
 * item, nothing kept beyond the limit.
 */
export class BestOf<T> {
  private readonly items: T[] = [];

  constructor(
    private readonly limit: number,
    private readonly compare: (a: T, b: T) => number,
  ) {}

  add(item: T): void {
    const { items, limit, compare } = this;
    if (limit <= 0) return;
    if (items.length === limit && compare(item, items[limit - 1]!) >= 0) return;
    let lo = 0;
    let hi = items.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compare(items[mid]!, item) <= 0) lo = mid + 1;
      else hi = mid;
    }
    items.splice(lo, 0, item);
    if (items.length > limit) items.pop();
  }

  result(): T[] {
    return [...this.items];
  }
}

/** A candidate's place: match rank, then recent use (higher is more recent), then alphabetical position. */
export interface Placed<T> {
  item: T;
  /** A MatchRank, or a value between two for a tier a source puts between them. */
  rank: number;
  recency: number;
  order: number;
}

export function comparePlaced<T>(a: Placed<T>, b: Placed<T>): number {
  return a.rank - b.rank || b.recency - a.recency || a.order - b.order;
}

/** Alphabetical positions for names, computed once per list (not per keystroke). */
export function alphabeticalOrder(names: readonly string[]): number[] {
  const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
  const indices = names.map((_, i) => i).sort((a, b) => collator.compare(names[a]!, names[b]!) || a - b);
  const order = new Array<number>(names.length);
  indices.forEach((nameIndex, position) => (order[nameIndex] = position));
  return order;
}

/** How many rows an autocomplete list shows at most. */
export const LIST_LIMIT = 8;
