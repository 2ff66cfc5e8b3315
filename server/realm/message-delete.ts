import { badRequest } from '../http/errors';
import { userInGroupSetting } from './groups';
import { dropMessageIndex } from './message-index';
import { interestedUserIds, readableMessage, type Message } from './messages';
import type { Realm } from './realm';
import type { User } from './users';

/**
 * DELETE /messages/{message_id}, as the real service has it (the spec names no deletion): anyone in
 * `can_delete_any_message_group` deletes any message they can read; a sender in
 * `can_delete_own_message_group` deletes their own within `message_content_delete_limit_seconds`
 * (null: no limit). Everyone who had the message gets `delete_message`.
 */
export function deleteMessage(realm: Realm, user: User, messageId: number): void {
  const message = readableMessage(realm, user, messageId);
  const settings = realm.settings;
  if (!userInGroupSetting(realm, user, settings.can_delete_any_message_group)) {
    if (
      message.sender_id !== user.user_id ||
      !userInGroupSetting(realm, user, settings.can_delete_own_message_group)
    )
      throw badRequest("You don't have permission to delete this message");
    const limit = settings.message_content_delete_limit_seconds;
    if (limit !== null && realm.now() - message.timestamp > limit)
      throw badRequest('The time limit for deleting this message has passed');
  }
  const recipients = interestedUserIds(realm, message);
  removeMessages(realm, [message]);
  realm.events.publish(recipients, deletionEvent(message, [message.id]));
}

/** `delete_message` for messages of one conversation, named by `sample` (one of them). */
export function deletionEvent(sample: Message, ids: number[]) {
  return {
    type: 'delete_message' as const,
    message_ids: ids,
    message_type: sample.type,
    ...(sample.type === 'stream' ? { stream_id: sample.stream_id, topic: sample.topic } : {}),
  };
}

/** Drops messages from the organization: its list, its index and every user's flags. */
export function removeMessages(realm: Realm, messages: readonly Message[]): void {
  if (messages.length === 0) return;
  const ids = new Set(messages.map((m) => m.id));
  for (const id of ids) realm.messagesById.delete(id);
  // One pass over the list, in place: a topic's thousands of messages are not spliced one by one.
  let kept = 0;
  for (const m of realm.messages) if (!ids.has(m.id)) realm.messages[kept++] = m;
  realm.messages.length = kept;
  for (const state of realm.flagStates.values())
    for (const flags of [state.unread, state.starred, state.collapsed]) dropAll(flags, ids);
  dropMessageIndex(realm);
}

/** Removes `ids` from `set`, walking whichever of the two is smaller. */
function dropAll(set: Set<number>, ids: Set<number>): void {
  if (set.size === 0) return;
  if (set.size < ids.size) {
    for (const id of set) if (ids.has(id)) set.delete(id);
  } else for (const id of ids) set.delete(id);
}
