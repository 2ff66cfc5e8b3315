import type { UnreadMessages } from '../../api/model';
import type { Narrow } from '../../api/narrow';

/** What the first unread message of a narrow is computed from. */
export interface UnreadSource {
  unread: UnreadMessages | undefined;
  selfId: number | undefined;
  /** For the combined feed: whether a topic's messages are left out (muted), as the server does. */
  hiddenTopic?: (streamId: number, topic: string) => boolean;
}

/**
 * The oldest unread message of a narrow, from the register state's unread data (kept current by
 * the events), or null when it has none or the narrow is not one the data can answer for
 * (starred, search). Unread id lists are ascending.
 */
export function firstUnreadId(narrow: Narrow, source: UnreadSource): number | null {
  const { unread, selfId } = source;
  if (!unread) return null;
  let first: number | null = null;
  const consider = (ids: readonly number[]) => {
    const id = ids[0];
    if (id !== undefined && (first === null || id < first)) first = id;
  };
  switch (narrow.kind) {
    case 'topic': {
      const topic = narrow.topic.toLowerCase();
      for (const e of unread.streams ?? [])
        if (e.stream_id === narrow.streamId && e.topic.toLowerCase() === topic)
          consider(e.unread_message_ids);
      return first;
    }
    case 'channel':
      for (const e of unread.streams ?? [])
        if (e.stream_id === narrow.streamId) consider(e.unread_message_ids);
      return first;
    case 'dm': {
      const others = narrow.userIds.filter((id) => id !== selfId);
      if (others.length <= 1) {
        const other = others[0] ?? selfId;
        for (const e of unread.pms ?? [])
          if ((e.other_user_id ?? e.sender_id) === other) consider(e.unread_message_ids);
        return first;
      }
      const key = [...others, selfId ?? 0].sort((a, b) => a - b).join(',');
      for (const e of unread.huddles ?? []) if (e.user_ids_string === key) consider(e.unread_message_ids);
      return first;
    }
    case 'all':
      for (const e of unread.streams ?? [])
        if (!source.hiddenTopic?.(e.stream_id, e.topic)) consider(e.unread_message_ids);
      for (const e of [...(unread.pms ?? []), ...(unread.huddles ?? [])]) consider(e.unread_message_ids);
      return first;
    case 'starred':
    case 'search':
      return null;
  }
}
