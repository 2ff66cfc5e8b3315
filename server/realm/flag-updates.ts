import { badRequest } from '../http/errors';
import type { Realm } from './realm';
import type { User } from './users';
import { canAccessContent } from './channels';
import { canReadMessage, mentionFlags, topicMessages, type Message } from './messages';
import { EDITABLE_FLAGS, NON_EDITABLE_FLAGS, hasCopy, setFlag } from './message-flags';
import { isSubscribed } from './subscriptions';
import { isTopicMuted } from './user-topics';

export function checkFlag(flag: string): string {
  if ((EDITABLE_FLAGS as readonly string[]).includes(flag)) return flag;
  if ((NON_EDITABLE_FLAGS as readonly string[]).includes(flag))
    throw badRequest(`Flag not editable: '${flag}'`);
  throw badRequest(`Invalid flag: '${flag}'`);
}

export interface FlagUpdateResult {
  updated: number[];
  ignoredChannels: number[];
}

/**
 * Apply `op` of `flag` to the given messages for `user`. For `read` removal, channel messages in
 * channels the user is not subscribed to are skipped and their channels reported (4.13).
 */
export function updateFlags(
  realm: Realm,
  user: User,
  messages: Message[],
  op: 'add' | 'remove',
  flag: string,
): FlagUpdateResult {
  const updated: number[] = [];
  const ignored = new Set<number>();
  for (const m of messages) {
    if (flag === 'read') {
      if (op === 'remove' && m.type === 'stream') {
        const channel = realm.channels.get(m.stream_id!);
        if (!channel || !isSubscribed(channel, user.user_id)) {
          ignored.add(m.stream_id!);
          continue;
        }
      }
      if (!hasCopy(m, user.user_id)) {
        // Without a personal copy a message is always read. Marking unread a message of a subscribed channel
        // the user never received (history from before subscribing) gives them a copy first, as the public
        // docs describe for historical messages; only unsubscribed channels are skipped (4.13, part 3).
        if (op === 'add') continue;
        m.recipients = [...m.recipients, user.user_id].sort((a, b) => a - b);
      }
    }
    if (setFlag(realm, user.user_id, m.id, flag, op === 'add')) updated.push(m.id);
  }
  if (updated.length > 0) publishFlagUpdate(realm, user, updated, op, flag);
  return { updated, ignoredChannels: [...ignored].sort((a, b) => a - b) };
}

/** The update_message_flags event, to the user's own clients only. */
export function publishFlagUpdate(
  realm: Realm,
  user: User,
  ids: number[],
  op: 'add' | 'remove',
  flag: string,
): void {
  const event: Record<string, unknown> = {
    type: 'update_message_flags',
    op,
    operation: op,
    flag,
    messages: ids,
    all: false,
  };
  if (flag === 'read' && op === 'remove') {
    const details: Record<string, unknown> = {};
    for (const id of ids) {
      const m = realm.messagesById.get(id)!;
      const mentioned = mentionFlags(realm, m, user.user_id).length > 0;
      if (m.type === 'stream') {
        const channel = realm.channels.get(m.stream_id!);
        details[id] = {
          type: 'stream',
          stream_id: m.stream_id,
          topic: m.topic,
          unmuted_stream_msg:
            !(channel?.subscriptions.get(user.user_id)?.is_muted ?? false) &&
            !isTopicMuted(realm, user.user_id, m.stream_id!, m.topic),
          ...(mentioned ? { mentioned: true } : {}),
        };
      } else {
        details[id] = {
          type: 'private',
          user_ids: m.dm_user_ids.filter((u) => u !== user.user_id),
          ...(mentioned ? { mentioned: true } : {}),
        };
      }
    }
    event.message_details = details;
  }
  realm.events.publish([user.user_id], event as { type: string });
}

/** Messages by id that the user may read, or "Invalid message(s)". */
export function readableMessages(realm: Realm, user: User, ids: number[]): Message[] {
  return ids.map((id) => {
    const m = realm.messagesById.get(id);
    if (!m || !canReadMessage(realm, user, m)) throw badRequest('Invalid message(s)');
    return m;
  });
}

/** POST /mark_topic_as_read: the user's unread copies in a topic of a channel they can read. */
export function markTopicAsRead(realm: Realm, user: User, streamId: number, topicName: string): void {
  const channel = realm.channels.get(streamId);
  if (!channel || !canAccessContent(realm, user, channel)) throw badRequest('Invalid channel ID');
  const topic = topicName === realm.emptyTopicDisplayName ? '' : topicName;
  // As the real service: the topic exists for this user when they hold a message of it.
  const own = topicMessages(realm, channel.stream_id, topic).filter((m) => hasCopy(m, user.user_id));
  if (own.length === 0) throw badRequest(`No such topic '${topic}'`);
  const unread = realm.flagStates.get(user.user_id)?.unread;
  const targets = own.filter((m) => unread?.has(m.id) ?? false);
  updateFlags(realm, user, targets, 'add', 'read');
}
