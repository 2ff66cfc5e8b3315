import memoizeOne from 'memoize-one';
import { useInitialState } from '../../app/session';
import type { Subscription, UserTopic } from '../../api/model';
import { topicHidden, topicPolicies, topicPolicy } from '../inbox/inbox-model';
import { UserTopicVisibility } from '../../../../shared/api/plain-values';

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

// What these hooks derive from the register state is built once per version of its lists and
// shared by every component that asks (memoizeOne): many ask at once (each topic row, the feed,
// the compose box), and on a big organization each copy meant thousands of channels again.

const sharedSidebarOrder = memoizeOne(sidebarOrder);

/** Subscribed channels in the sidebar's order. */
export function useSubscriptions(): Subscription[] {
  return sharedSidebarOrder(useInitialState((s) => s.subscriptions));
}

const channelsById = memoizeOne(
  (
    subs: readonly Subscription[] | undefined,
    unsub: readonly Subscription[] | undefined,
    never: readonly Subscription[] | undefined,
  ): Map<number, Subscription> => {
    const map = new Map<number, Subscription>();
    for (const list of [never, unsub, subs]) for (const c of list ?? []) map.set(c.stream_id, c);
    return map;
  },
);

/** Any channel the register state knows (subscribed or not), by id. */
export function useChannelIndex(): Map<number, Subscription> {
  const subs = useInitialState((s) => s.subscriptions);
  const unsub = useInitialState((s) => s.unsubscribed);
  const never = useInitialState((s) => s.never_subscribed);
  return channelsById(subs, unsub, never);
}

/** The muted topics of a register state's `user_topics`, as a test (topic names without regard to case). */
export function mutedTopicTest(
  userTopics: readonly UserTopic[] | undefined,
): (streamId: number, topic: string) => boolean {
  const policies = topicPolicies(userTopics);
  return (streamId, topic) => topicPolicy(policies, streamId, topic) === UserTopicVisibility.muted;
}

const sharedMutedTopicTest = memoizeOne(mutedTopicTest);

export function useIsTopicMuted(): (streamId: number, topic: string) => boolean {
  return sharedMutedTopicTest(useInitialState((s) => s.user_topics));
}

const hiddenTopicTest = memoizeOne(
  (
    userTopics: readonly UserTopic[] | undefined,
    subs: readonly Subscription[] | undefined,
  ): ((streamId: number, topic: string) => boolean) => {
    const policies = topicPolicies(userTopics);
    const mutedChannels = new Set(subs?.filter((c) => c.is_muted).map((c) => c.stream_id));
    return (streamId, topic) => topicHidden(policies, mutedChannels.has(streamId), streamId, topic);
  },
);

/**
 * Whether a topic's unread messages are left out of its channel's count: a muted topic, or any
 * topic of a muted channel the user did not unmute or follow (muting a channel mutes its topics).
 */
export function useIsTopicHidden(): (streamId: number, topic: string) => boolean {
  return hiddenTopicTest(
    useInitialState((s) => s.user_topics),
    useInitialState((s) => s.subscriptions),
  );
}

export const RESOLVED_PREFIX = '✔ ';

export function isResolved(topic: string): boolean {
  return topic.startsWith(RESOLVED_PREFIX);
}

export function toggleResolved(topic: string): string {
  return isResolved(topic) ? topic.slice(RESOLVED_PREFIX.length) : RESOLVED_PREFIX + topic;
}
