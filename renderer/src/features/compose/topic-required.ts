import type { InitialState } from '../../api/model';
import { useInitialState } from '../../app/session';

/** What the real service answers a message without a topic when topics are required. */
export const TOPIC_REQUIRED = 'Topics are required in this organization.';

type TopicPolicyState = Pick<
  InitialState,
  'subscriptions' | 'realm_topics_policy' | 'realm_mandatory_topics'
>;

/**
 * Whether a message to the channel needs a topic: the channel's own topics policy where the server
 * gives one, else the organization's (`realm_topics_policy`, or `realm_mandatory_topics` from
 * servers older than it). Kept current by `realm` and `stream` events.
 */
export function topicRequired(state: TopicPolicyState | undefined, streamId: number): boolean {
  const channel = state?.subscriptions?.find((c) => c.stream_id === streamId) as
    { topics_policy?: unknown } | undefined;
  if (channel?.topics_policy === 'disable_empty_topic') return true;
  if (channel?.topics_policy === 'allow_empty_topic' || channel?.topics_policy === 'empty_topic_only')
    return false;
  if (state?.realm_topics_policy !== undefined) return state.realm_topics_policy === 'disable_empty_topic';
  return state?.realm_mandatory_topics === true;
}

export function useTopicRequired(streamId: number | undefined): boolean {
  return useInitialState((s) => streamId !== undefined && topicRequired(s, streamId)) ?? false;
}
