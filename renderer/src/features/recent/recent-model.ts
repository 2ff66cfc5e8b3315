import type { Message } from '../../api/model';

/**
 * Recent conversations are built from messages: pages of GET /messages (newest first, paged back
 * in time) and live message events. What is kept per message is what the view needs, so moves and
 * deletions apply exactly; the conversations are derived from it.
 */

export interface RecentMessage {
  id: number;
  senderId: number;
  timestamp: number;
  streamId?: number;
  topic?: string;
  /** Direct messages: the other participants, ascending (empty: notes to self). */
  userIds?: number[];
}

export interface RecentData {
  /** Ascending by id, no duplicates. */
  messages: RecentMessage[];
  /** The server said there is nothing older. */
  foundOldest: boolean;
}

export interface RecentConversation {
  key: string;
  kind: 'topic' | 'dm';
  streamId?: number;
  topic?: string;
  userIds?: number[];
  newestId: number;
  /** Of the newest message, seconds since the epoch. */
  timestamp: number;
  /** Senders, the most recent first. */
  participants: number[];
  /** The user sent a message here (every direct-message conversation counts: the user is in it). */
  participated: boolean;
}

export function recentMessageOf(message: Message, selfId: number | undefined): RecentMessage {
  const base = { id: message.id, senderId: message.sender_id, timestamp: message.timestamp };
  if (message.type === 'stream') return { ...base, streamId: message.stream_id, topic: message.subject };
  const recipients = Array.isArray(message.display_recipient) ? message.display_recipient : [];
  return {
    ...base,
    userIds: recipients
      .map((r) => r.id)
      .filter((id) => id !== selfId)
      .sort((a, b) => a - b),
  };
}

export function conversationKey(m: Pick<RecentMessage, 'streamId' | 'topic' | 'userIds'>): string {
  // Topics differing only in case are one topic, as the server treats them.
  if (m.userIds) return `dm:${m.userIds.join(',')}`;
  return `topic:${m.streamId ?? -1}:${(m.topic ?? '').toLowerCase()}`;
}

/** Adds messages (any order; ones already known are replaced); `data` itself when nothing changes. */
export function mergeMessages(
  data: RecentData,
  incoming: readonly RecentMessage[],
  foundOldest = data.foundOldest,
): RecentData {
  if (incoming.length === 0) return foundOldest === data.foundOldest ? data : { ...data, foundOldest };
  const last = data.messages[data.messages.length - 1];
  const sorted = [...incoming].sort((a, b) => a.id - b.id);
  // The usual live case: newer than everything known, appended.
  if (!last || sorted[0]!.id > last.id) return { messages: [...data.messages, ...sorted], foundOldest };
  const byId = new Map(data.messages.map((m) => [m.id, m]));
  for (const m of sorted) byId.set(m.id, m);
  return { messages: [...byId.values()].sort((a, b) => a.id - b.id), foundOldest };
}

/** Messages moved to another channel and/or topic. */
export function moveMessages(
  data: RecentData,
  ids: ReadonlySet<number>,
  to: { streamId?: number; topic?: string },
): RecentData {
  let changed = false;
  const messages = data.messages.map((m) => {
    if (!ids.has(m.id) || m.userIds) return m;
    changed = true;
    return { ...m, streamId: to.streamId ?? m.streamId, topic: to.topic ?? m.topic };
  });
  return changed ? { ...data, messages } : data;
}

export function removeMessages(data: RecentData, ids: ReadonlySet<number>): RecentData {
  const messages = data.messages.filter((m) => !ids.has(m.id));
  return messages.length === data.messages.length ? data : { ...data, messages };
}

/** The conversations the messages belong to, the most recently active first. */
export function recentConversations(
  messages: readonly RecentMessage[],
  selfId: number | undefined,
): RecentConversation[] {
  const byKey = new Map<string, RecentConversation>();
  const list: RecentConversation[] = [];
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    const key = conversationKey(m);
    let c = byKey.get(key);
    if (!c) {
      c = {
        key,
        kind: m.userIds ? 'dm' : 'topic',
        ...(m.userIds ? { userIds: m.userIds } : { streamId: m.streamId, topic: m.topic }),
        newestId: m.id,
        timestamp: m.timestamp,
        participants: [],
        participated: Boolean(m.userIds),
      };
      byKey.set(key, c);
      list.push(c);
    }
    if (!c.participants.includes(m.senderId)) c.participants.push(m.senderId);
    if (m.senderId === selfId) c.participated = true;
  }
  return list;
}

export interface RecentFilters {
  participated: boolean;
  unread: boolean;
  includeMuted: boolean;
}

/**
 * The conversations the view lists: as in the real service, only those of channels the user is
 * subscribed to (a channel left, or only read, has none here, whatever the filters), and DMs.
 */
export function filterConversations(
  list: readonly RecentConversation[],
  filters: RecentFilters,
  unreadOf: (c: RecentConversation) => number,
  isMuted: (c: RecentConversation) => boolean,
  isSubscribed: (streamId: number) => boolean,
): RecentConversation[] {
  return list.filter(
    (c) =>
      (c.kind === 'dm' || isSubscribed(c.streamId!)) &&
      (!filters.participated || c.participated) &&
      (!filters.unread || unreadOf(c) > 0) &&
      (filters.includeMuted || !isMuted(c)),
  );
}
