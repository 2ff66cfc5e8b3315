import { isReactionType, type ReactionType } from '../../../../shared/api/plain-values';
import { REAL_SERVICE_EMOJI_ALIASES } from '../../../../shared/emoji-aliases';
import type { RealmEmoji } from '../../api/model';

/** One pickable emoji in the three namespaces of spec 2.7. */
export interface EmojiChoice {
  name: string;
  code: string;
  reaction_type: ReactionType;
  /** Other names of the same emoji, which search finds too. */
  aliases?: string[];
  /** The character for unicode emoji, or an image URL for custom ones. */
  glyph?: string;
  imageUrl?: string;
  group: string;
}

/** A received `reaction_type` (any string) as one a call may send, or null for a type this app does not know. */
export function sendableReactionType(type: string): ReactionType | null {
  return isReactionType(type) ? type : null;
}

/** Dash-separated hex code points, without the emoji-presentation selector (spec 2.7). */
export function unicodeCode(char: string): string {
  return [...char]
    .map((c) => c.codePointAt(0) as number)
    .filter((cp) => cp !== 0xfe0f)
    .map((cp) => cp.toString(16))
    .join('-');
}

export function glyphFromCode(code: string): string {
  try {
    return String.fromCodePoint(...code.split('-').map((hex) => parseInt(hex, 16)));
  } catch {
    return '?';
  }
}

let unicodeCache: EmojiChoice[] | null = null;

/**
 * The Unicode emoji, named as gemoji names them (as the reference server does) plus the real
 * service's own names for some; loaded on first use (a large module, kept out of the main bundle).
 */
export async function loadUnicodeEmoji(): Promise<EmojiChoice[]> {
  if (unicodeCache) return unicodeCache;
  const { gemoji } = await import('gemoji');
  const extraNames = new Map<string, string[]>();
  for (const [alias, target] of Object.entries(REAL_SERVICE_EMOJI_ALIASES))
    extraNames.set(target, [...(extraNames.get(target) ?? []), alias]);
  unicodeCache = gemoji.map((e) => {
    const [name = '', ...others] = e.names;
    return {
      name,
      aliases: [...others, ...e.names.flatMap((n) => extraNames.get(n) ?? [])],
      code: unicodeCode(e.emoji),
      reaction_type: 'unicode_emoji' as const,
      glyph: e.emoji,
      group: e.category,
    };
  });
  return unicodeCache;
}

/** The service's own extra emoji (`service_extra_emoji`, code = name). */
export const EXTRA_EMOJI: EmojiChoice[] = [
  { name: 'service', code: 'service', reaction_type: 'service_extra_emoji', glyph: '◆', group: 'Service' },
];

export function realmEmojiChoices(map: Record<string, RealmEmoji> | undefined): EmojiChoice[] {
  return Object.values(map ?? {})
    .filter((e) => !e.deactivated)
    .map((e) => ({
      name: e.name,
      code: String(e.id),
      reaction_type: 'realm_emoji' as const,
      imageUrl: e.source_url,
      group: 'Custom',
    }));
}

/**
 * Emoji whose name or one of whose aliases matches what was typed (`tada`, `:+1:`, `thumbs up`):
 * exact names first, then names starting with it, then a word of the name starting with it, then
 * names containing it.
 */
export function searchEmoji(all: EmojiChoice[], query: string, limit = 400): EmojiChoice[] {
  const q = query.trim().toLowerCase().replace(/^:|:$/g, '').replace(/\s+/g, '_');
  if (!q) return all.slice(0, limit);
  const rank = (name: string): number => {
    if (name === q) return 0;
    if (name.startsWith(q)) return 1;
    if (name.split('_').some((_, i, words) => words.slice(i).join('_').startsWith(q))) return 2;
    return name.includes(q) ? 3 : 4;
  };
  const ranked: { emoji: EmojiChoice; rank: number; index: number }[] = [];
  all.forEach((emoji, index) => {
    const best = Math.min(rank(emoji.name), ...(emoji.aliases ?? []).map(rank));
    if (best < 4) ranked.push({ emoji, rank: best, index });
  });
  ranked.sort((a, b) => a.rank - b.rank || a.index - b.index);
  return ranked.slice(0, limit).map((r) => r.emoji);
}
