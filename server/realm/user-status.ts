import { badRequest } from '../http/errors';
import { emojiByName, SERVICE_EXTRA_EMOJI, unicodeEmoji, type ReactionType } from './emoji';
import { MAX_STATUS_TEXT_LENGTH } from './limits';
import type { Realm } from './realm';
import { setUserSetting } from './user-settings-changes';
import { activeHumanIds, type User, type UserStatus } from './users';

const EMOJI_NAME = /^[A-Za-z0-9_+-]+$/;

type StatusEmoji = Pick<UserStatus, 'emoji_name' | 'emoji_code' | 'reaction_type'>;

/** Resolve and check the emoji of a status (4.11; the same rules as a reaction's emoji). */
function checkStatusEmoji(
  realm: Realm,
  name: string,
  code: string | undefined,
  type: string | undefined,
): StatusEmoji {
  if (name === '') return { emoji_name: '', emoji_code: '', reaction_type: '' };
  if (!EMOJI_NAME.test(name)) throw badRequest('Invalid emoji name.');
  const byName = emojiByName(realm, name);
  if (code === undefined && !byName) throw badRequest(`Emoji '${name}' does not exist`);
  const emojiCode = code ?? byName!.code;
  const reactionType = type ?? (code === undefined ? byName!.type : (byName?.type ?? 'unicode_emoji'));
  switch (reactionType as ReactionType) {
    case 'realm_emoji': {
      const custom = realm.emoji.get(Number(emojiCode));
      if (!custom || String(custom.id) !== emojiCode) throw badRequest('Invalid custom emoji.');
      if (custom.name !== name) throw badRequest('Invalid custom emoji name.');
      if (custom.deactivated) throw badRequest('This custom emoji has been deactivated.');
      break;
    }
    case 'service_extra_emoji':
      if (!SERVICE_EXTRA_EMOJI.has(emojiCode)) throw badRequest('Invalid emoji code.');
      if (name !== emojiCode) throw badRequest('Invalid emoji name.');
      break;
    case 'unicode_emoji':
      if (!unicodeEmoji().namesByCode.has(emojiCode)) throw badRequest('Invalid emoji code.');
      if (unicodeEmoji().codeByName.get(name) !== emojiCode) throw badRequest('Invalid emoji name.');
      break;
    default:
      throw badRequest('Invalid emoji type.');
  }
  return { emoji_name: name, emoji_code: emojiCode, reaction_type: reactionType };
}

/** A status as GET /users/{id}/status and POST /register report it: only the fields that are set. */
export function statusToWire(s: UserStatus): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (s.status_text) out.status_text = s.status_text;
  if (s.emoji_name)
    Object.assign(out, {
      emoji_name: s.emoji_name,
      emoji_code: s.emoji_code,
      reaction_type: s.reaction_type,
    });
  if (s.away) out.away = true;
  return out;
}

export interface StatusChange {
  status_text?: string;
  emoji_name?: string;
  emoji_code?: string;
  reaction_type?: string;
  away?: boolean;
}

/** POST /users/me/status: what is passed changes; everyone hears one user_status event with it. */
export function updateStatus(realm: Realm, user: User, change: StatusChange): void {
  const { status_text, emoji_name, emoji_code, reaction_type, away } = change;
  if ([status_text, emoji_name, emoji_code, reaction_type, away].every((v) => v === undefined))
    throw badRequest('Client did not pass any new values.');
  const text = status_text?.trim();
  if (text !== undefined && [...text].length > MAX_STATUS_TEXT_LENGTH)
    throw badRequest(`status_text is too long (limit: ${MAX_STATUS_TEXT_LENGTH} characters)`);
  if ((emoji_code !== undefined || reaction_type !== undefined) && emoji_name === undefined)
    throw badRequest('Client must pass emoji_name if they pass either emoji_code or reaction_type.');
  const emoji =
    emoji_name === undefined ? undefined : checkStatusEmoji(realm, emoji_name, emoji_code, reaction_type);

  const event: Record<string, unknown> = { type: 'user_status', user_id: user.user_id };
  if (text !== undefined) {
    user.status.status_text = text;
    event.status_text = text;
  }
  if (emoji) {
    Object.assign(user.status, emoji);
    Object.assign(event, emoji);
  }
  if (away !== undefined) {
    // `away` is deprecated: it is the negation of `presence_enabled`.
    user.status.away = away;
    event.away = away;
    setUserSetting(realm, user, 'presence_enabled', !away);
  }
  realm.events.publish(activeHumanIds(realm), event as { type: string });
}
