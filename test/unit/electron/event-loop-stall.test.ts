import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatEvent } from '../../../shared/api/events';
import type { RegisterResponse } from '../../../shared/api/register';
import type { CallFailure } from '../../../shared/errors';
import type { CallResult, ConnectionStatus } from '../../../shared/ipc';
import {
  CHECK_NOW_INTERVAL_MS,
  EventLoop,
  type EventsResponse,
  type QueueApi,
} from '../../../electron/core/event-loop';
import type { CallOptions } from '../../../electron/core/http-client';
import { HeartbeatEstimate, STALL_MARGIN_MS } from '../../../electron/core/heartbeat-estimate';
import { SlowCallWatch } from '../../../electron/core/slow-calls';

// The loop's waits and watchdogs on fake timers: the "Retry now" of the banner, a countdown that
// a late reader sees running down, and a server that accepts requests but never answers.

type Answer<T> = CallResult<T> | 'hang';
const refused: CallFailure = { kind: 'network', reason: 'connection_failed', message: 'ECONNREFUSED' };

/** A request that settles with `answer` after `afterMs`, or never ('hang'), honouring timeout and abort. */
function respond<T>(answer: Answer<T>, options: CallOptions, afterMs = 0): Promise<CallResult<T>> {
  return new Promise((resolve) => {
    const timers: ReturnType<typeof setTimeout>[] = [];
    const settle = (result: CallResult<T>) => {
      timers.forEach(clearTimeout);
      resolve(result);
    };
    if (answer !== 'hang') timers.push(setTimeout(() => settle(answer), afterMs));
    if (options.timeoutMs)
      timers.push(
        setTimeout(
          () => settle({ ok: false, error: { kind: 'network', reason: 'timeout', message: 'timeout' } }),
          options.timeoutMs,
        ),
      );
    options.signal?.addEventListener('abort', () =>
      settle({ ok: false, error: { kind: 'network', reason: 'other', message: 'cancelled' } }),
    );
  });
}

const registered = (longpollSeconds = 90): CallResult<RegisterResponse> => ({
  ok: true,
  value: {
    queue_id: 'q1',
    last_event_id: -1,
    event_queue_longpoll_timeout_seconds: longpollSeconds,
  } as unknown as RegisterResponse,
});

let heartbeatId = 0;
const heartbeat = (): CallResult<EventsResponse> => ({
  ok: true,
  value: { events: [{ id: heartbeatId++, type: 'heartbeat' } as ChatEvent] },
});

interface Script {
  register: () => { answer: Answer<RegisterResponse>; afterMs?: number };
  getEvents: (params: { dont_block?: boolean }) => { answer: Answer<EventsResponse>; afterMs?: number };
}

function scriptedLoop(script: Script) {
  const statuses: ConnectionStatus[] = [];
  const calls: { what: string; at: number; dontBlock?: boolean }[] = [];
  const api: QueueApi = {
    register: (_params, options) => {
      calls.push({ what: 'register', at: Date.now() });
      const { answer, afterMs } = script.register();
      return respond(answer, options, afterMs);
    },
    getEvents: (params, options) => {
      calls.push({ what: 'events', at: Date.now(), dontBlock: params.dont_block });
      const { answer, afterMs } = script.getEvents(params);
      return respond(answer, options, afterMs);
    },
    deleteQueue: async () => ({ ok: true, value: {} }),
  };
  const loop = new EventLoop({
    accountId: 'a',
    api,
    onSession: () => {},
    onEvents: () => {},
    onStatus: (status) => statuses.push(status),
    backoff: { baseMs: 1000, capMs: 60_000 },
    // Always the longest wait the schedule allows, so every step is visible.
    random: () => 0.999,
    requestTimeoutMs: 30_000,
    slowCallMs: 5000,
  });
  return { loop, statuses, calls };
}

beforeEach(() => {
  vi.useFakeTimers();
  heartbeatId = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('event loop: the countdown and "Retry now"', () => {
  it('reports what is left of the wait, and Retry now tries at once with the backoff restarted', async () => {
    const { loop, calls } = scriptedLoop({
      register: () => ({ answer: { ok: false, error: refused } }),
      getEvents: () => ({ answer: 'hang' }),
    });
    loop.start();
    // Failures at 0, 1, 3 and 7 s (waits of 0.999, 1.998, 3.996 s), then a wait of 7.992 s.
    await vi.advanceTimersByTimeAsync(7000);
    expect(calls.filter((c) => c.what === 'register')).toHaveLength(4);
    const status = loop.connectionStatus;
    expect(status).toMatchObject({ state: 'reconnecting', failures: 4, reason: 'Cannot reach the server.' });
    const wait = (status as { retryInMs: number }).retryInMs;
    expect(wait).toBeGreaterThan(7000);

    // A second later the same question gets a second less.
    await vi.advanceTimersByTimeAsync(1000);
    expect((loop.connectionStatus as { retryInMs: number }).retryInMs).toBe(wait - 1000);

    const before = calls.length;
    loop.retryNow();
    await vi.advanceTimersByTimeAsync(0);
    // Tried again at once, not after the seven seconds left.
    expect(calls.slice(before).map((c) => c.what)).toEqual(['register']);
    // And the next wait is the first step of the schedule again (up to 1 s), the banner still up.
    const after = loop.connectionStatus;
    expect(after).toMatchObject({ state: 'reconnecting', failures: 5 });
    expect((after as { retryInMs: number }).retryInMs).toBeLessThanOrEqual(1000);
    await loop.stop();
  });

  it('Retry now while waiting offline or connected does nothing harmful', async () => {
    const { loop, calls } = scriptedLoop({
      register: () => ({ answer: registered() }),
      getEvents: () => ({ answer: heartbeat(), afterMs: 50_000 }),
    });
    loop.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(loop.connectionStatus).toEqual({ state: 'connected' });
    loop.retryNow();
    await vi.advanceTimersByTimeAsync(10);
    // The healthy poll was left alone.
    expect(calls.map((c) => c.what)).toEqual(['register', 'events']);
    await loop.stop();
  });
});

describe('event loop: a server that accepts requests and never answers', () => {
  it('gives up a long poll that outlives the heartbeat it learned, and says the server is not responding', async () => {
    let polls = 0;
    const { loop, statuses, calls } = scriptedLoop({
      register: () => ({ answer: registered(90) }),
      // Two quiet polls answered by a heartbeat after 2 s, then the server hangs.
      getEvents: () => (++polls <= 2 ? { answer: heartbeat(), afterMs: 2000 } : { answer: 'hang' }),
    });
    loop.start();
    await vi.advanceTimersByTimeAsync(3990);
    expect(polls).toBe(2);
    await vi.advanceTimersByTimeAsync(20);
    expect(polls).toBe(3);
    const hungAt = Date.now() - 10;
    // 2 s heartbeat * 1.25 + margin: told within about 4.5 s, not after the 90 s long-poll timeout.
    const expected = Math.round(2000 * 1.25) + STALL_MARGIN_MS;
    await vi.advanceTimersByTimeAsync(expected - 30);
    expect(loop.connectionStatus.state).toBe('connected');
    await vi.advanceTimersByTimeAsync(40);
    expect(statuses.at(-1)?.state).toBe('unresponsive');
    expect(statuses.find((s) => s.state === 'unresponsive')).toMatchObject({
      reason: 'The server is not responding.',
    });
    expect(Date.now() - hungAt).toBeLessThan(5000);
    // The stalled poll was dropped for a quick, non-blocking one after a short wait.
    await vi.advanceTimersByTimeAsync(1100);
    expect(calls.at(-1)).toMatchObject({ what: 'events', dontBlock: true });
    expect(loop.connectionStatus.state).toBe('unresponsive');
    await loop.stop();
  });

  it('stays "not responding" across retries, and is connected again on the first answer', async () => {
    let hanging = true;
    let polls = 0;
    const { loop } = scriptedLoop({
      register: () => ({ answer: registered(6) }),
      getEvents: () => {
        polls++;
        return hanging ? { answer: 'hang' } : { answer: heartbeat(), afterMs: 5 };
      },
    });
    loop.start();
    // No heartbeat seen yet: the long-poll timeout (6 s) is the bound.
    await vi.advanceTimersByTimeAsync(5900);
    expect(loop.connectionStatus.state).toBe('connected');
    await vi.advanceTimersByTimeAsync(200);
    expect(loop.connectionStatus).toMatchObject({ state: 'unresponsive', failures: 1 });
    // The non-blocking retry hangs too: still not responding (never a mere "reconnecting").
    await vi.advanceTimersByTimeAsync(40_000);
    expect(loop.connectionStatus.state).toBe('unresponsive');
    expect(polls).toBeGreaterThan(1);
    hanging = false;
    loop.retryNow();
    await vi.advanceTimersByTimeAsync(100);
    expect(loop.connectionStatus).toEqual({ state: 'connected' });
    await loop.stop();
  });

  it('says so while a registration waits longer than the slow-call time, then reports the failure', async () => {
    const { loop, statuses } = scriptedLoop({
      register: () => ({ answer: 'hang' }),
      getEvents: () => ({ answer: 'hang' }),
    });
    loop.start();
    await vi.advanceTimersByTimeAsync(4900);
    expect(statuses).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    expect(statuses.at(-1)).toEqual({
      state: 'unresponsive',
      failures: 0,
      retryInMs: null,
      reason: 'The server is not responding.',
    });
    // Its own timeout (30 s) still ends it; the wait that follows is counted down.
    await vi.advanceTimersByTimeAsync(25_000);
    expect(loop.connectionStatus).toMatchObject({ state: 'unresponsive', failures: 1 });
    expect((loop.connectionStatus as { retryInMs: number }).retryInMs).toBeGreaterThan(0);
    await loop.stop();
  });

  it('a refused connection afterwards is "cannot reach", not "not responding"', async () => {
    let hang = true;
    const { loop } = scriptedLoop({
      register: () => (hang ? { answer: 'hang' } : { answer: { ok: false, error: refused } }),
      getEvents: () => ({ answer: 'hang' }),
    });
    loop.start();
    await vi.advanceTimersByTimeAsync(31_000);
    expect(loop.connectionStatus.state).toBe('unresponsive');
    hang = false;
    loop.retryNow();
    await vi.advanceTimersByTimeAsync(10);
    expect(loop.connectionStatus).toMatchObject({
      state: 'reconnecting',
      reason: 'Cannot reach the server.',
    });
    await loop.stop();
  });
});

describe('event loop: another call failing as a lost server makes it fail (checkNow)', () => {
  it('gives up the poll under way at once: a server that is gone is said so within a second', async () => {
    let gone = false;
    const { loop, calls } = scriptedLoop({
      register: () => ({ answer: registered() }),
      getEvents: () => (gone ? { answer: { ok: false, error: refused } } : { answer: 'hang' }),
    });
    loop.start();
    await vi.advanceTimersByTimeAsync(100);
    expect(loop.connectionStatus.state).toBe('connected');
    expect(calls.filter((c) => c.what === 'events')).toHaveLength(1);
    // The server goes; the poll under way does not notice (it would wait for its timeout).
    gone = true;
    loop.checkNow();
    await vi.advanceTimersByTimeAsync(10);
    expect(calls.filter((c) => c.what === 'events')).toHaveLength(2);
    expect(loop.connectionStatus).toMatchObject({
      state: 'reconnecting',
      reason: 'Cannot reach the server.',
    });
    await loop.stop();
  });

  it('with the server there, a new poll just waits again; and at most one per interval', async () => {
    const { loop, calls } = scriptedLoop({
      register: () => ({ answer: registered() }),
      getEvents: () => ({ answer: 'hang' }),
    });
    loop.start();
    await vi.advanceTimersByTimeAsync(100);
    for (let i = 0; i < 20; i++) loop.checkNow();
    await vi.advanceTimersByTimeAsync(10);
    expect(calls.filter((c) => c.what === 'events')).toHaveLength(2);
    expect(loop.connectionStatus.state).toBe('connected');
    await vi.advanceTimersByTimeAsync(CHECK_NOW_INTERVAL_MS);
    loop.checkNow();
    await vi.advanceTimersByTimeAsync(10);
    expect(calls.filter((c) => c.what === 'events')).toHaveLength(3);
    expect(loop.connectionStatus.state).toBe('connected');
    await loop.stop();
  });
});

describe('the heartbeat estimate and the slow-call watch', () => {
  it('bounds a stall by the long-poll timeout until a heartbeat was seen, then by the heartbeat', () => {
    const estimate = new HeartbeatEstimate();
    expect(estimate.stallAfterMs(90_000)).toBe(90_000);
    estimate.observe(50_000);
    estimate.observe(49_000);
    expect(estimate.periodMs).toBe(50_000);
    expect(estimate.stallAfterMs(90_000)).toBe(62_500 + STALL_MARGIN_MS);
    estimate.observe(1000);
    expect(estimate.stallAfterMs(3000)).toBe(3000);
    estimate.reset();
    expect(estimate.periodMs).toBeNull();
  });

  it('flags a call unanswered after slowMs, and clears once nothing waits that long', async () => {
    const changes: boolean[] = [];
    const watch = new SlowCallWatch(5000, (slow) => changes.push(slow));
    let finish: (r: CallResult<number>) => void = () => {};
    const hanging = watch.track(() => new Promise<CallResult<number>>((resolve) => (finish = resolve)));
    const quick = watch.track(async () => ({ ok: true, value: 1 }) as CallResult<number>);
    await vi.advanceTimersByTimeAsync(4999);
    await quick;
    expect(changes).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(watch.slow).toBe(true);
    expect(changes).toEqual([true]);
    finish({ ok: true, value: 2 });
    await hanging;
    expect(watch.slow).toBe(false);
    expect(changes).toEqual([true, false]);
  });
});
