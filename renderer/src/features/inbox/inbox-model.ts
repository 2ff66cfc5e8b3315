import memoizeOne from 'memoize-one';
import type { InitialState, Subscription, UserTopic } from '../../api/model';

type UnreadMsgs = NonNullable<InitialState['unread_msgs']>;

/**
 * The Inbox as rows: every conversation with unread messages, direct messages first, then one
 * group per channel in the left sidebar's order, each conversation newest unread first. Pure, so
 * it is tested without a screen and recomputed from the register state on every change.
 *
 * Only subscribed channels count, as in the real service (whose register state lists the unread
 * messages of subscribed channels alone): a channel left, or one the user was removed from, takes
 * its unread messages out of the Inbox and its counts. They are kept in the unread state, and come
 * back if the user joins again.
 */

export type InboxGroupId = 'dm' | `channel:${number}`;

/**
 * Which topics the Inbox lists (the real service's dropdown): all of them, the unmuted ones (the
 * default: neither muted nor in a muted channel unless unmuted or followed there), or the followed
 * ones. Direct messages are listed whichever is chosen.
 */
export type InboxTopicStatus = 'all' | 'unmuted' | 'followed';

export type InboxRow =
  | {
      kind: 'group';
      group: InboxGroupId;
      /** For channel groups. */
      streamId?: number;
      unread: number;
      mention: boolean;
      collapsed: boolean;
    }
  | {
      kind: 'dm';
      group: 'dm';
      /** The other participants, ascending; empty for the user's notes to self. */
      userIds: number[];
      unread: number;
      mention: boolean;
      /** Newest unread message id: the order within the group. */
      newest: number;
    }
  | {
      kind: 'topic';
      group: InboxGroupId;
      streamId: number;
      topic: string;
      unread: number;
      mention: boolean;
      newest: number;
      /** Listed only because all topics are asked for: shown dimmed. */
      muted?: boolean;
    };

export type InboxConversation = Extract<InboxRow, { kind: 'dm' | 'topic' }>;

export interface InboxInput {
  unread: UnreadMsgs | undefined;
  selfId: number | undefined;
  /** Subscribed channels in the sidebar's order. */
  channels: readonly Subscription[];
  userTopics: readonly UserTopic[] | undefined;
  collapsed: ReadonlySet<InboxGroupId>;
  /** Default `unmuted`. */
  topicStatus?: InboxTopicStatus;
  /** The Filter box's test, when something is typed: a group without a match is left out. */
  matches?: ((conversation: InboxConversation) => boolean) | null;
}

/** The ids of the subscribed channels, built once per version of the list (asked on every unread change). */
const subscribedIds = memoizeOne(
  (channels: readonly Subscription[]): ReadonlySet<number> => new Set(channels.map((c) => c.stream_id)),
);

const MUTED = 1;
const UNMUTED = 2;
const FOLLOWED = 3;

export const channelGroup = (streamId: number): InboxGroupId => `channel:${streamId}`;

/** Each topic's `visibility_policy`, by channel, then by topic name in lower case. */
export type TopicPolicies = ReadonlyMap<number, ReadonlyMap<string, number>>;

/**
 * The policies of a register state's `user_topics`, built once per version of the list (many ask
 * for them on each unread change). By channel first: most channels have none, and a topic there
 * is answered without folding its name.
 */
export const topicPolicies = memoizeOne((userTopics: readonly UserTopic[] | undefined): TopicPolicies => {
  const byChannel = new Map<number, Map<string, number>>();
  for (const t of userTopics ?? []) {
    let topics = byChannel.get(t.stream_id);
    if (!topics) byChannel.set(t.stream_id, (topics = new Map()));
    topics.set(t.topic_name.toLowerCase(), t.visibility_policy);
  }
  return byChannel;
});

/** A topic's policy (0, none, when the user set nothing), its name compared without regard to case. */
export function topicPolicy(policies: TopicPolicies, streamId: number, topic: string): number {
  const topics = policies.get(streamId);
  return topics ? (topics.get(topic.toLowerCase()) ?? 0) : 0;
}

/**
 * Whether a topic is left out as muted: a muted topic always is; in a muted channel, every topic
 * is unless the user unmuted or followed it.
 */
export function topicHidden(
  policies: TopicPolicies,
  channelMuted: boolean,
  streamId: number,
  topic: string,
): boolean {
  const policy = topicPolicy(policies, streamId, topic);
  if (policy === MUTED) return true;
  return channelMuted && policy !== UNMUTED && policy !== FOLLOWED;
}

/** One key per topic, the server's way: names differing only in letter case are one topic. */
export const topicKey = (streamId: number, topic: string) => `${streamId}\u0000${topic.toLowerCase()}`;

function maxOf(ids: readonly number[]): number {
  // Unread id lists are kept ascending; the last is the newest.
  return ids.length === 0 ? 0 : ids[ids.length - 1]!;
}

function countMentions(ids: readonly number[], mentions: ReadonlySet<number>): boolean {
  if (mentions.size === 0) return false;
  return ids.some((id) => mentions.has(id));
}

/** The conversations of the Inbox, grouped, before collapsing. */
export function inboxConversations(input: Omit<InboxInput, 'collapsed'>): {
  dms: InboxConversation[];
  byChannel: Map<number, InboxConversation[]>;
} {
  const { unread, selfId } = input;
  const dms: InboxConversation[] = [];
  const byChannel = new Map<number, InboxConversation[]>();
  if (!unread) return { dms, byChannel };
  const mentions = new Set(unread.mentions ?? []);

  // One-to-one and group conversations with the same people are one conversation.
  const dmByKey = new Map<string, InboxConversation & { kind: 'dm' }>();
  const addDm = (others: number[], ids: readonly number[]) => {
    if (ids.length === 0) return;
    const userIds = [...others].sort((a, b) => a - b);
    const key = userIds.join(',');
    const known = dmByKey.get(key);
    const mention = countMentions(ids, mentions);
    if (known) {
      known.unread += ids.length;
      known.mention ||= mention;
      known.newest = Math.max(known.newest, maxOf(ids));
    } else
      dmByKey.set(key, { kind: 'dm', group: 'dm', userIds, unread: ids.length, mention, newest: maxOf(ids) });
  };
  for (const e of unread.pms ?? []) {
    const other = e.other_user_id ?? e.sender_id;
    addDm(other === undefined || other === selfId ? [] : [other], e.unread_message_ids);
  }
  for (const e of unread.huddles ?? [])
    addDm(
      e.user_ids_string
        .split(',')
        .map(Number)
        .filter((id) => id !== selfId),
      e.unread_message_ids,
    );
  dms.push(...dmByKey.values());
  dms.sort((a, b) => b.newest - a.newest);

  const mutedChannels = new Set(input.channels.filter((c) => c.is_muted).map((c) => c.stream_id));
  const subscribed = subscribedIds(input.channels);
  const policies = topicPolicies(input.userTopics);
  // Topics differing only in case are one topic (as the server treats them).
  const topicByKey = new Map<string, InboxConversation & { kind: 'topic' }>();
  const status = input.topicStatus ?? 'unmuted';
  for (const e of unread.streams ?? []) {
    if (e.unread_message_ids.length === 0 || !subscribed.has(e.stream_id)) continue;
    const key = topicKey(e.stream_id, e.topic);
    if (status === 'followed' && topicPolicy(policies, e.stream_id, e.topic) !== FOLLOWED) continue;
    const hidden = topicHidden(policies, mutedChannels.has(e.stream_id), e.stream_id, e.topic);
    if (hidden && status === 'unmuted') continue;
    const known = topicByKey.get(key);
    const mention = countMentions(e.unread_message_ids, mentions);
    if (known) {
      known.unread += e.unread_message_ids.length;
      known.mention ||= mention;
      known.newest = Math.max(known.newest, maxOf(e.unread_message_ids));
      continue;
    }
    const row = {
      kind: 'topic' as const,
      group: channelGroup(e.stream_id),
      streamId: e.stream_id,
      topic: e.topic,
      unread: e.unread_message_ids.length,
      mention,
      newest: maxOf(e.unread_message_ids),
      ...(hidden ? { muted: true } : {}),
    };
    topicByKey.set(key, row);
    const list = byChannel.get(e.stream_id);
    if (list) list.push(row);
    else byChannel.set(e.stream_id, [row]);
  }
  for (const list of byChannel.values()) list.sort((a, b) => b.newest - a.newest);
  return { dms, byChannel };
}

/**
 * How many unread messages the Inbox lists: what `inboxConversations` adds up to, without building
 * its conversations (the sidebar's Inbox count runs on every change of the unread state, which in a
 * big organization holds 50,000 ids in thousands of conversations).
 */
export function inboxUnreadTotal(input: Omit<InboxInput, 'collapsed'>): number {
  const { unread } = input;
  if (!unread) return 0;
  let total = 0;
  for (const e of unread.pms ?? []) total += e.unread_message_ids.length;
  for (const e of unread.huddles ?? []) total += e.unread_message_ids.length;
  const mutedChannels = new Set(input.channels.filter((c) => c.is_muted).map((c) => c.stream_id));
  const subscribed = subscribedIds(input.channels);
  const policies = topicPolicies(input.userTopics);
  const mayHide = mutedChannels.size > 0 || policies.size > 0;
  for (const e of unread.streams ?? []) {
    if (!subscribed.has(e.stream_id)) continue;
    if (mayHide && topicHidden(policies, mutedChannels.has(e.stream_id), e.stream_id, e.topic)) continue;
    total += e.unread_message_ids.length;
  }
  return total;
}

/** The Inbox's rows: a header per group (with its totals), then its conversations unless collapsed. */
export function inboxRows(input: InboxInput): InboxRow[] {
  const { dms, byChannel } = inboxConversations(input);
  const rows: InboxRow[] = [];
  const { matches } = input;
  const addGroup = (group: InboxGroupId, all: InboxConversation[], streamId?: number) => {
    const list = matches ? all.filter(matches) : all;
    if (list.length === 0) return;
    const collapsed = input.collapsed.has(group);
    rows.push({
      kind: 'group',
      group,
      ...(streamId !== undefined ? { streamId } : {}),
      unread: list.reduce((n, c) => n + c.unread, 0),
      mention: list.some((c) => c.mention),
      collapsed,
    });
    if (!collapsed) rows.push(...list);
  };
  addGroup('dm', dms);
  for (const channel of input.channels)
    addGroup(channelGroup(channel.stream_id), byChannel.get(channel.stream_id) ?? [], channel.stream_id);
  return rows;
}
