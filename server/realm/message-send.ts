import { ApiError, badRequest } from '../http/errors';
import type { Realm } from './realm';
import { topicMessageList } from './message-index';
import { canAccessContent, canSendToChannel, type Channel } from './channels';
import { activeSubscriberIds, isSubscribed } from './subscriptions';
import { userInGroupSetting } from './groups';
import { isGuest } from './roles';
import type { User } from './users';
import {
  canReadMessage,
  insertMessage,
  markUnreadForRecipients,
  messageToWire,
  type Message,
} from './messages';
import { relinkAttachments } from './uploads';
import { setFlag } from './message-flags';
import { truncateContent, truncateTopic } from './limits';
import { topicsRequired } from './settings';
import { renderMarkdown, type MentionInfo } from '../render/markdown';

export interface SendOptions {
  /** The sending client's queue and local id, echoed as `local_message_id` to that queue. */
  queueId?: string;
  localId?: string;
  readBySender?: boolean;
  client?: string;
  /** Internal senders (the notification bot) skip the posting permission checks. */
  internal?: boolean;
  /** The user whose action caused an internal notice: it arrives already read for them. */
  actingUserId?: number;
}

/**
 * A topic as the client sent it: trimmed, `realm_empty_topic_display_name` read as the empty topic
 * (spec part 1 rule 5), and refused when topics are required.
 */
export function normalizeTopic(realm: Realm, raw: string, opts: { noTopicAlias?: boolean } = {}): string {
  let topic = raw.trim();
  if (topic.includes('\0')) throw badRequest('Topic must not contain null bytes');
  if (topic === realm.emptyTopicDisplayName) topic = '';
  if (opts.noTopicAlias && topic === '(no topic)') topic = '';
  if (topicsRequired(realm.settings) && (topic === '' || topic === '(no topic)')) {
    throw badRequest('Topics are required in this organization.');
  }
  return truncateTopic(topic);
}

export function topicParticipants(realm: Realm, streamId: number, topic: string): Set<number> {
  const out = new Set<number>();
  for (const m of topicMessageList(realm, streamId, topic)) {
    out.add(m.sender_id);
    for (const r of m.reactions) out.add(r.user_id);
  }
  return out;
}

/**
 * Channel and topic wildcard mentions need `can_mention_many_users_group` when the channel has many
 * subscribers or the topic many participants (spec 4.1 rule 8, part 7).
 */
export function checkWildcardMentions(
  realm: Realm,
  user: User,
  channel: Channel,
  topic: string,
  mentions: MentionInfo,
): void {
  const limit = realm.server.wildcardMentionThreshold;
  const allowed = () => userInGroupSetting(realm, user, realm.settings.can_mention_many_users_group);
  if (mentions.streamWildcard && activeSubscriberIds(channel).length > limit && !allowed()) {
    throw new ApiError(
      'You do not have permission to use channel wildcard mentions in this channel.',
      'STREAM_WILDCARD_MENTION_NOT_ALLOWED',
    );
  }
  if (mentions.topicWildcard) {
    const participants = topicParticipants(realm, channel.stream_id, topic);
    participants.add(user.user_id);
    if (participants.size > limit && !allowed()) {
      throw new ApiError(
        'You do not have permission to use topic wildcard mentions in this topic.',
        'TOPIC_WILDCARD_MENTION_NOT_ALLOWED',
      );
    }
  }
}

/**
 * A message's text as the real service keeps it: trailing whitespace and leading blank lines
 * removed (leading spaces stay: they can start a code block), then cut to the maximum length.
 */
export function normalizeContent(raw: string): string {
  return truncateContent(raw.trimEnd().replace(/^\n+/, ''));
}

function checkContent(content: string): string {
  if (content.includes('\0')) throw badRequest('Message must not contain null bytes');
  if (content.trim() === '') throw badRequest('Message must not be empty');
  return normalizeContent(content);
}

/** Publish the message event to every holder of a copy, each with their own flags. */
export function publishMessage(realm: Realm, message: Message, opts: SendOptions): void {
  // Queues registered with `all_public_streams` also see public channel messages they did not receive.
  const channel = message.stream_id === null ? undefined : realm.channels.get(message.stream_id);
  const recipients = new Set(message.recipients);
  const watchers = new Set<number>();
  if (channel && !channel.invite_only)
    for (const u of realm.users.values())
      if (
        u.is_active &&
        !recipients.has(u.user_id) &&
        canReadMessage(realm, u, message, { ignoreCopy: true })
      )
        watchers.add(u.user_id);
  realm.events.publish([...message.recipients, ...watchers], (userId) => {
    const viewer = realm.users.get(userId);
    if (!viewer) return null;
    const wire = messageToWire(realm, viewer, message, { allowEmptyTopicName: true });
    const flags = wire.flags;
    delete wire.flags;
    return {
      type: 'message',
      message: wire,
      flags,
      __raw_content: message.content,
      __message_id: message.id,
      ...(watchers.has(userId) ? { __all_public_streams_only: true } : {}),
      ...(opts.queueId !== undefined ? { __sender_queue_id: opts.queueId } : {}),
      ...(opts.localId !== undefined ? { __local_id: opts.localId } : {}),
    };
  });
}

function newMessage(
  realm: Realm,
  init: Omit<
    Message,
    'id' | 'timestamp' | 'last_edit_timestamp' | 'last_moved_timestamp' | 'edits' | 'reactions'
  >,
): Message {
  return {
    ...init,
    id: realm.nextId('message'),
    timestamp: realm.now(),
    last_edit_timestamp: null,
    last_moved_timestamp: null,
    edits: [],
    reactions: [],
  };
}

/**
 * Whether `sender` may post `rawContent` to `channel` under `rawTopic`, with the send's errors;
 * the content and topic as they would be stored. Scheduling a message checks the same.
 */
export function checkChannelSend(
  realm: Realm,
  sender: User,
  channel: Channel,
  rawTopic: string,
  rawContent: string,
  opts: Pick<SendOptions, 'internal'> = {},
): { content: string; topic: string } {
  const content = checkContent(rawContent);
  const topic = normalizeTopic(realm, rawTopic);
  if (!opts.internal) {
    if (
      (isGuest(sender) && !isSubscribed(channel, sender.user_id)) ||
      !canAccessContent(realm, sender, channel)
    ) {
      throw badRequest(`Not authorized to send to channel '${channel.name}'`);
    }
    if (channel.is_archived) throw badRequest(`Not authorized to send to channel '${channel.name}'`);
    if (!canSendToChannel(realm, sender, channel))
      throw badRequest('You do not have permission to post in this channel.');
    checkWildcardMentions(realm, sender, channel, topic, renderMarkdown(realm, content).mentions);
  }
  return { content, topic };
}

/** The direct-message counterpart of `checkChannelSend`: the content as it would be stored. */
export function checkDirectSend(realm: Realm, recipientIds: number[], rawContent: string): string {
  const content = checkContent(rawContent);
  for (const id of recipientIds) {
    const u = realm.users.get(id);
    if (!u || u.is_system_bot) throw badRequest(`Invalid user ID ${id}`);
    if (!u.is_active) throw badRequest(`'${u.email}' is no longer using ${realm.settings.name}.`);
  }
  return content;
}

export function sendChannelMessage(
  realm: Realm,
  sender: User,
  channel: Channel,
  rawTopic: string,
  rawContent: string,
  opts: SendOptions = {},
): Message {
  const { content, topic } = checkChannelSend(realm, sender, channel, rawTopic, rawContent, opts);
  const recipients = [
    ...new Set([...activeSubscriberIds(channel), ...(opts.internal ? [] : [sender.user_id])]),
  ].sort((a, b) => a - b);
  const message = newMessage(realm, {
    sender_id: sender.user_id,
    type: 'stream',
    stream_id: channel.stream_id,
    topic,
    dm_user_ids: [],
    recipients,
    content,
    client: opts.client ?? 'website',
  });
  insertMessage(realm, message);
  relinkAttachments(realm, message.id, sender.user_id, content);
  markUnreadForRecipients(realm, message, opts.readBySender === false ? -1 : sender.user_id);
  if (opts.actingUserId !== undefined) setFlag(realm, opts.actingUserId, message.id, 'read', true);
  publishMessage(realm, message, opts);
  return message;
}

export function sendDirectMessage(
  realm: Realm,
  sender: User,
  recipientIds: number[],
  rawContent: string,
  opts: SendOptions = {},
): Message {
  const content = checkDirectSend(realm, recipientIds, rawContent);
  const users = [...new Set([sender.user_id, ...recipientIds])].sort((a, b) => a - b);
  const message = newMessage(realm, {
    sender_id: sender.user_id,
    type: 'private',
    stream_id: null,
    topic: '',
    dm_user_ids: users,
    recipients: users,
    content,
    client: opts.client ?? 'website',
  });
  insertMessage(realm, message);
  relinkAttachments(realm, message.id, sender.user_id, content);
  markUnreadForRecipients(realm, message, opts.readBySender === false ? -1 : sender.user_id);
  publishMessage(realm, message, opts);
  return message;
}

/**
 * Resolve a channel named by id or name. As in the real service, a channel the sender cannot access
 * is found here and refused when sending ("Not authorized to send to channel …").
 */
export function channelForSending(realm: Realm, to: string | number): Channel {
  const byId = typeof to === 'number' || /^\d+$/.test(String(to));
  const channel = byId
    ? realm.channels.get(Number(to))
    : [...realm.channels.values()].find((c) => c.name.toLowerCase() === String(to).toLowerCase());
  if (!channel) {
    throw byId
      ? new ApiError(`Channel with ID '${to}' does not exist`, 'STREAM_DOES_NOT_EXIST', 400, {
          stream_id: Number(to),
        })
      : new ApiError(`Channel '${to}' does not exist`, 'STREAM_DOES_NOT_EXIST', 400, { stream: String(to) });
  }
  return channel;
}
