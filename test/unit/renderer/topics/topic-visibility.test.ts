import { describe, expect, it } from 'vitest';
import { topicChoices } from '../../../../renderer/src/features/topics/topic-visibility';
import { topicHidden, topicPolicies, topicPolicy } from '../../../../renderer/src/features/inbox/inbox-model';

const choice = (policy: 0 | 1 | 2 | 3, channelMuted: boolean) =>
  topicChoices(policy, channelMuted).map((c) => `${c.label}→${c.policy}`);

describe('a topic menu’s follow and mute choices', () => {
  it('in a channel that is not muted: follow or unfollow, mute or unmute', () => {
    expect(choice(0, false)).toEqual(['Follow topic→3', 'Mute topic→1']);
    expect(choice(1, false)).toEqual(['Follow topic→3', 'Unmute topic→0']);
    expect(choice(3, false)).toEqual(['Unfollow topic→0', 'Mute topic→1']);
  });

  it('in a muted channel: a topic is unmuted on its own, and muting it again leaves it to the channel', () => {
    expect(choice(0, true)).toEqual(['Follow topic→3', 'Unmute topic→2']);
    expect(choice(1, true)).toEqual(['Follow topic→3', 'Unmute topic→2']);
    expect(choice(2, true)).toEqual(['Follow topic→3', 'Mute topic→0']);
    expect(choice(3, true)).toEqual(['Unfollow topic→0', 'Mute topic→0']);
  });

  it('reads a topic’s policy without regard to case, none when not listed', () => {
    const policies = topicPolicies([
      { stream_id: 1, topic_name: 'Lunch', visibility_policy: 3, last_updated: 0 },
      { stream_id: 2, topic_name: 'Noise', visibility_policy: 1, last_updated: 0 },
    ]);
    expect(topicPolicy(policies, 1, 'lunch')).toBe(3);
    expect(topicPolicy(policies, 1, 'other')).toBe(0);
    // The same name in another channel is another topic.
    expect(topicPolicy(policies, 2, 'LUNCH')).toBe(0);
    expect(topicPolicy(policies, 3, 'lunch')).toBe(0);
    // Hidden: a muted topic anywhere; in a muted channel, any topic but a followed or unmuted one.
    expect(topicHidden(policies, false, 2, 'noise')).toBe(true);
    expect(topicHidden(policies, false, 1, 'other')).toBe(false);
    expect(topicHidden(policies, true, 1, 'other')).toBe(true);
    expect(topicHidden(policies, true, 1, 'LUNCH')).toBe(false);
    expect(topicHidden(policies, true, 3, 'anything')).toBe(true);
  });
});
