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

/** The Unicode emoji table, loaded on first use (it is a large file: kept out of the main bundle). */
export async function loadUnicodeEmoji(): Promise<EmojiChoice[]> {
  if (unicodeCache) return unicodeCache;
  const byGroup = (await import('unicode-emoji-json/data-by-group.json')).default as GroupData[];
  unicodeCache = byGroup.flatMap((group) =>
    group.emojis.map((e) => ({
      name: e.slug,
      code: unicodeCode(e.emoji),
      reaction_type: 'unicode_emoji' as const,
      glyph: e.emoji,
      group: group.name,
    })),
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

export function searchEmoji(all: EmojiChoice[], query: string, limit = 400): EmojiChoice[] {
  const q = query.trim().toLowerCase().replace(/\s+/g, '_');
  if (!q) return all.slice(0, limit);
  const starts = all.filter((e) => e.name.startsWith(q));
  const contains = all.filter((e) => !e.name.startsWith(q) && e.name.includes(q));
  return [...starts, ...contains].slice(0, limit);
}
