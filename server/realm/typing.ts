import { badRequest } from '../http/errors';
import type { Realm } from './realm';
import { canAccessContent } from './channels';
import { activeSubscriberIds } from './subscriptions';
import type { User } from './users';
import { canReadMessage, interestedUserIds } from './messages';

export interface TypingRequest {
  type: 'direct' | 'stream' | 'channel';
  op: 'start' | 'stop';
  to?: number[];
  streamId?: number;
  topic?: string;
}

function receivers(realm: Realm, ids: Iterable<number>): number[] {
  return [...ids].filter((id) => realm.users.get(id)?.settings.receives_typing_notifications === true);
}

/**
 * POST /typing (4.4). The server keeps no typing state: it only fans the notification out to users whose
 * `receives_typing_notifications` is on.
 */
export function sendTyping(realm: Realm, user: User, req: TypingRequest): void {
  const sender = { user_id: user.user_id, email: user.email };
  if (req.type === 'direct') {
    if (req.to === undefined) throw badRequest("Missing 'to' argument");
    if (req.to.length === 0) throw badRequest("Empty 'to' list");
    for (const id of req.to) {
      const u = realm.users.get(id);
      if (!u || !u.is_active || u.is_system_bot) throw badRequest(`Invalid user ID ${id}`);
    }
    if (!user.settings.send_private_typing_notifications) {
      throw badRequest('User has disabled typing notifications for direct messages');
    }
    const all = [...new Set([user.user_id, ...req.to])].sort((a, b) => a - b);
    realm.events.publish(receivers(realm, all), {
      type: 'typing',
      op: req.op,
      message_type: 'direct',
      sender,
      recipients: all.map((id) => ({ user_id: id, email: realm.users.get(id)!.email })),
    });
    return;
  }
  if (req.streamId === undefined) throw badRequest('Missing channel ID');
  if (req.topic === undefined) throw badRequest('Missing topic');
  const channel = realm.channels.get(req.streamId);
  if (!channel || !canAccessContent(realm, user, channel)) throw badRequest('Invalid channel ID');
  if (!user.settings.send_stream_typing_notifications) {
    throw badRequest('User has disabled typing notifications for channel messages');
  }
  const raw = req.topic.trim();
  const topic = raw === '(no topic)' || raw === realm.emptyTopicDisplayName ? '' : raw;
  realm.events.publish(receivers(realm, activeSubscriberIds(channel)), {
    type: 'typing',
    op: req.op,
    message_type: 'stream',
    sender,
    stream_id: channel.stream_id,
    topic,
  });
}

/**
 * POST /messages/{message_id}/typing: someone is editing a message. Everyone who may read the message
 * and receives typing notifications hears about it (`typing_edit_message`, spec part 6).
 */
export function sendEditTyping(realm: Realm, user: User, messageId: number, op: 'start' | 'stop'): void {
  const message = realm.messagesById.get(messageId);
  if (!message || !canReadMessage(realm, user, message)) throw badRequest('Invalid message(s)');
  const recipient =
    message.type === 'stream'
      ? { type: 'channel', channel_id: message.stream_id, topic: message.topic }
      : { type: 'direct', user_ids: message.dm_user_ids };
  realm.events.publish(receivers(realm, interestedUserIds(realm, message)), {
    type: 'typing_edit_message',
    op,
    sender_id: user.user_id,
    message_id: message.id,
    recipient,
  });
}
