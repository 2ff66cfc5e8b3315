import type { Message } from './messages';
import type { Realm } from './realm';

/**
 * Messages grouped by channel and by topic (each list ascending by id, as `realm.messages`), so
 * that narrows, topic lists and channel statistics look at one channel's messages rather than the
 * whole history (a million messages in the huge seed). Built on first use and caught up with
 * `realm.messages` on each use (messages are only ever appended); anything that changes a message's channel or topic drops it (`dropMessageIndex`).
 */
export interface MessageIndex {
  byChannel: Map<number, Message[]>;
  /** Channel id → lowercased topic → messages (topics compare case-insensitively). */
  byTopic: Map<number, Map<string, Message[]>>;
  /** Direct messages. */
  direct: Message[];
  /** How many of `realm.messages` are indexed: messages pushed past it are added on the next use. */
  count: number;
}

const indexes = new WeakMap<Realm, MessageIndex>();

function add(index: MessageIndex, message: Message): void {
  index.count++;
  if (message.stream_id === null) {
    index.direct.push(message);
    return;
  }
  let channel = index.byChannel.get(message.stream_id);
  if (!channel) index.byChannel.set(message.stream_id, (channel = []));
  channel.push(message);
  let topics = index.byTopic.get(message.stream_id);
  if (!topics) index.byTopic.set(message.stream_id, (topics = new Map()));
  const key = message.topic.toLowerCase();
  let topic = topics.get(key);
  if (!topic) topics.set(key, (topic = []));
  topic.push(message);
}

export function messageIndex(realm: Realm): MessageIndex {
  let index = indexes.get(realm);
  if (!index) {
    index = { byChannel: new Map(), byTopic: new Map(), direct: [], count: 0 };
    indexes.set(realm, index);
  }
  // Appends since the last use (insertMessage keeps this at zero; tests may push directly).
  const messages = realm.messages;
  while (index.count < messages.length) add(index, messages[index.count]!);
  return index;
}

/** Messages changed channel or topic: the index is rebuilt on its next use. */
export function dropMessageIndex(realm: Realm): void {
  indexes.delete(realm);
}

const NONE: readonly Message[] = [];

export function channelMessageList(realm: Realm, streamId: number): readonly Message[] {
  return messageIndex(realm).byChannel.get(streamId) ?? NONE;
}

export function topicMessageList(realm: Realm, streamId: number, topic: string): readonly Message[] {
  return messageIndex(realm).byTopic.get(streamId)?.get(topic.toLowerCase()) ?? NONE;
}

/** The channel's topics: lowercased name → its messages. */
export function channelTopicLists(realm: Realm, streamId: number): ReadonlyMap<string, readonly Message[]> {
  return messageIndex(realm).byTopic.get(streamId) ?? new Map();
}

export function directMessageList(realm: Realm): readonly Message[] {
  return messageIndex(realm).direct;
}
