import { describe, expect, it } from 'vitest';
import { topicRequired } from '../../../../renderer/src/features/compose/topic-required';

const channel = (topics_policy?: string) => ({ stream_id: 1, name: 'general', topics_policy }) as never;

describe('topicRequired', () => {
  it('follows the organization’s policy, or the older mandatory_topics, unless the channel has its own', () => {
    expect(topicRequired({ realm_topics_policy: 'disable_empty_topic' }, 1)).toBe(true);
    expect(topicRequired({ realm_topics_policy: 'allow_empty_topic', realm_mandatory_topics: true }, 1)).toBe(
      false,
    );
    expect(topicRequired({ realm_mandatory_topics: true }, 1)).toBe(true);
    expect(topicRequired({}, 1)).toBe(false);
    expect(
      topicRequired(
        { realm_topics_policy: 'allow_empty_topic', subscriptions: [channel('disable_empty_topic')] },
        1,
      ),
    ).toBe(true);
    expect(
      topicRequired(
        { realm_topics_policy: 'disable_empty_topic', subscriptions: [channel('allow_empty_topic')] },
        1,
      ),
    ).toBe(false);
    expect(
      topicRequired({ realm_topics_policy: 'disable_empty_topic', subscriptions: [channel('inherit')] }, 1),
    ).toBe(true);
  });
});
