import type { Realm } from '../realm/realm';
import type { Channel } from '../realm/channels';
import { activeSubscriberIds } from '../realm/subscriptions';
import { insertMessage, type Message } from '../realm/messages';
import { flagState } from '../realm/message-flags';

/** Deterministic pseudo-random numbers, so every start of a seed gives the same organization. */
export function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Add a channel message without events (seeding only). `recipients` defaults to current subscribers + sender. */
export function seedChannelMessage(
  realm: Realm,
  channel: Channel,
  senderId: number,
  topic: string,
  content: string,
  timestamp: number,
  recipients?: readonly number[],
): Message {
  const subs = recipients ?? [...new Set([...activeSubscriberIds(channel), senderId])].sort((a, b) => a - b);
  const message: Message = {
    id: realm.nextId('message'),
    sender_id: senderId,
    type: 'stream',
    stream_id: channel.stream_id,
    topic,
    dm_user_ids: [],
    recipients: subs,
    content,
    timestamp,
    last_edit_timestamp: null,
    last_moved_timestamp: null,
    edits: [],
    reactions: [],
    client: 'website',
  };
  insertMessage(realm, message);
  return message;
}

export function seedDirectMessage(
  realm: Realm,
  senderId: number,
  to: number[],
  content: string,
  timestamp: number,
): Message {
  const users = [...new Set([senderId, ...to])].sort((a, b) => a - b);
  const message: Message = {
    id: realm.nextId('message'),
    sender_id: senderId,
    type: 'private',
    stream_id: null,
    topic: '',
    dm_user_ids: users,
    recipients: users,
    content,
    timestamp,
    last_edit_timestamp: null,
    last_moved_timestamp: null,
    edits: [],
    reactions: [],
    client: 'website',
  };
  insertMessage(realm, message);
  return message;
}

/** Mark a message unread for its recipients other than the sender. */
export function markUnread(realm: Realm, message: Message, except: number[] = []): void {
  for (const id of message.recipients) {
    if (id !== message.sender_id && !except.includes(id)) flagState(realm, id).unread.add(message.id);
  }
}
