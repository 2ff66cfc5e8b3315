import { describe, expect, it } from 'vitest';
import { topicChoices, topicPolicies } from '../../../../renderer/src/features/topics/topic-visibility';

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
    const policy = topicPolicies([
      { stream_id: 1, topic_name: 'Lunch', visibility_policy: 3, last_updated: 0 },
    ]);
    expect(policy(1, 'lunch')).toBe(3);
    expect(policy(1, 'other')).toBe(0);
  });
});
