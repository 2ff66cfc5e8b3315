import memoizeOne from 'memoize-one';
import { UserTopicVisibility } from '../../../../shared/api/plain-values';
import type { UserTopic } from '../../api/model';
import { useInitialState } from '../../app/session';
import { topicPolicies, topicPolicy } from '../inbox/inbox-model';

export type TopicPolicy = (typeof UserTopicVisibility)[keyof typeof UserTopicVisibility];

const policyTest = memoizeOne((userTopics: readonly UserTopic[] | undefined) => {
  const policies = topicPolicies(userTopics);
  return (streamId: number, topic: string) => topicPolicy(policies, streamId, topic) as TopicPolicy;
});

/** Each topic's `visibility_policy` from the register state's `user_topics` (names without regard to case). */
export function useTopicPolicy(): (streamId: number, topic: string) => TopicPolicy {
  return policyTest(useInitialState((s) => s.user_topics));
}

export interface TopicChoice {
  label: string;
  policy: TopicPolicy;
  testId: string;
}

/**
 * What a topic's menu offers, as in the real service: follow or stop following; mute or unmute,
 * where in a muted channel a topic is unmuted on its own (and muting it again leaves it to the
 * channel's muting).
 */
export function topicChoices(policy: TopicPolicy, channelMuted: boolean): TopicChoice[] {
  const { none, muted, unmuted, followed } = UserTopicVisibility;
  const follow: TopicChoice =
    policy === followed
      ? { label: 'Unfollow topic', policy: none, testId: 'topic-unfollow' }
      : { label: 'Follow topic', policy: followed, testId: 'topic-follow' };
  let mute: TopicChoice;
  if (channelMuted)
    mute =
      policy === unmuted || policy === followed
        ? { label: 'Mute topic', policy: none, testId: 'topic-mute' }
        : { label: 'Unmute topic', policy: unmuted, testId: 'topic-mute' };
  else
    mute =
      policy === muted
        ? { label: 'Unmute topic', policy: none, testId: 'topic-mute' }
        : { label: 'Mute topic', policy: muted, testId: 'topic-mute' };
  return [follow, mute];
}
