import type { Virtualizer } from '@tanstack/react-virtual';
import { useMemo } from 'react';
import type { Message } from '../../api/model';
import type { FeedAnchor, Narrow } from '../../api/narrow';
import { useSelfId } from '../../app/realm';
import { useInitialState } from '../../app/session';
import { useNarrowStore } from '../../state/narrow';
import { useSubscriptions } from '../channels/hooks';
import { topicHidden, topicPolicies } from '../inbox/inbox-model';
import { firstUnreadId } from './first-unread';

/** The narrow's first unread message id, kept current by the events. */
export function useFirstUnreadId(narrow: Narrow): number | null {
  const unread = useInitialState((s) => s.unread_msgs);
  const userTopics = useInitialState((s) => s.user_topics);
  const selfId = useSelfId();
  const channels = useSubscriptions();
  return useMemo(() => {
    const policies = topicPolicies(userTopics);
    const muted = new Set(channels.filter((c) => c.is_muted).map((c) => c.stream_id));
    return firstUnreadId(narrow, {
      unread,
      selfId,
      hiddenTopic: (streamId, topic) => topicHidden(policies, muted.has(streamId), streamId, topic),
    });
  }, [narrow, unread, userTopics, selfId, channels]);
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
