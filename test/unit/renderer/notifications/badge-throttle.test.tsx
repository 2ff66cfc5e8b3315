// @vitest-environment jsdom
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionKey } from '../../../../renderer/src/api/keys';
import type { InitialState } from '../../../../renderer/src/api/model';
import { AtMostEvery } from '../../../../renderer/src/app/at-most-every';
import type { SessionStarted } from '../../../../shared/ipc';
import {
  BADGE_INTERVAL_MS,
  useUnreadBadge,
} from '../../../../renderer/src/features/notifications/unread-badge';
import { baseState } from '../fixtures';
import { setup } from '../render-helpers';

afterEach(() => vi.useRealTimers());

describe('AtMostEvery', () => {
  it('runs the first update at once, then only the latest one per interval', () => {
    vi.useFakeTimers();
    const limiter = new AtMostEvery(500);
    const ran: number[] = [];
    limiter.run(() => ran.push(1));
    for (let i = 2; i <= 50; i++) limiter.run(() => ran.push(i));
    expect(ran).toEqual([1]);
    vi.advanceTimersByTime(499);
    expect(ran).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(ran).toEqual([1, 50]);
    // Quiet for longer than the interval: the next one runs at once again.
    vi.advanceTimersByTime(1000);
    limiter.run(() => ran.push(51));
    expect(ran).toEqual([1, 50, 51]);
  });

  it('drops a waiting update when cancelled', () => {
    vi.useFakeTimers();
    const limiter = new AtMostEvery(500);
    const ran: number[] = [];
    limiter.run(() => ran.push(1));
    limiter.run(() => ran.push(2));
    limiter.cancel();
    vi.advanceTimersByTime(1000);
    expect(ran).toEqual([1]);
  });
});

function Badge() {
  useUnreadBadge('Northwind Labs');
  return null;
}

describe('the window title and badge during a burst', () => {
  it('follow the unread count at most every interval, ending on the latest count', async () => {
    const state = {
      ...baseState(),
      unread_msgs: { count: 0, pms: [], huddles: [], streams: [], mentions: [] },
    };
    const { bridge, queryClient, render } = setup(state as Partial<InitialState>);
    render(<Badge />);
    expect(bridge.unreadCounts).toEqual([0]);
    // A burst: 40 messages, each its own event batch, in much less than the interval.
    for (let n = 1; n <= 40; n++)
      act(() => {
        queryClient.setQueryData<SessionStarted>(sessionKey, (session) =>
          session
            ? {
                ...session,
                initialState: {
                  ...session.initialState,
                  unread_msgs: {
                    count: n,
                    pms: [],
                    huddles: [],
                    mentions: [],
                    streams: [
                      {
                        stream_id: 1,
                        topic: 'burst',
                        unread_message_ids: Array.from({ length: n }, (_, i) => 1000 + i),
                      },
                    ],
                  },
                },
              }
            : session,
        );
      });
    expect(bridge.unreadCounts).toEqual([0]);
    await act(() => new Promise((resolve) => setTimeout(resolve, BADGE_INTERVAL_MS + 100)));
    expect(bridge.unreadCounts).toEqual([0, 40]);
    expect(document.title).toBe('(40) Northwind Labs – Team Chat');
  });
});
