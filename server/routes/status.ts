import { badRequest } from '../http/errors';
import { p } from '../http/params';
import { route } from '../http/route';
import type { Realm } from '../realm/realm';
import { emojiByName, SERVICE_EXTRA_EMOJI, unicodeEmoji, type ReactionType } from '../realm/emoji';
import { MAX_STATUS_TEXT_LENGTH } from '../realm/limits';
import { activeHumanIds, type User, type UserStatus } from '../realm/users';

const EMOJI_NAME = /^[A-Za-z0-9_+-]+$/;

/** Resolve and check the emoji of a status (4.11; the same rules as a reaction's emoji). */
function checkStatusEmoji(
  realm: Realm,
  name: string,
  code: string | undefined,
  type: string | undefined,
): { emoji_name: string; emoji_code: string; reaction_type: string } {
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

function setPresenceEnabled(realm: Realm, user: User, value: boolean): void {
  if (user.settings.presence_enabled === value) return;
  user.settings.presence_enabled = value;
  realm.events.publish([user.user_id], {
    type: 'user_settings',
    op: 'update',
    property: 'presence_enabled',
    value,
    __email: user.email,
  });
}

export const statusRoutes = [
  route({
    method: 'POST',
    path: '/users/me/status',
    params: {
      status_text: p.string(),
      emoji_name: p.string(),
      emoji_code: p.string(),
      reaction_type: p.string(),
      away: p.bool(),
    },
    handler: ({ realm, user }, params) => {
      const { status_text, emoji_name, emoji_code, reaction_type, away } = params;
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
        setPresenceEnabled(realm, user, !away);
      }
      realm.events.publish(activeHumanIds(realm), event as { type: string });
      return {};
    },
  }),
  route({
    method: 'GET',
    path: '/users/:user_id/status',
    params: { user_id: p.int().required() },
    handler: ({ realm }, { user_id }) => {
      const target = realm.users.get(user_id);
      if (!target || target.is_system_bot) throw badRequest('No such user');
      return { status: statusToWire(target.status) };
    },
  }),
];
