import type { InitialState, UnreadMessages } from '../api/model';
import { dmConversationKey } from '../api/dm-participants';
import { mentionedByFlags } from '../api/mention-flags';
import { topicHidden, topicKey, topicPolicies } from '../features/inbox/inbox-model';

/** Pure helpers over `unread_msgs` (POST /register), used by the message and flag reducers. */

export function emptyUnread(): UnreadMessages {
  return { streams: [], pms: [], huddles: [], mentions: [] };
}

export interface UnreadTarget {
  type: 'stream' | 'private';
  stream_id?: number;
  topic?: string;
  /** For DMs: every participant except the current user. */
  otherUserIds?: number[];
}

export interface UnreadAddition {
  id: number;
  target: UnreadTarget;
  /** The user is mentioned in it (directly, by a group, or by a wildcard): it goes in `mentions` too. */
  mentioned?: boolean;
}

/**
 * Whether a new unread message goes in `unread_msgs.mentions`, by the rule the server follows for
 * that list: a direct mention (or a group's) anywhere, a wildcard mention outside muted
 * conversations.
 */
export function inUnreadMentions(
  state: InitialState,
  flags: readonly string[],
  target: UnreadTarget,
): boolean {
  if (flags.includes('mentioned')) return true;
  if (!mentionedByFlags(flags)) return false;
  if (target.type !== 'stream' || target.stream_id === undefined) return true;
  const channel = state.subscriptions?.find((c) => c.stream_id === target.stream_id);
  const channelMuted = channel ? (channel.is_muted ?? channel.in_home_view === false) : false;
  return !topicHidden(topicPolicies(state.user_topics), channelMuted, target.stream_id, target.topic ?? '');
}

export function addUnread(
  state: InitialState,
  id: number,
  target: UnreadTarget,
  mentioned = false,
): InitialState {
  return addUnreads(state, [{ id, target, mentioned }]);
}

/**
 * Adds many unread ids at once. Ids are grouped by conversation first and each conversation's list
 * is merged and sorted once, so marking thousands of messages unread stays linear, not quadratic.
 * Returns the same state object when every id was already unread.
 */
export function addUnreads(state: InitialState, additions: Iterable<UnreadAddition>): InitialState {
  const selfId = state.user_id ?? 0;
  const byTopic = new Map<string, { stream_id: number; topic: string; ids: number[] }>();
  const byDm = new Map<number, number[]>();
  const byGroupDm = new Map<string, number[]>();
  const mentioned: number[] = [];
  for (const { id, target, mentioned: mentions } of additions) {
    if (mentions) mentioned.push(id);
    if (target.type === 'stream' && target.stream_id !== undefined) {
      const topic = target.topic ?? '';
      const key = `${target.stream_id}\u0000${topic}`;
      const group = byTopic.get(key) ?? { stream_id: target.stream_id, topic, ids: [] };
      group.ids.push(id);
      byTopic.set(key, group);
      continue;
    }
    const others = target.otherUserIds ?? [];
    if (others.length <= 1) pushTo(byDm, others[0] ?? selfId, id);
    else pushTo(byGroupDm, [...others, selfId].sort((a, b) => a - b).join(','), id);
  }

  const unread = state.unread_msgs ?? emptyUnread();
  let changed = false;
  const merge = <T extends { unread_message_ids: number[] }>(entry: T, added: number[] | undefined): T => {
    if (!added) return entry;
    const merged = mergeIds(entry.unread_message_ids, added);
    if (merged === entry.unread_message_ids) return entry;
    changed = true;
    return { ...entry, unread_message_ids: merged };
  };

  // Only the entries of the channels something is added to are looked at: a big organization has
  // tens of thousands of unread topics, and a new message touches one.
  const addedChannels = new Set([...byTopic.values()].map((group) => group.stream_id));
  const streams = (unread.streams ?? []).map((entry) => {
    if (!addedChannels.has(entry.stream_id)) return entry;
    const key = `${entry.stream_id}\u0000${entry.topic}`;
    const added = byTopic.get(key)?.ids;
    byTopic.delete(key);
    return merge(entry, added);
  });
  for (const group of byTopic.values()) {
    changed = true;
    streams.push({
      stream_id: group.stream_id,
      topic: group.topic,
      unread_message_ids: mergeIds([], group.ids),
    });
  }

  const pms = (unread.pms ?? []).map((entry) => {
    const other = entry.other_user_id ?? entry.sender_id;
    if (other === undefined) return entry;
    const added = byDm.get(other);
    byDm.delete(other);
    return merge(entry, added);
  });
  for (const [other, ids] of byDm) {
    changed = true;
    pms.push({ other_user_id: other, unread_message_ids: mergeIds([], ids) });
  }

  const huddles = (unread.huddles ?? []).map((entry) => {
    const added = byGroupDm.get(entry.user_ids_string);
    byGroupDm.delete(entry.user_ids_string);
    return merge(entry, added);
  });
  for (const [key, ids] of byGroupDm) {
    changed = true;
    huddles.push({ user_ids_string: key, unread_message_ids: mergeIds([], ids) });
  }

  const mentionsBefore = unread.mentions ?? [];
  const mentions = mentioned.length > 0 ? mergeIds(mentionsBefore, mentioned) : mentionsBefore;
  if (mentions !== mentionsBefore) changed = true;
  return changed ? { ...state, unread_msgs: { ...unread, streams, pms, huddles, mentions } } : state;
}

function pushTo<K>(map: Map<K, number[]>, key: K, id: number): void {
  const list = map.get(key);
  if (list) list.push(id);
  else map.set(key, [id]);
}

/** `existing` itself when nothing is new; otherwise the union, ascending. */
function mergeIds(existing: number[], added: number[]): number[] {
  const union = new Set(existing);
  const before = union.size;
  for (const id of added) union.add(id);
  if (union.size === before && existing.length > 0) return existing;
  return [...union].sort((a, b) => a - b);
}

/**
 * The state without the unread ids `ids`; the very same state when none of them was unread. Every
 * message read sends one; on a big organization the unread state holds 50,000 ids in 10,000
 * conversations, so only the conversations whose id range holds one of `ids` are looked into,
 * and the others (and the lists holding them) keep their identity.
 */
export function removeUnread(state: InitialState, ids: Iterable<number>): InitialState {
  const unread = state.unread_msgs;
  if (!unread) return state;
  const gone = new Set(ids);
  if (gone.size === 0) return state;
  // A few ids (a message read, a page seen) sorted let each conversation be passed over by its id
  // range; for many (a whole narrow marked read) sorting costs more than looking into every one.
  const sorted = gone.size <= RANGE_CHECK_MAX_IDS ? Float64Array.from(gone).sort() : null;
  const streams = withoutIds(unread.streams ?? [], gone, sorted);
  const pms = withoutIds(unread.pms ?? [], gone, sorted);
  const huddles = withoutIds(unread.huddles ?? [], gone, sorted);
  const mentions = unread.mentions ?? [];
  const keptMentions = mentions.some((id) => gone.has(id))
    ? mentions.filter((id) => !gone.has(id))
    : mentions;
  if (
    streams === unread.streams &&
    pms === unread.pms &&
    huddles === unread.huddles &&
    keptMentions === unread.mentions
  )
    return state;
  return { ...state, unread_msgs: { ...unread, streams, pms, huddles, mentions: keptMentions } };
}

const RANGE_CHECK_MAX_IDS = 1000;

/**
 * `list` without the ids of `gone`, entries left empty dropped; `list` itself when no entry held
 * one. An entry's ids are kept ascending, so one whose range holds none of `sorted` (the same ids,
 * ascending; null when there were too many to sort) is passed over without looking at its ids.
 */
function withoutIds<T extends { unread_message_ids: number[] }>(
  list: T[],
  gone: ReadonlySet<number>,
  sorted: Float64Array | null,
): T[] {
  let out: T[] | null = null;
  for (let i = 0; i < list.length; i++) {
    const entry = list[i]!;
    const ids = entry.unread_message_ids;
    const kept =
      ids.length > 0 && (sorted === null || anyBetween(sorted, ids[0]!, ids[ids.length - 1]!))
        ? ids.filter((id) => !gone.has(id))
        : ids;
    if (ids.length > 0 && kept.length === ids.length) {
      out?.push(entry);
      continue;
    }
    out ??= list.slice(0, i);
    if (kept.length > 0) out.push({ ...entry, unread_message_ids: kept });
  }
  return out ?? list;
}

/** Whether ascending `sorted` holds a value from `low` to `high`. */
function anyBetween(sorted: Float64Array, low: number, high: number): boolean {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < low) lo = mid + 1;
    else hi = mid;
  }
  return lo < sorted.length && sorted[lo]! <= high;
}

export function clearAllUnread(state: InitialState): InitialState {
  return { ...state, unread_msgs: { ...emptyUnread(), ...{ count: 0 } } };
}

/** Moves unread ids to another channel/topic (message moves); a moved mention stays one. */
export function moveUnread(
  state: InitialState,
  ids: number[],
  streamId: number,
  topic: string,
): InitialState {
  const unread = state.unread_msgs;
  if (!unread) return state;
  const moving = new Set(ids);
  const present = (unread.streams ?? []).flatMap((e) => e.unread_message_ids.filter((id) => moving.has(id)));
  if (present.length === 0) return state;
  const mentions = new Set(unread.mentions ?? []);
  return addUnreads(
    removeUnread(state, present),
    present.map((id) => ({
      id,
      target: { type: 'stream' as const, stream_id: streamId, topic },
      mentioned: mentions.has(id),
    })),
  );
}

/**
 * An unread message's place in `unread_msgs.mentions` after an edit, from the flags the edit's
 * event gives for it: a mention typed in makes it one, a mention taken out stops it being one.
 * A message that is not unread is left alone.
 */
export function updateUnreadMention(state: InitialState, id: number, flags: readonly string[]): InitialState {
  const unread = state.unread_msgs;
  if (!unread) return state;
  const topicEntry = (unread.streams ?? []).find((e) => e.unread_message_ids.includes(id));
  const inDm =
    !topicEntry &&
    [...(unread.pms ?? []), ...(unread.huddles ?? [])].some((e) => e.unread_message_ids.includes(id));
  if (!topicEntry && !inDm) return state;
  const target: UnreadTarget = topicEntry
    ? { type: 'stream', stream_id: topicEntry.stream_id, topic: topicEntry.topic }
    : { type: 'private' };
  const wanted = inUnreadMentions(state, flags, target);
  const mentions = unread.mentions ?? [];
  if (wanted === mentions.includes(id)) return state;
  return {
    ...state,
    unread_msgs: {
      ...unread,
      mentions: wanted ? mergeIds(mentions, [id]) : mentions.filter((m) => m !== id),
    },
  };
}

export interface UnreadCounts {
  byChannel: Map<number, number>;
  byTopic: Map<string, number>;
  byDm: Map<string, number>;
  total: number;
}

export const topicCountKey = topicKey;

/**
 * Counts for the sidebar; DM keys are the sorted ids of the other participants. A channel's count
 * leaves out its muted topics, a muted channel's included unless unmuted or followed (their own
 * counts are still kept, shown dimmed).
 */
export function unreadCounts(
  state: Pick<InitialState, 'unread_msgs' | 'user_id'> | undefined,
  isTopicHidden: (streamId: number, topic: string) => boolean = () => false,
  {
    topicsIn,
  }: {
    /**
     * The channels whose topics get counts in `byTopic` (the sidebar lists one channel's topics,
     * Recent conversations those of its rows; counting every unread topic on each change is most of
     * the work on a big organization). Every channel's by default.
     */
    topicsIn?: ReadonlySet<number>;
  } = {},
): UnreadCounts {
  const byChannel = new Map<number, number>();
  const byTopic = new Map<string, number>();
  const byDm = new Map<string, number>();
  let total = 0;
  const unread = state?.unread_msgs;
  if (!unread) return { byChannel, byTopic, byDm, total };
  for (const e of unread.streams ?? []) {
    const n = e.unread_message_ids.length;
    if (!isTopicHidden(e.stream_id, e.topic))
      byChannel.set(e.stream_id, (byChannel.get(e.stream_id) ?? 0) + n);
    total += n;
    if (topicsIn && !topicsIn.has(e.stream_id)) continue;
    const key = topicCountKey(e.stream_id, e.topic);
    byTopic.set(key, (byTopic.get(key) ?? 0) + n);
  }
  const dms = dmUnreadCounts(unread.pms, unread.huddles, state?.user_id);
  return { byChannel, byTopic, byDm: dms.byDm, total: total + dms.total };
}

/** One channel's unread counts by topic (keys as `topicCountKey`), hidden topics included. */
export function channelTopicUnreadCounts(
  unread: InitialState['unread_msgs'] | undefined,
  streamId: number | null,
): Map<string, number> {
  const byTopic = new Map<string, number>();
  if (streamId === null) return byTopic;
  for (const e of unread?.streams ?? []) {
    if (e.stream_id !== streamId) continue;
    const key = topicCountKey(e.stream_id, e.topic);
    byTopic.set(key, (byTopic.get(key) ?? 0) + e.unread_message_ids.length);
  }
  return byTopic;
}

type DmUnreads = NonNullable<InitialState['unread_msgs']>;

/**
 * The direct-message part of `unreadCounts`, from the two lists alone: the DM sidebar selects only
 * these, so a channel message (the most common event) neither re-renders it nor makes it count
 * the unread topics of every channel.
 */
export function dmUnreadCounts(
  pms: DmUnreads['pms'] | undefined,
  huddles: DmUnreads['huddles'] | undefined,
  selfId: number | undefined,
): Pick<UnreadCounts, 'byDm' | 'total'> {
  const byDm = new Map<string, number>();
  let total = 0;
  for (const e of pms ?? []) {
    const key = String(e.other_user_id ?? e.sender_id);
    byDm.set(key, (byDm.get(key) ?? 0) + e.unread_message_ids.length);
    total += e.unread_message_ids.length;
  }
  for (const e of huddles ?? []) {
    const key = dmConversationKey(e.user_ids_string.split(',').map(Number), selfId);
    byDm.set(key, (byDm.get(key) ?? 0) + e.unread_message_ids.length);
    total += e.unread_message_ids.length;
  }
  return { byDm, total };
}
