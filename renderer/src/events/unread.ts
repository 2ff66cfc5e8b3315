import type { InitialState, UnreadMsgs } from '../api/model';

/** Pure helpers over `unread_msgs` (POST /register), used by the message and flag reducers. */

export function emptyUnread(): UnreadMsgs {
  return { streams: [], pms: [], huddles: [], mentions: [] };
}

export interface UnreadTarget {
  type: 'stream' | 'private';
  stream_id?: number;
  topic?: string;
  /** For DMs: every participant except the current user. */
  otherUserIds?: number[];
}

export function addUnread(state: InitialState, id: number, target: UnreadTarget): InitialState {
  const unread = state.unread_msgs ?? emptyUnread();
  if (target.type === 'stream' && target.stream_id !== undefined) {
    const topic = target.topic ?? '';
    const streams = [...unread.streams];
    const index = streams.findIndex((e) => e.stream_id === target.stream_id && e.topic === topic);
    if (index >= 0) {
      const entry = streams[index]!;
      if (entry.unread_message_ids.includes(id)) return state;
      streams[index] = {
        ...entry,
        unread_message_ids: [...entry.unread_message_ids, id].sort((a, b) => a - b),
      };
    } else {
      streams.push({ stream_id: target.stream_id, topic, unread_message_ids: [id] });
    }
    return { ...state, unread_msgs: { ...unread, streams } };
  }
  const others = target.otherUserIds ?? [];
  if (others.length <= 1) {
    const other = others[0] ?? state.user_id ?? 0;
    const pms = [...unread.pms];
    const index = pms.findIndex((e) => (e.other_user_id ?? e.sender_id) === other);
    if (index >= 0) {
      const entry = pms[index]!;
      if (entry.unread_message_ids.includes(id)) return state;
      pms[index] = { ...entry, unread_message_ids: [...entry.unread_message_ids, id] };
    } else pms.push({ other_user_id: other, unread_message_ids: [id] });
    return { ...state, unread_msgs: { ...unread, pms } };
  }
  const key = [...others, state.user_id ?? 0].sort((a, b) => a - b).join(',');
  const huddles = [...unread.huddles];
  const index = huddles.findIndex((e) => e.user_ids_string === key);
  if (index >= 0) {
    const entry = huddles[index]!;
    if (entry.unread_message_ids.includes(id)) return state;
    huddles[index] = { ...entry, unread_message_ids: [...entry.unread_message_ids, id] };
  } else huddles.push({ user_ids_string: key, unread_message_ids: [id] });
  return { ...state, unread_msgs: { ...unread, huddles } };
}

export function removeUnread(state: InitialState, ids: Iterable<number>): InitialState {
  const unread = state.unread_msgs;
  if (!unread) return state;
  const gone = new Set(ids);
  if (gone.size === 0) return state;
  const strip = <T extends { unread_message_ids: number[] }>(list: T[]): T[] =>
    list
      .map((e) => {
        const kept = e.unread_message_ids.filter((id) => !gone.has(id));
        return kept.length === e.unread_message_ids.length ? e : { ...e, unread_message_ids: kept };
      })
      .filter((e) => e.unread_message_ids.length > 0);
  return {
    ...state,
    unread_msgs: {
      ...unread,
      streams: strip(unread.streams),
      pms: strip(unread.pms),
      huddles: strip(unread.huddles),
      mentions: (unread.mentions ?? []).filter((id) => !gone.has(id)),
    },
  };
}

export function clearAllUnread(state: InitialState): InitialState {
  return { ...state, unread_msgs: { ...emptyUnread(), ...{ count: 0 } } };
}

/** Moves unread ids to another channel/topic (message moves). */
export function moveUnread(
  state: InitialState,
  ids: number[],
  streamId: number,
  topic: string,
): InitialState {
  const unread = state.unread_msgs;
  if (!unread) return state;
  const moving = new Set(ids);
  const present = unread.streams.flatMap((e) => e.unread_message_ids.filter((id) => moving.has(id)));
  if (present.length === 0) return state;
  let next = removeUnread(state, present);
  for (const id of present) next = addUnread(next, id, { type: 'stream', stream_id: streamId, topic });
  return next;
}

export interface UnreadCounts {
  byChannel: Map<number, number>;
  byTopic: Map<string, number>;
  byDm: Map<string, number>;
  total: number;
}

export const topicCountKey = (streamId: number, topic: string) => `${streamId}\u0000${topic.toLowerCase()}`;

/**
 * Counts for the sidebar; DM keys are the sorted ids of the other participants. A channel's count
 * leaves out its muted topics (their own counts are still kept, shown dimmed).
 */
export function unreadCounts(
  state: InitialState | undefined,
  isTopicMuted: (streamId: number, topic: string) => boolean = () => false,
): UnreadCounts {
  const byChannel = new Map<number, number>();
  const byTopic = new Map<string, number>();
  const byDm = new Map<string, number>();
  let total = 0;
  const unread = state?.unread_msgs;
  if (!unread) return { byChannel, byTopic, byDm, total };
  for (const e of unread.streams) {
    const n = e.unread_message_ids.length;
    if (!isTopicMuted(e.stream_id, e.topic))
      byChannel.set(e.stream_id, (byChannel.get(e.stream_id) ?? 0) + n);
    const key = topicCountKey(e.stream_id, e.topic);
    byTopic.set(key, (byTopic.get(key) ?? 0) + n);
    total += n;
  }
  for (const e of unread.pms) {
    const key = String(e.other_user_id ?? e.sender_id);
    byDm.set(key, (byDm.get(key) ?? 0) + e.unread_message_ids.length);
    total += e.unread_message_ids.length;
  }
  for (const e of unread.huddles) {
    const key = e.user_ids_string
      .split(',')
      .map(Number)
      .filter((id) => id !== state?.user_id)
      .sort((a, b) => a - b)
      .join(',');
    byDm.set(key, (byDm.get(key) ?? 0) + e.unread_message_ids.length);
    total += e.unread_message_ids.length;
  }
  return { byChannel, byTopic, byDm, total };
}
