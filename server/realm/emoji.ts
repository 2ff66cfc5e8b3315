import { createRequire } from 'node:module';
import type { Realm } from './realm';

/** A custom emoji of the organization (reaction_type `realm_emoji`, code = its id). */
export interface RealmEmoji {
  id: number;
  name: string;
  source_url: string;
  still_url: string | null;
  deactivated: boolean;
  author_id: number | null;
}

export type ReactionType = 'unicode_emoji' | 'realm_emoji' | 'service_extra_emoji';

/** The service's own extra emoji (reaction_type `service_extra_emoji`, code = name). */
export const SERVICE_EXTRA_EMOJI: ReadonlySet<string> = new Set(['service']);

interface EmojiEntry {
  name: string;
  slug: string;
}

/** Unicode emoji by name and by code, built once from unicode-emoji-json. */
class UnicodeEmojiTable {
  readonly codeByName = new Map<string, string>();
  readonly namesByCode = new Map<string, string[]>();

  constructor() {
    const require = createRequire(import.meta.url);
    const data = require('unicode-emoji-json/data-by-emoji.json') as Record<string, EmojiEntry>;
    for (const [char, entry] of Object.entries(data)) {
      const code = [...char]
        .map((c) => c.codePointAt(0)!)
        .filter((cp) => cp !== 0xfe0f)
        .map((cp) => cp.toString(16))
        .join('-');
      this.add(entry.slug, code);
    }
    // Short names people type, mapped onto the table's codes.
    const aliases: Record<string, string> = {
      '+1': 'thumbs_up',
      '-1': 'thumbs_down',
      thumbsup: 'thumbs_up',
      like: 'thumbs_up',
      heart: 'red_heart',
      smile: 'grinning_face_with_smiling_eyes',
      tada: 'party_popper',
      joy: 'face_with_tears_of_joy',
      eyes: 'eyes',
      check: 'check_mark_button',
      fire: 'fire',
      rocket: 'rocket',
      thinking: 'thinking_face',
      laughing: 'grinning_squinting_face',
      working_on_it: 'hammer_and_wrench',
      octopus: 'octopus',
      coffee: 'hot_beverage',
      wave: 'waving_hand',
      clap: 'clapping_hands',
      pray: 'folded_hands',
      100: 'hundred_points',
    };
    for (const [alias, target] of Object.entries(aliases)) {
      const code = this.codeByName.get(target);
      if (code) this.add(alias, code);
    }
    // The short names of the service's emoji set (iamcal's, as in `:tada:` and `:+1:`), and GitHub's.
    for (const set of ['iamcal', 'github']) {
      const table = require(`emojibase-data/en/shortcodes/${set}.json`) as Record<string, string | string[]>;
      for (const [hexcode, names] of Object.entries(table)) {
        const code = hexcode.toLowerCase();
        if (!this.namesByCode.has(code)) continue;
        for (const name of Array.isArray(names) ? names : [names]) this.add(name, code);
      }
    }
  }

  private add(name: string, code: string): void {
    if (!this.codeByName.has(name)) this.codeByName.set(name, code);
    const names = this.namesByCode.get(code) ?? [];
    if (!names.includes(name)) names.push(name);
    this.namesByCode.set(code, names);
  }
}

let table: UnicodeEmojiTable | undefined;
export function unicodeEmoji(): UnicodeEmojiTable {
  table ??= new UnicodeEmojiTable();
  return table;
}

export function activeRealmEmojiByName(realm: Realm, name: string): RealmEmoji | undefined {
  for (const e of realm.emoji.values()) if (!e.deactivated && e.name === name) return e;
  return undefined;
}

/** Look up an emoji by name the way a reaction or status without a code does. */
export function emojiByName(realm: Realm, name: string): { code: string; type: ReactionType } | undefined {
  const custom = activeRealmEmojiByName(realm, name);
  if (custom) return { code: String(custom.id), type: 'realm_emoji' };
  const code = unicodeEmoji().codeByName.get(name);
  if (code) return { code, type: 'unicode_emoji' };
  if (SERVICE_EXTRA_EMOJI.has(name)) return { code: name, type: 'service_extra_emoji' };
  return undefined;
}

export function realmEmojiToWire(e: RealmEmoji): Record<string, unknown> {
  return {
    id: String(e.id),
    name: e.name,
    source_url: e.source_url,
    ...(e.still_url ? { still_url: e.still_url } : {}),
    deactivated: e.deactivated,
    author_id: e.author_id,
  };
}

export function addRealmEmoji(
  realm: Realm,
  name: string,
  sourceUrl: string,
  authorId: number | null,
): RealmEmoji {
  const e: RealmEmoji = {
    id: realm.nextId('emoji'),
    name,
    source_url: sourceUrl,
    still_url: null,
    deactivated: false,
    author_id: authorId,
  };
  realm.emoji.set(e.id, e);
  realm.renderEpoch++;
  return e;
}
