import { useMemo } from 'react';
import { useInitialState } from '../../app/session';
import type { Subscription, UserTopic } from '../../api/model';
import { topicHidden, topicPolicies } from '../inbox/inbox-model';

/**
 * Channels in the sidebar's order: pinned first, then the others, muted ones at the bottom of
 * each (as in the real service), by name within; archived ones last.
 */
export function sidebarOrder(subs: readonly Subscription[] | undefined): Subscription[] {
  return [...(subs ?? [])].sort(
    (a, b) =>
      Number(Boolean(b.pin_to_top)) - Number(Boolean(a.pin_to_top)) ||
      Number(Boolean(a.is_archived)) - Number(Boolean(b.is_archived)) ||
      Number(Boolean(a.is_muted)) - Number(Boolean(b.is_muted)) ||
      a.name.localeCompare(b.name),
  );
}

/** Subscribed channels in the sidebar's order. */
export function useSubscriptions(): Subscription[] {
  const subs = useInitialState((s) => s.subscriptions);
  return useMemo(() => sidebarOrder(subs), [subs]);
}

/** Any channel the register state knows (subscribed or not), by id. */
export function useChannelIndex(): Map<number, Subscription> {
  const subs = useInitialState((s) => s.subscriptions);
  const unsub = useInitialState((s) => s.unsubscribed);
  const never = useInitialState((s) => s.never_subscribed);
  return useMemo(() => {
    const map = new Map<number, Subscription>();
    for (const c of [...(never ?? []), ...(unsub ?? []), ...(subs ?? [])]) map.set(c.stream_id, c);
    return map;
  }, [subs, unsub, never]);
}

/** The muted topics of a register state's `user_topics`, as a test (topic names without regard to case). */
export function mutedTopicTest(
  userTopics: readonly UserTopic[] | undefined,
): (streamId: number, topic: string) => boolean {
  const mutedTopics = (userTopics ?? []).filter((t) => t.visibility_policy === 1);
  const muted = new Set(mutedTopics.map((t) => `${t.stream_id}\u0000${t.topic_name.toLowerCase()}`));
  // Asked for every unread topic on each unread change: the topic's name is folded only in a
  // channel that has a muted topic at all.
  const channels = new Set(mutedTopics.map((t) => t.stream_id));
  return (streamId, topic) => channels.has(streamId) && muted.has(`${streamId}\u0000${topic.toLowerCase()}`);
}

export function useIsTopicMuted(): (streamId: number, topic: string) => boolean {
  const userTopics = useInitialState((s) => s.user_topics);
  return useMemo(() => mutedTopicTest(userTopics), [userTopics]);
}

/**
 * Whether a topic's unread messages are left out of its channel's count: a muted topic, or any
 * topic of a muted channel the user did not unmute or follow (muting a channel mutes its topics).
 */
export function useIsTopicHidden(): (streamId: number, topic: string) => boolean {
  const userTopics = useInitialState((s) => s.user_topics);
  const subs = useInitialState((s) => s.subscriptions);
  return useMemo(() => {
    const policies = topicPolicies(userTopics);
    const mutedChannels = new Set(subs?.filter((c) => c.is_muted).map((c) => c.stream_id));
    return (streamId, topic) => topicHidden(policies, mutedChannels.has(streamId), streamId, topic);
  }, [userTopics, subs]);
}

export const RESOLVED_PREFIX = '✔ ';

export function isResolved(topic: string): boolean {
  return topic.startsWith(RESOLVED_PREFIX);
}

export function toggleResolved(topic: string): string {
  return isResolved(topic) ? topic.slice(RESOLVED_PREFIX.length) : RESOLVED_PREFIX + topic;
}
