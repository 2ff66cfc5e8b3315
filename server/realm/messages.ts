import { badRequest, type ApiError } from '../http/errors';
import type { Realm } from './realm';
import type { Channel } from './channels';
import { canAccessContent } from './channels';
import { isSubscribed } from './subscriptions';
import { flagState, hasCopy, isUnread } from './message-flags';
import { groupMemberIds } from './groups';
import { isGuest } from './roles';
import { avatarUrl, type User } from './users';
import { renderMarkdown, isMeMessage, topicLinks, type MentionInfo } from '../render/markdown';
import type { ReactionType } from './emoji';
import { isMutedBy } from './muted-users';
import { channelTopicLists, directMessageList, topicMessageList } from './message-index';

export interface Reaction {
  emoji_name: string;
  emoji_code: string;
  reaction_type: ReactionType;
  user_id: number;
}

/** One edit, as stored (values after the edit plus what it replaced). */
export interface EditRecord {
  user_id: number | null;
  timestamp: number;
  topic?: string;
  prev_topic?: string;
  stream?: number;
  prev_stream?: number;
  content?: string;
  prev_content?: string;
  prev_rendered_content?: string;
  rendered_content?: string;
}

export interface Message {
  id: number;
  sender_id: number;
  type: 'stream' | 'private';
  /** null for direct messages. */
  stream_id: number | null;
  /** '' for direct messages; may be '' for channel messages too (empty topic). */
  topic: string;
  /** Direct messages: every participant, sorted, sender included. */
  dm_user_ids: number[];
  /**
   * Users holding a personal copy (received it at send time, or sent it). Seeds may share one array
   * between many messages: treat as immutable, replace rather than mutate.
   */
  recipients: readonly number[];
  content: string;
  timestamp: number;
  last_edit_timestamp: number | null;
  last_moved_timestamp: number | null;
  edits: EditRecord[];
  reactions: Reaction[];
  client: string;
  rendered?: { epoch: number; html: string; mentions: MentionInfo };
}

export function insertMessage(realm: Realm, message: Message): void {
  const last = realm.messages.at(-1);
  if (last && last.id > message.id) throw new Error('messages must be inserted in id order');
  realm.messages.push(message);
  realm.messagesById.set(message.id, message);
  realm.reserveId('message', message.id);
}

/**
 * Rendered content: rendered once (when sent, or first read for seeded messages) and kept until an
 * edit, as the real service stores it.
 */
export function rendered(realm: Realm, message: Message): { html: string; mentions: MentionInfo } {
  if (!message.rendered || message.rendered.epoch !== realm.renderEpoch) {
    const r = renderMarkdown(realm, message.content);
    message.rendered = { epoch: realm.renderEpoch, html: r.html, mentions: r.mentions };
  }
  return message.rendered;
}

export function messageChannel(realm: Realm, message: Message): Channel | undefined {
  return message.stream_id === null ? undefined : realm.channels.get(message.stream_id);
}

/**
 * Whether `user` may read `message`. Direct messages: participants. Channel messages: holders of a copy;
 * otherwise content access to the channel, and for protected history only messages sent after the
 * user subscribed (spec 4.1 rule 6, 4.18).
 */
export function canReadMessage(
  realm: Realm,
  user: User,
  message: Message,
  opts: { ignoreCopy?: boolean } = {},
): boolean {
  if (message.type === 'private') return message.dm_user_ids.includes(user.user_id);
  if (!opts.ignoreCopy && hasCopy(message, user.user_id)) return true;
  const channel = messageChannel(realm, message);
  if (!channel) return false;
  if (!canAccessContent(realm, user, channel)) return false;
  if (!channel.invite_only) return !isGuest(user) || isSubscribed(channel, user.user_id);
  if (!isSubscribed(channel, user.user_id)) return false;
  if (channel.history_public_to_subscribers) return true;
  const sub = channel.subscriptions.get(user.user_id)!;
  return message.id >= sub.first_accessible_message_id;
}

/** Whether a channel message mentions `userId` directly or through a group. */
export function mentionFlags(realm: Realm, message: Message, userId: number): string[] {
  // Every mention starts with "@": skip rendering (costly over a large history) when there is none.
  if (!message.content.includes('@')) return [];
  const m = rendered(realm, message).mentions;
  const flags: string[] = [];
  let mentioned = m.userIds.has(userId);
  if (!mentioned) for (const g of m.groupIds) if (groupMemberIds(realm, g).has(userId)) mentioned = true;
  if (mentioned) flags.push('mentioned');
  if (m.streamWildcard && message.type === 'stream')
    flags.push('stream_wildcard_mentioned', 'wildcard_mentioned');
  else if (m.streamWildcard) flags.push('wildcard_mentioned');
  if (m.topicWildcard && message.type === 'stream') flags.push('topic_wildcard_mentioned');
  return flags;
}

export function messageFlags(realm: Realm, userId: number, message: Message): string[] {
  const state = realm.flagStates.get(userId);
  const starred = state?.starred.has(message.id) ?? false;
  if (!hasCopy(message, userId)) return starred ? ['read', 'historical', 'starred'] : ['read', 'historical'];
  const flags: string[] = [];
  if (!isUnread(realm, userId, message.id)) flags.push('read');
  if (starred) flags.push('starred');
  if (state?.collapsed.has(message.id)) flags.push('collapsed');
  flags.push(...mentionFlags(realm, message, userId));
  return flags;
}

export interface WireOptions {
  applyMarkdown?: boolean;
  /**
   * Accepted for completeness: every avatar here is served by this server (source `U`), never a
   * gravatar, so `avatar_url` is always present.
   */
  clientGravatar?: boolean;
  /** When false, the empty topic reads as `realm_empty_topic_display_name`. */
  allowEmptyTopicName?: boolean;
}

export function displayTopic(realm: Realm, topic: string, allowEmpty: boolean): string {
  return topic === '' && !allowEmpty ? realm.emptyTopicDisplayName : topic;
}

/** The message object of GET /messages and message events. */
export function messageToWire(
  realm: Realm,
  viewer: User,
  message: Message,
  opts: WireOptions = {},
): Record<string, unknown> {
  const sender = realm.users.get(message.sender_id)!;
  const applyMarkdown = opts.applyMarkdown ?? true;
  const out: Record<string, unknown> = {
    id: message.id,
    sender_id: sender.user_id,
    sender_email: sender.email,
    sender_full_name: sender.full_name,
    sender_realm_str: 'organization',
    avatar_url: avatarUrl(realm, sender),
    client: message.client,
    content: applyMarkdown ? rendered(realm, message).html : message.content,
    content_type: applyMarkdown ? 'text/html' : 'text/x-markdown',
    is_me_message: isMeMessage(message.content),
    timestamp: message.timestamp,
    type: message.type,
    reactions: message.reactions.map((r) => reactionToWire(realm, r)),
    submessages: [],
    flags: messageFlags(realm, viewer.user_id, message),
  };
  if (message.last_edit_timestamp !== null) out.last_edit_timestamp = message.last_edit_timestamp;
  if (message.last_moved_timestamp !== null) out.last_moved_timestamp = message.last_moved_timestamp;
  const history = editHistoryToWire(realm, message, opts.allowEmptyTopicName ?? false);
  if (history.length > 0) out.edit_history = history;
  if (message.type === 'stream') {
    const channel = messageChannel(realm, message)!;
    out.stream_id = channel.stream_id;
    out.display_recipient = channel.name;
    out.recipient_id = 100000 + channel.stream_id;
    out.subject = displayTopic(realm, message.topic, opts.allowEmptyTopicName ?? false);
    out.topic_links = topicLinks(realm, message.topic);
  } else {
    out.display_recipient = message.dm_user_ids.map((id) => {
      const u = realm.users.get(id)!;
      return { id: u.user_id, email: u.email, full_name: u.full_name, is_mirror_dummy: false };
    });
    out.recipient_id = 200000 + (message.dm_user_ids.reduce((a, b) => a * 31 + b, 0) % 100000);
    out.subject = '';
    out.topic_links = [];
  }
  return out;
}

/**
 * A message's `edit_history`, as the real service stores and sends it in message objects: newest
 * edit first, each with what it replaced (`prev_*`) and, for moves, where to. Shown as far as the
 * organization's `message_edit_history_visibility_policy` allows: with `moves`, content edits are
 * left out (or stripped from an edit that also moved the message).
 */
export function editHistoryToWire(
  realm: Realm,
  message: Message,
  allowEmptyTopicName: boolean,
): Record<string, unknown>[] {
  const policy = realm.settings.message_edit_history_visibility_policy;
  if (policy === 'none') return [];
  const out: Record<string, unknown>[] = [];
  for (const e of [...message.edits].reverse()) {
    const moved = e.prev_topic !== undefined || e.prev_stream !== undefined;
    const contentEdited = e.prev_content !== undefined;
    if (policy === 'moves' && !moved) continue;
    const entry: Record<string, unknown> = { user_id: e.user_id, timestamp: e.timestamp };
    if (e.prev_topic !== undefined) {
      entry.prev_topic = displayTopic(realm, e.prev_topic, allowEmptyTopicName);
      entry.topic = displayTopic(realm, e.topic ?? '', allowEmptyTopicName);
    }
    if (e.prev_stream !== undefined) {
      entry.prev_stream = e.prev_stream;
      entry.stream = e.stream;
    }
    if (contentEdited && policy === 'all') {
      entry.prev_content = e.prev_content;
      entry.prev_rendered_content = e.prev_rendered_content;
    }
    out.push(entry);
  }
  return out;
}

/** A reaction in a message: `user_id` only (the `user` object went at level 328). */
export function reactionToWire(_realm: Realm, r: Reaction): Record<string, unknown> {
  return {
    emoji_name: r.emoji_name,
    emoji_code: r.emoji_code,
    reaction_type: r.reaction_type,
    user_id: r.user_id,
  };
}

/** Users who should hear about changes to a message: holders of a copy plus current subscribers who can read it. */
export function interestedUserIds(realm: Realm, message: Message): Set<number> {
  const out = new Set<number>(message.recipients);
  if (message.type === 'stream') {
    const channel = messageChannel(realm, message);
    if (channel) {
      for (const sub of channel.subscriptions.values()) {
        if (!sub.active) continue;
        const u = realm.users.get(sub.user_id);
        if (u && canReadMessage(realm, u, message)) out.add(u.user_id);
      }
    }
  }
  return out;
}

/** Messages of one topic (case-insensitive, as the service compares topic names). */
export function topicMessages(realm: Realm, streamId: number, topic: string): Message[] {
  return [...topicMessageList(realm, streamId, topic)];
}

export function invalidMessage(): ApiError {
  return badRequest('Invalid message(s)');
}

/** A message the user may read; a missing one and an unreadable one are refused alike. */
export function readableMessage(realm: Realm, user: User, messageId: number): Message {
  const message = realm.messagesById.get(messageId);
  if (!message || !canReadMessage(realm, user, message)) throw invalidMessage();
  return message;
}

/**
 * GET /users/me/{stream_id}/topics (4.18): the channel's topics the user can read, newest first, each
 * named as its newest message names it.
 */
export function channelTopics(
  realm: Realm,
  user: User,
  streamId: number,
  allowEmptyTopicName: boolean,
): { name: string; max_id: number }[] {
  const channel = realm.channels.get(streamId);
  if (!channel || !canAccessContent(realm, user, channel)) throw badRequest('Invalid channel ID');
  const topics: { name: string; max_id: number }[] = [];
  for (const messages of channelTopicLists(realm, streamId).values()) {
    for (let i = messages.length - 1; i >= 0; i--) {
      const m = messages[i]!;
      if (!canReadMessage(realm, user, m)) continue;
      topics.push({ name: displayTopic(realm, m.topic, allowEmptyTopicName), max_id: m.id });
      break;
    }
  }
  return topics.sort((a, b) => b.max_id - a.max_id);
}

/** A new message is unread for its recipients, except `except` and those who muted its sender. */
export function markUnreadForRecipients(realm: Realm, message: Message, except: number): void {
  for (const id of message.recipients)
    if (id !== except && !isMutedBy(realm, id, message.sender_id))
      flagState(realm, id).unread.add(message.id);
}

/**
 * POST /register's `recent_private_conversations` (public API): one entry per direct-message
 * conversation of the user, newest first, with the other participants' IDs (empty for a
 * conversation with oneself) and the conversation's newest message ID.
 */
export function recentPrivateConversations(
  realm: Realm,
  userId: number,
  limit = 1000,
): { max_message_id: number; user_ids: number[] }[] {
  const newestByConversation = new Map<string, { max_message_id: number; user_ids: number[] }>();
  for (const message of directMessageList(realm)) {
    if (!message.dm_user_ids.includes(userId)) continue;
    const others = message.dm_user_ids.filter((id) => id !== userId);
    const key = others.join(',');
    const known = newestByConversation.get(key);
    if (!known || known.max_message_id < message.id)
      newestByConversation.set(key, { max_message_id: message.id, user_ids: others });
  }
  return [...newestByConversation.values()]
    .sort((a, b) => b.max_message_id - a.max_message_id)
    .slice(0, limit);
}
