import type { RealmEmoji } from '../../api/model';

/** One pickable emoji in the three namespaces of spec 2.7. */
export interface EmojiChoice {
  name: string;
  code: string;
  reaction_type: 'unicode_emoji' | 'realm_emoji' | 'service_extra_emoji';
  /** The character for unicode emoji, or an image URL for custom ones. */
  glyph?: string;
  imageUrl?: string;
  group: string;
  /** Other names people type for it: the service's short names (`tada`, `+1`) and common ones. */
  aliases?: string[];
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

interface GroupData {
  name: string;
  emojis: { emoji: string; slug: string; name: string }[];
}

let unicodeCache: EmojiChoice[] | null = null;

type ShortcodeTable = Record<string, string | string[]>;

/**
 * Short names by code: the service's emoji names follow the iamcal set (`tada`, `+1`, `heart`), and
 * GitHub's set adds more that people type. Keys are emojibase hexcodes (upper case, no FE0F).
 */
function shortNames(tables: ShortcodeTable[], code: string): string[] {
  const key = code.toUpperCase();
  return tables.flatMap((t) => {
    const names = t[key];
    return names === undefined ? [] : Array.isArray(names) ? names : [names];
  });
}

/** The Unicode emoji table, loaded on first use (it is a large file: kept out of the main bundle). */
export async function loadUnicodeEmoji(): Promise<EmojiChoice[]> {
  if (unicodeCache) return unicodeCache;
  const [byGroup, iamcal, github] = await Promise.all([
    import('unicode-emoji-json/data-by-group.json').then((m) => m.default as GroupData[]),
    import('emojibase-data/en/shortcodes/iamcal.json').then((m) => m.default as ShortcodeTable),
    import('emojibase-data/en/shortcodes/github.json').then((m) => m.default as ShortcodeTable),
  ]);
  unicodeCache = byGroup.flatMap((group) =>
    group.emojis.map((e) => {
      const code = unicodeCode(e.emoji);
      const aliases = [...new Set(shortNames([iamcal, github], code))].filter((n) => n !== e.slug);
      return {
        name: e.slug,
        code,
        reaction_type: 'unicode_emoji' as const,
        glyph: e.emoji,
        group: group.name,
        ...(aliases.length ? { aliases } : {}),
      };
    }),
  );
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
