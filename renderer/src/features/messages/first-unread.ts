import type { UnreadMessages } from '../../api/model';
import type { Narrow } from '../../api/narrow';

/** What a narrow's unread messages are computed from. */
export interface UnreadSource {
  unread: UnreadMessages | undefined;
  selfId: number | undefined;
  /** For the combined feed: whether a topic's messages are left out (muted), as the server does. */
  hiddenTopic?: (streamId: number, topic: string) => boolean;
}

/**
 * The unread id lists (each ascending) that make up a narrow's unread messages, from the register
 * state's unread data (kept current by the events), or null when the narrow is not one the data
 * can answer for (starred, search).
 */
function unreadLists(narrow: Narrow, source: UnreadSource): (readonly number[])[] | null {
  const { unread, selfId } = source;
  if (!unread) return [];
  switch (narrow.kind) {
    case 'topic': {
      const topic = narrow.topic.toLowerCase();
      return (unread.streams ?? [])
        .filter((e) => e.stream_id === narrow.streamId && e.topic.toLowerCase() === topic)
        .map((e) => e.unread_message_ids);
    }
    case 'channel':
      return (unread.streams ?? [])
        .filter((e) => e.stream_id === narrow.streamId)
        .map((e) => e.unread_message_ids);
    case 'dm': {
      const others = narrow.userIds.filter((id) => id !== selfId);
      if (others.length <= 1) {
        const other = others[0] ?? selfId;
        return (unread.pms ?? [])
          .filter((e) => (e.other_user_id ?? e.sender_id) === other)
          .map((e) => e.unread_message_ids);
      }
      const key = [...others, selfId ?? 0].sort((a, b) => a - b).join(',');
      return (unread.huddles ?? []).filter((e) => e.user_ids_string === key).map((e) => e.unread_message_ids);
    }
    case 'all':
      return [
        ...(unread.streams ?? [])
          .filter((e) => !source.hiddenTopic?.(e.stream_id, e.topic))
          .map((e) => e.unread_message_ids),
        ...[...(unread.pms ?? []), ...(unread.huddles ?? [])].map((e) => e.unread_message_ids),
      ];
    case 'starred':
    case 'search':
      return null;
  }
}

/** Index of the first id greater than `afterId` in an ascending list. */
function firstIndexAfter(ids: readonly number[], afterId: number): number {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (ids[middle]! > afterId) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * The narrow's unread messages newer than `afterId`: how many, and the oldest of them; null when
 * the data cannot answer for the narrow (starred, search).
 */
export function unreadAfter(
  narrow: Narrow,
  source: UnreadSource,
  afterId: number,
): { count: number; first: number | null } | null {
  const lists = unreadLists(narrow, source);
  if (!lists) return null;
  let count = 0;
  let first: number | null = null;
  for (const ids of lists) {
    const index = firstIndexAfter(ids, afterId);
    count += ids.length - index;
    const id = ids[index];
    if (id !== undefined && (first === null || id < first)) first = id;
  }
  return { count, first };
}

/**
 * The oldest unread message of a narrow, or null when it has none or the narrow is not one the
 * unread data can answer for (starred, search).
 */
export function firstUnreadId(narrow: Narrow, source: UnreadSource): number | null {
  return unreadAfter(narrow, source, 0)?.first ?? null;
}
