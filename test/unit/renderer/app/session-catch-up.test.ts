// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatEvent } from '../../../../shared/api/events';
import { connectBridge } from '../../../../renderer/src/app/session';
import { getInitialState } from '../../../../renderer/src/api/keys';
import { onAppliedEvents } from '../../../../renderer/src/events/taps';
import { FakeBridge } from '../fake-bridge';
import { baseState } from '../fixtures';

// A window that attaches to a registration main made earlier (a reload, an account switched back
// to, the page's socket back after a drop) gets its state and the events delivered on it since,
// instead of a new registration. Each must count once, whichever way it reached the window.

const CHANNEL = 7;
const applied = () => new Promise((resolve) => setTimeout(resolve, 0));
/** Not idempotent: a subscriber count moved twice by one event shows the double count. */
const joined = (id: number, userId: number) => ({
  id,
  type: 'subscription',
  op: 'peer_add',
  stream_ids: [CHANNEL],
  user_ids: [userId],
});
const subscriberCount = (qc: QueryClient) =>
  getInitialState(qc)!.subscriptions!.find((s) => s.stream_id === CHANNEL)!.subscriber_count;

const state = () =>
  baseState({
    last_event_id: 10,
    subscriptions: [{ stream_id: CHANNEL, name: 'general', subscriber_count: 3 }] as never,
  });

let stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
});

function connected() {
  const bridge = new FakeBridge();
  const qc = new QueryClient();
  stops.push(connectBridge(bridge, qc));
  const announced: number[] = [];
  stops.push(onAppliedEvents((events: readonly ChatEvent[]) => announced.push(...events.map((e) => e.id))));
  return { bridge, qc, announced };
}

describe('a session with the events delivered on it since', () => {
  it('applies them to the registration state before anything reads it, without announcing them', async () => {
    const { bridge, qc, announced } = connected();
    bridge.startSession(state(), 1, [joined(11, 20), joined(12, 21)]);
    // At once: what a launch draws first (the home view, the counts) is never the older state.
    expect(subscriberCount(qc)).toBe(5);
    await applied();
    expect(subscriberCount(qc)).toBe(5);
    expect(announced).toEqual([]);
  });

  it('applies an event that came both in the session and in a live batch once, in order', async () => {
    const { bridge, qc, announced } = connected();
    // A live batch pushed before the session reached the window waits for it.
    bridge.pushEvents([joined(12, 21), joined(13, 22)], 1);
    bridge.startSession(state(), 1, [joined(11, 20), joined(12, 21)]);
    await applied();
    expect(subscriberCount(qc)).toBe(6);
    // Announced (notified, ...): only what came after the state the window started from.
    expect(announced).toEqual([13]);
    bridge.pushEvents([joined(13, 22), joined(14, 23)], 1);
    await applied();
    expect(subscriberCount(qc)).toBe(7);
    expect(announced).toEqual([13, 14]);
  });

  it('takes from the same session offered again only the events the window missed', async () => {
    const { bridge, qc } = connected();
    bridge.startSession(state(), 1);
    bridge.pushEvents([joined(11, 20)], 1);
    await applied();
    expect(subscriberCount(qc)).toBe(4);
    // The socket was down while 12 and 13 were pushed.
    bridge.pushSessionAgain([joined(11, 20), joined(12, 21), joined(13, 22)]);
    await applied();
    expect(subscriberCount(qc)).toBe(6);
  });

  it('applies a new registration’s own events from its state on, not from the last one’s', async () => {
    const { bridge, qc } = connected();
    bridge.startSession(state(), 1, [joined(11, 20), joined(12, 21)]);
    await applied();
    // A fresh queue numbers its events anew.
    bridge.startSession({ ...state(), last_event_id: -1 }, 2, [joined(0, 20)]);
    await applied();
    expect(subscriberCount(qc)).toBe(4);
  });
});
