import type { Virtualizer } from '@tanstack/react-virtual';
import { useMemo } from 'react';
import type { Message } from '../../api/model';
import type { FeedAnchor, Narrow } from '../../api/narrow';
import { useSelfId } from '../../app/realm';
import { useInitialState } from '../../app/session';
import { useNarrowStore } from '../../state/narrow';
import { useSubscriptions } from '../channels/hooks';
import { topicHidden, topicPolicies } from '../inbox/inbox-model';
import { firstUnreadId, unreadAfter, type UnreadSource } from './first-unread';

/** The register state's unread data and what the combined feed leaves out, kept current by the events. */
function useUnreadSource(): UnreadSource {
  const unread = useInitialState((s) => s.unread_msgs);
  const userTopics = useInitialState((s) => s.user_topics);
  const selfId = useSelfId();
  const channels = useSubscriptions();
  return useMemo(() => {
    const policies = topicPolicies(userTopics);
    const muted = new Set(channels.filter((c) => c.is_muted).map((c) => c.stream_id));
    return {
      unread,
      selfId,
      hiddenTopic: (streamId, topic) => topicHidden(policies, muted.has(streamId), streamId, topic),
    };
  }, [unread, userTopics, selfId, channels]);
}

/** The narrow's first unread message id, kept current by the events. */
export function useFirstUnreadId(narrow: Narrow): number | null {
  const source = useUnreadSource();
  return useMemo(() => firstUnreadId(narrow, source), [narrow, source]);
}

/**
 * The narrow's unread messages newer than `afterId` (how many, and the oldest), for a feed whose
 * window stops short of the newest message; null without `afterId`, or when the unread data cannot
 * answer for the narrow (starred, search).
 */
export function useUnreadAfter(
  narrow: Narrow,
  afterId: number | undefined,
): { count: number; first: number | null } | null {
  const source = useUnreadSource();
  return useMemo(
    () => (afterId === undefined ? null : unreadAfter(narrow, source, afterId)),
    [narrow, source, afterId],
  );
}

/**
 * "Jump to first unread": offered once the feed has opened, while the narrow's first unread
 * message is above the view, or older than anything loaded (then the feed opens again at it).
 */
export function useFirstUnreadJump(
  narrow: Narrow,
  anchor: FeedAnchor,
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  feed: {
    messages: readonly Message[];
    settled: boolean;
    select: (id: number) => void;
    /** The narrow's first unread message (useFirstUnreadId, computed once for the feed). */
    firstId: number | null;
  },
): { show: boolean; jump: () => void } {
  const { messages, settled, select, firstId } = feed;
  const index = useMemo(
    () => (firstId === null ? -1 : messages.findIndex((m) => m.id === firstId)),
    [messages, firstId],
  );
  const oldestLoaded = messages[0]?.id;
  let show = false;
  if (settled && firstId !== null && oldestLoaded !== undefined) {
    if (index >= 0) {
      const row = virtualizer.measurementsCache[index];
      show = row !== undefined && row.end <= (virtualizer.scrollOffset ?? 0) + 1;
    } else show = firstId < oldestLoaded;
  }
  const jump = () => {
    if (firstId === null) return;
    select(firstId);
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'start' });
    // Not loaded: open the conversation at it (by its id, or at the first unread when already there).
    else useNarrowStore.getState().select(narrow, anchor === firstId ? null : firstId);
  };
  return { show, jump };
}
