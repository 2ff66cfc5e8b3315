import { describe, expect, it } from 'vitest';
import type { RegisterResponse } from '../../../shared/api/register';
import { notificationContext } from '../../../shared/notifications/context';
import { counted } from '../work-counters';

describe('the notification context of a register state', () => {
  const channels = Array.from({ length: 2000 }, (_, i) => ({
    stream_id: i + 1,
    name: `channel ${i + 1}`,
    is_muted: i === 6,
  }));

  it('indexes the channels once, not again for every batch of messages', () => {
    const subscriptions = counted(channels);
    const state = {
      user_id: 1,
      subscriptions: subscriptions.list,
      user_topics: [{ stream_id: 3, topic_name: 'Lunch', visibility_policy: 3, last_updated: 0 }],
    } as unknown as RegisterResponse;

    const first = notificationContext(state, 1, () => false);
    const walked = subscriptions.walks();
    for (let batch = 0; batch < 100; batch++) notificationContext({ ...state }, 1, () => false);
    const later = notificationContext({ ...state }, 1, () => false);

    expect(subscriptions.walks()).toBe(walked);
    expect(later.channel(7)?.muted).toBe(true);
    expect(later.channel(8)?.muted).toBe(false);
    expect(later.topicPolicy(3, 'lunch')).toBe('followed');
    expect(first.channel(2001)).toBeUndefined();
  });

  it('follows a changed list (events replace the lists, they never change one in place)', () => {
    const state = { user_id: 1, subscriptions: channels } as unknown as RegisterResponse;
    expect(notificationContext(state, 1, () => false).channel(1)?.muted).toBe(false);
    const muted = channels.map((c) => (c.stream_id === 1 ? { ...c, is_muted: true } : c));
    const after = { ...state, subscriptions: muted } as unknown as RegisterResponse;
    expect(notificationContext(after, 1, () => false).channel(1)?.muted).toBe(true);
  });
});
