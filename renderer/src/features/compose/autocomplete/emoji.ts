import type { EmojiChoice } from '../../reactions/emoji';
import {
  alphabeticalOrder,
  BestOf,
  bestMatch,
  comparePlaced,
  fold,
  LIST_LIMIT,
  MATCH,
  matchKey,
  type MatchKey,
  type MatchRank,
  type Placed,
} from './rank';

/** An emoji suggestion: the emoji and the name of it that matched (what `:name:` inserts). */
export interface EmojiSuggestion {
  emoji: EmojiChoice;
  name: string;
}

export interface EmojiIndex {
  readonly entries: readonly { emoji: EmojiChoice; names: string[]; keys: MatchKey[]; order: number }[];
}

/**
 * The real service's popular emoji, by code, most popular first: 👍 🎉 🙂 ❤️ 🛠️ (working_on_it) 🐙.
 * Among equally good matches they come first, so `:thumbs` offers 👍 before 👎.
 */
const POPULAR_EMOJI_CODES = ['1f44d', '1f389', '1f642', '2764', '1f6e0', '1f419'];

function popularity(emoji: EmojiChoice): number {
  return emoji.reaction_type === 'unicode_emoji' ? POPULAR_EMOJI_CODES.indexOf(emoji.code) : -1;
}

/**
 * The same emoji the picker offers (custom, the service's extra, Unicode with aliases), prepared
 * once. Each one's standing order: the popular ones in their order, then the rest alphabetically.
 */
export function buildEmojiIndex(all: readonly EmojiChoice[]): EmojiIndex {
  const alphabetical = alphabeticalOrder(all.map((e) => e.name));
  return {
    entries: all.map((emoji, i) => {
      const names = [emoji.name, ...(emoji.aliases ?? [])];
      const popular = popularity(emoji);
      const order = popular >= 0 ? popular : POPULAR_EMOJI_CODES.length + alphabetical[i]!;
      return { emoji, names, keys: names.map(matchKey), order };
    }),
  };
}

/**
 * Emoji for a query, over every name and alias: by match (exact; the popular and recently used ones
 * matched by a word; the whole name's prefix before a word's), then the user's recently used emoji
 * (`recent`, most recent first), then the popular ones, then alphabetically.
 */
export function rankEmoji(
  index: EmojiIndex,
  query: string,
  recent: readonly string[] = [],
  limit = LIST_LIMIT,
): EmojiSuggestion[] {
  const q = fold(query.trim());
  const recency = new Map(recent.map((name, i) => [name, recent.length - i]));
  const best = new BestOf<Placed<EmojiSuggestion>>(limit, comparePlaced);
  for (const entry of index.entries) {
    const match = bestMatch(entry.keys, q);
    if (!match) continue;
    const name = entry.names[match.index]!;
    const recent = Math.max(...entry.names.map((n) => recency.get(n) ?? 0));
    best.add({
      item: { emoji: entry.emoji, name },
      rank: emojiRank(match.rank, recent > 0 || isPopular(entry)),
      recency: recent,
      order: entry.order,
    });
  }
  return best.result().map((p) => p.item);
}

/** Between an exact match and the rest: where the popular and recently used emoji go. */
const FAVOURITE = (MATCH.exact + MATCH.prefix) / 2;

/**
 * As in the real service: the exact matches first, then the popular and the recently used emoji
 * that the query starts the name or a word of the name of (`:smi` offers 🙂 first), then the rest.
 */
function emojiRank(rank: MatchRank, favourite: boolean): number {
  return favourite && rank !== MATCH.exact && rank <= MATCH.wordPrefix ? FAVOURITE : rank;
}

function isPopular(entry: EmojiIndex['entries'][number]): boolean {
  return entry.order < POPULAR_EMOJI_CODES.length;
}

export const emojiSyntax = (name: string) => `:${name}:`;
