import { gemoji } from 'gemoji';
import { REAL_SERVICE_EMOJI_ALIASES } from '../../shared/emoji-aliases';
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

/** Unicode emoji by name and by code, built once from gemoji and the real service's extra names. */
class UnicodeEmojiTable {
  readonly codeByName = new Map<string, string>();
  readonly namesByCode = new Map<string, string[]>();

  constructor() {
    for (const entry of gemoji) {
      const code = [...entry.emoji]
        .map((c) => c.codePointAt(0)!)
        .filter((cp) => cp !== 0xfe0f)
        .map((cp) => cp.toString(16))
        .join('-');
      for (const name of entry.names) this.add(name, code);
    }
    for (const [alias, target] of Object.entries(REAL_SERVICE_EMOJI_ALIASES)) {
      const code = this.codeByName.get(target);
      if (code) this.add(alias, code);
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
  return e;
}
