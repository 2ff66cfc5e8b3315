import { ApiError, badRequest } from '../http/errors';
import type { Realm } from './realm';
import { userRef, type User } from './users';
import { interestedUserIds, readableMessage, type Message, type Reaction } from './messages';
import { emojiByName, SERVICE_EXTRA_EMOJI, unicodeEmoji, type ReactionType } from './emoji';

const REACTION_TYPES: readonly ReactionType[] = ['unicode_emoji', 'realm_emoji', 'service_extra_emoji'];

export function checkReactionType(value: string | undefined): ReactionType | undefined {
  if (value === undefined) return undefined;
  if (!(REACTION_TYPES as readonly string[]).includes(value)) throw badRequest('Invalid reaction type');
  return value as ReactionType;
}

/** Validate that name, code and type agree (part 7: a bad code is "Invalid emoji code"). */
function checkEmoji(realm: Realm, name: string, code: string, type: ReactionType): void {
  if (type === 'realm_emoji') {
    const e = realm.emoji.get(Number(code));
    if (!e || e.deactivated || !/^\d+$/.test(code)) throw badRequest('Invalid emoji code');
    if (e.name !== name) throw badRequest('Invalid custom emoji name.');
    return;
  }
  if (type === 'service_extra_emoji') {
    if (!SERVICE_EXTRA_EMOJI.has(code)) throw badRequest('Invalid emoji code');
    if (code !== name) throw badRequest('Invalid emoji name.');
    return;
  }
  const names = unicodeEmoji().namesByCode.get(code);
  if (!names) throw badRequest('Invalid emoji code');
  if (!names.includes(name)) throw badRequest('Invalid emoji name.');
}

function publishReaction(
  realm: Realm,
  user: User,
  message: Message,
  op: 'add' | 'remove',
  r: Reaction,
): void {
  realm.events.publish(interestedUserIds(realm, message), {
    type: 'reaction',
    op,
    message_id: message.id,
    emoji_name: r.emoji_name,
    emoji_code: r.emoji_code,
    reaction_type: r.reaction_type,
    user_id: user.user_id,
    user: userRef(user),
  });
}

/** POST /messages/{id}/reactions (4.17). */
export function addReaction(
  realm: Realm,
  user: User,
  messageId: number,
  emojiName: string,
  emojiCode: string | undefined,
  reactionType: ReactionType | undefined,
): void {
  const message = readableMessage(realm, user, messageId);
  let code = emojiCode;
  let type = reactionType;
  if (code === undefined || type === undefined) {
    const found = emojiByName(realm, emojiName);
    if (code === undefined) {
      if (!found) throw badRequest(`Emoji '${emojiName}' does not exist`);
      code = found.code;
      type ??= found.type;
    }
    // A code without a type: take the name's type, else assume unicode (before feature level 2).
    type ??= found?.type ?? 'unicode_emoji';
  }
  if (
    message.reactions.some(
      (r) => r.user_id === user.user_id && r.emoji_code === code && r.reaction_type === type,
    )
  ) {
    throw new ApiError('Reaction already exists.', 'REACTION_ALREADY_EXISTS');
  }
  // Upvoting a reaction someone already made (maybe under an older name mapping) skips name validation.
  const existing = message.reactions.find((r) => r.emoji_code === code && r.reaction_type === type);
  if (!existing) checkEmoji(realm, emojiName, code, type);
  const reaction: Reaction = {
    emoji_name: existing?.emoji_name ?? emojiName,
    emoji_code: code,
    reaction_type: type,
    user_id: user.user_id,
  };
  message.reactions.push(reaction);
  publishReaction(realm, user, message, 'add', reaction);
}

/** DELETE /messages/{id}/reactions. */
export function removeReaction(
  realm: Realm,
  user: User,
  messageId: number,
  emojiName: string | undefined,
  emojiCode: string | undefined,
  reactionType: ReactionType | undefined,
): void {
  const message = readableMessage(realm, user, messageId);
  let code = emojiCode;
  let type = reactionType;
  if (code === undefined) {
    if (emojiName === undefined)
      throw badRequest('At least one of the following arguments must be present: emoji_name, emoji_code');
    const found = emojiByName(realm, emojiName);
    // Someone may have reacted under a name that no longer maps: look among the message's own reactions.
    const own = message.reactions.find((r) => r.user_id === user.user_id && r.emoji_name === emojiName);
    if (!found && !own) throw badRequest(`Emoji '${emojiName}' does not exist`);
    code = own?.emoji_code ?? found!.code;
    type ??= own?.reaction_type ?? found!.type;
  }
  type ??= 'unicode_emoji';
  const idx = message.reactions.findIndex(
    (r) => r.user_id === user.user_id && r.emoji_code === code && r.reaction_type === type,
  );
  if (idx < 0) throw new ApiError("Reaction doesn't exist.", 'REACTION_DOES_NOT_EXIST');
  const [removed] = message.reactions.splice(idx, 1);
  publishReaction(realm, user, message, 'remove', removed!);
}
