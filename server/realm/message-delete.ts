import { badRequest } from '../http/errors';
import { flagState } from './message-flags';
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
  removeMessage(realm, message);
  realm.events.publish(recipients, {
    type: 'delete_message',
    message_ids: [message.id],
    message_type: message.type,
    ...(message.type === 'stream' ? { stream_id: message.stream_id, topic: message.topic } : {}),
  });
}

function removeMessage(realm: Realm, message: Message): void {
  realm.messagesById.delete(message.id);
  const at = realm.messages.indexOf(message);
  if (at >= 0) realm.messages.splice(at, 1);
  for (const userId of realm.flagStates.keys()) {
    const state = flagState(realm, userId);
    state.unread.delete(message.id);
    state.starred.delete(message.id);
    state.collapsed.delete(message.id);
  }
  dropMessageIndex(realm);
}
