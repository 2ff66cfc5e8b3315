import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fullJitterDelay } from '../../../electron/core/backoff';
import { CLIENT_CAPABILITIES } from '../../../electron/core/event-loop';
import { FakeChatServer } from '../../support/fake-chat-server';
import { FaultProxy, startFaultProxy } from '../../support/fault-proxy';
import { idsOf, loopHarness, waitUntil } from '../../support/loop-harness';

// The event loop end to end (loop -> HTTP client -> fault proxy -> scripted server), one fault per
// test. Each test asserts exactly which events the consumer saw, in which session, and how long
// the loop chose to wait.

let server: FakeChatServer;
let proxy: FaultProxy;
let harness: ReturnType<typeof loopHarness>;

beforeEach(async () => {
  server = await new FakeChatServer({ heartbeatMs: 150, longPollTimeoutSeconds: 0.6 }).start();
  proxy = await startFaultProxy(server.url);
  harness = loopHarness({ serverUrl: proxy.url });
});

afterEach(async () => {
  await harness.loop.stop();
  await proxy.down();
  await server.close();
});

async function started() {
  harness.loop.start();
  await waitUntil(() => harness.sessions.length === 1, 'the first session');
}

function emitTyping(count: number): number[] {
  return Array.from({ length: count }, (_, index) => server.emit('typing', { op: 'start', n: index }));
}

/** Events a window attaching later needs (statuses), unlike typing notices. */
function emitStatuses(count: number): number[] {
  return Array.from({ length: count }, (_, index) =>
    server.emit('user_status', { user_id: 1, status_text: `status ${index}` }),
  );
}

/** Waits until `count` injected faults have hit requests, so events emitted next come after them. */
async function faultsApplied(count: number) {
  await waitUntil(
    () => proxy.requests.filter((request) => request.fault !== 'forwarded').length >= count,
    'the fault',
  );
}

const eventPolls = () =>
  proxy.requests.filter((request) => request.path.endsWith('/events') && request.method === 'GET');

function expectWaitsWithinPolicy(waits: number[], policy: { capMs: number }) {
  for (const wait of waits) {
    expect(wait).toBeGreaterThanOrEqual(0);
    expect(wait).toBeLessThanOrEqual(policy.capMs);
  }
}

describe('event loop: the happy path', () => {
  it('registers with the fixed capabilities, delivers events in order and swallows heartbeats', async () => {
    await started();
    const register = proxy.requests.find((request) => request.path.endsWith('/register'));
    expect(register).toBeDefined();
    expect(harness.statuses.at(-1)).toEqual({ state: 'connected' });

    const first = emitTyping(3);
    await waitUntil(() => harness.delivered.length === 3, 'three events');
    await waitUntil(() => eventPolls().length >= 4, 'a heartbeat poll');
    const second = emitTyping(2);
    await waitUntil(() => harness.delivered.length === 5, 'five events');

    expect(idsOf(harness.delivered)).toEqual([...first, ...second]);
    expect(harness.delivered.every((item) => item.event.type === 'typing' && item.generation === 1)).toBe(
      true,
    );
    // last_event_id only moves forward, and past a heartbeat too.
    const sent = eventPolls().map((request) => Number(request.query.last_event_id));
    expect([...sent].sort((a, b) => a - b)).toEqual(sent);
    expect(harness.clock.waits).toEqual([]);
  });

  it('declares exactly the client capabilities the app relies on', () => {
    expect(Object.keys(CLIENT_CAPABILITIES).sort()).toEqual(
      [
        'archived_channels',
        'bulk_message_deletion',
        'empty_topic_name',
        'include_deactivated_groups',
        'linkifier_url_template',
        'notification_settings_null',
        'simplified_presence_events',
        'stream_typing_notifications',
        'user_list_incomplete',
        'user_settings_object',
      ].sort(),
    );
  });

  it('gets every avatar from register, long-idle people included (the real service leaves theirs out on request)', async () => {
    await harness.loop.stop();
    await server.close();
    server = await new FakeChatServer({
      heartbeatMs: 150,
      realmUsers: [
        { user_id: 1, email: 'iago@example.com', full_name: 'Iago', avatar_url: '/user_avatars/1.png' },
        {
          user_id: 2,
          email: 'idle@example.com',
          full_name: 'Idle Person',
          avatar_url: '/user_avatars/2.png',
          long_term_idle: true,
        },
      ],
    }).start();
    harness = loopHarness({ serverUrl: server.url });
    await started();
    expect(harness.sessions[0]!.initialState.realm_users?.map((u) => u.avatar_url)).toEqual([
      '/user_avatars/1.png',
      '/user_avatars/2.png',
    ]);
  });

  it('deletes its queue on stop and sends nothing afterwards', async () => {
    await started();
    const queueId = harness.sessions[0]!.initialState.queue_id;
    await harness.loop.stop();
    expect(server.deletedQueues).toEqual([queueId]);
    const count = proxy.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(proxy.requests.length).toBe(count);
  });
});

describe('event loop: transient failures', () => {
  it('retries a 500 with backoff, then polls with dont_block and loses nothing', async () => {
    await started();
    proxy.next({ kind: 'status', status: 500, body: '{"result":"error","msg":"boom"}' }, '/events');
    proxy.next({ kind: 'status', status: 502, body: 'Bad gateway' }, '/events');
    await faultsApplied(1);
    const ids = emitTyping(4);
    await waitUntil(() => harness.delivered.length === 4, 'four events');
    expect(idsOf(harness.delivered)).toEqual(ids);
    expect(harness.sessions).toHaveLength(1);
    expect(harness.clock.waits).toHaveLength(2);
    expectWaitsWithinPolicy(harness.clock.waits, harness.policy);
    expect(
      harness.statuses.filter((status) => status.state === 'reconnecting').map((s) => s.failures),
    ).toEqual([1, 2]);
    const afterFailure = eventPolls().find(
      (request, index, all) =>
        index > 0 && all[index - 1]!.fault === 'status' && request.fault === 'forwarded',
    );
    expect(afterFailure?.query.dont_block).toBe('true');
    expect(harness.statuses.at(-1)).toEqual({ state: 'connected' });
  });

  it('waits at least Retry-After on a 429', async () => {
    await started();
    proxy.next(
      {
        kind: 'status',
        status: 429,
        headers: { 'Retry-After': '7' },
        body: '{"result":"error","msg":"API usage exceeded rate limit","code":"RATE_LIMIT_HIT"}',
      },
      '/events',
    );
    await faultsApplied(1);
    const ids = emitTyping(2);
    await waitUntil(() => harness.delivered.length === 2, 'two events');
    expect(idsOf(harness.delivered)).toEqual(ids);
    expect(harness.clock.waits).toHaveLength(1);
    expect(harness.clock.waits[0]).toBeGreaterThanOrEqual(7000);
    const reconnecting = harness.statuses.find((status) => status.state === 'reconnecting');
    expect(reconnecting).toMatchObject({
      state: 'reconnecting',
      failures: 1,
      reason: 'Rate limited by the server.',
      rateLimited: true,
    });
  });

  it('a 429 after an outage waits what the server says, not the backoff the outage grew', async () => {
    await harness.loop.stop();
    harness = loopHarness({ serverUrl: proxy.url, backoff: { baseMs: 1000, capMs: 60_000 } });
    await started();
    await proxy.down();
    await waitUntil(() => harness.clock.waits.length >= 6, 'six failed attempts');
    await proxy.up();
    proxy.next(
      {
        kind: 'status',
        status: 429,
        headers: { 'Retry-After': '1' },
        body: '{"result":"error","msg":"API usage exceeded rate limit","code":"RATE_LIMIT_HIT"}',
      },
      '/events',
    );
    const waitsAtLimit = harness.clock.waits.length;
    harness.loop.wake();
    await faultsApplied(1);
    await waitUntil(() => harness.clock.waits.length > waitsAtLimit, 'the wait after the 429');
    const afterLimit = harness.clock.waits[waitsAtLimit]!;
    expect(afterLimit).toBeGreaterThanOrEqual(1000);
    expect(afterLimit).toBeLessThan(2000);
  });

  it('rides out a refused connection and picks up where it left off', async () => {
    await started();
    await proxy.down();
    const ids = emitTyping(3);
    await waitUntil(() => harness.clock.waits.length >= 3, 'three failed attempts');
    const failures = harness.statuses.filter((status) => status.state === 'reconnecting');
    expect(failures.at(-1)).toMatchObject({ reason: 'Cannot reach the server.' });
    await proxy.up();
    harness.loop.wake();
    await waitUntil(() => harness.delivered.length === 3, 'three events');
    expect(idsOf(harness.delivered)).toEqual(ids);
    expect(harness.sessions).toHaveLength(1);
    expectWaitsWithinPolicy(harness.clock.waits, harness.policy);
  });

  it('times out an answer slower than the long-poll timeout and gets the same events again, once', async () => {
    await started();
    proxy.next({ kind: 'delay', ms: 1500 }, '/events');
    await waitUntil(() => eventPolls().some((request) => request.fault === 'delay'), 'the slow poll');
    const ids = emitTyping(2);
    await waitUntil(() => harness.delivered.length === 2, 'two events', 5000);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(idsOf(harness.delivered)).toEqual(ids);
    // No answer within the long-poll timeout (which exceeds the heartbeat period): not responding.
    const unresponsive = harness.statuses.find((status) => status.state === 'unresponsive');
    expect(unresponsive).toMatchObject({ reason: 'The server is not responding.' });
  });

  it('treats a malformed body as transient', async () => {
    await started();
    proxy.next({ kind: 'malformed' }, '/events');
    await faultsApplied(1);
    const ids = emitTyping(2);
    await waitUntil(() => harness.delivered.length === 2, 'two events');
    expect(idsOf(harness.delivered)).toEqual(ids);
    expect(harness.statuses.find((status) => status.state === 'reconnecting')).toMatchObject({
      reason: expect.stringContaining('Unreadable response'),
    });
  });

  it('keeps every wait under the cap, with a ceiling that doubles', async () => {
    const policy = { baseMs: 100, capMs: 1000 };
    const ceilings = [0, 1, 2, 3, 4, 5, 6].map((attempt) => fullJitterDelay(attempt, policy, () => 0.999999));
    expect(ceilings).toEqual([99, 199, 399, 799, 999, 999, 999]);
    expect(fullJitterDelay(3, policy, () => 0)).toBe(0);

    await started();
    proxy.setRule((request) => (request.path.endsWith('/events') ? { kind: 'status', status: 503 } : null));
    await waitUntil(() => harness.clock.waits.length >= 8, 'eight failures');
    proxy.setRule(null);
    harness.loop.wake();
    const ids = emitTyping(1);
    await waitUntil(() => harness.delivered.length === 1, 'the event');
    expect(idsOf(harness.delivered)).toEqual(ids);
    expectWaitsWithinPolicy(harness.clock.waits, harness.policy);
  });
});

describe('event loop: lost queues and fatal errors', () => {
  it('re-registers at once after BAD_EVENT_QUEUE_ID and starts a new session', async () => {
    await started();
    const before = emitTyping(2);
    await waitUntil(() => harness.delivered.length === 2, 'two events');
    server.expireQueues();
    await waitUntil(() => harness.sessions.length === 2, 'a second session');
    const after = emitTyping(2);
    await waitUntil(() => harness.delivered.length === 4, 'four events');
    expect(idsOf(harness.delivered, 1)).toEqual(before);
    expect(idsOf(harness.delivered, 2)).toEqual(after);
    expect(harness.sessions.map((session) => session.generation)).toEqual([1, 2]);
    expect(harness.clock.waits).toEqual([]);
  });

  it('survives a server restart in the middle of a poll', async () => {
    await started();
    const before = emitTyping(1);
    await waitUntil(() => harness.delivered.length === 1, 'one event');
    await waitUntil(() => eventPolls().length >= 2, 'a pending poll');
    const restarted = await new FakeChatServer({ heartbeatMs: 150, longPollTimeoutSeconds: 0.6 }).start();
    proxy.retarget(restarted.url);
    await server.close();
    server = restarted;
    await waitUntil(() => harness.sessions.length === 2, 'a session on the new server');
    const after = emitTyping(3);
    await waitUntil(() => harness.delivered.length === 4, 'the new events');
    expect(idsOf(harness.delivered, 1)).toEqual(before);
    expect(idsOf(harness.delivered, 2)).toEqual(after);
  });

  it('stops for good on 401 and says why', async () => {
    await started();
    proxy.next(
      {
        kind: 'status',
        status: 401,
        body: '{"result":"error","msg":"Account is deactivated","code":"USER_DEACTIVATED"}',
      },
      '/events',
    );
    await waitUntil(() => harness.statuses.at(-1)?.state === 'fatal', 'the fatal status');
    expect(harness.statuses.at(-1)).toEqual({
      state: 'fatal',
      reason: 'Account is deactivated',
      code: 'USER_DEACTIVATED',
    });
    const count = proxy.requests.length;
    emitTyping(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(proxy.requests.length).toBe(count);
    expect(harness.delivered).toEqual([]);
  });

  it('does not start on a wrong key', async () => {
    await harness.loop.stop();
    harness = loopHarness({ serverUrl: proxy.url, apiKey: 'wrong' });
    harness.loop.start();
    await waitUntil(() => harness.statuses.at(-1)?.state === 'fatal', 'the fatal status');
    expect(harness.sessions).toEqual([]);
  });
});

describe('event loop: volume, wake-up and resync', () => {
  it('delivers a burst of 10,000 events once each, in order', async () => {
    await started();
    const ids = emitTyping(10_000);
    await waitUntil(() => harness.delivered.length >= 10_000, 'ten thousand events', 15_000);
    expect(idsOf(harness.delivered)).toEqual(ids);
    expect(new Set(idsOf(harness.delivered)).size).toBe(10_000);
  });

  it('waits quietly while the shell reports the network offline, and resumes when it returns', async () => {
    await started();
    harness.loop.setOnline(false);
    expect(harness.statuses.at(-1)).toEqual({ state: 'offline', reason: 'The network is unavailable.' });
    await proxy.down();
    await waitUntil(() => harness.clock.waits.length >= 1, 'the loop to notice');
    const attempts = proxy.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(harness.statuses.some((status) => status.state === 'reconnecting')).toBe(false);
    await proxy.up();
    const ids = emitTyping(2);
    harness.loop.setOnline(true);
    await waitUntil(() => harness.delivered.length === 2, 'the events');
    expect(idsOf(harness.delivered)).toEqual(ids);
    expect(proxy.requests.length).toBeGreaterThan(attempts);
    expect(harness.statuses.at(-1)).toEqual({ state: 'connected' });
  });

  it('going offline mid-poll stays offline (no "connected" from the poll that comes back) and loses nothing', async () => {
    await started();
    const before = emitTyping(1);
    await waitUntil(() => harness.delivered.length === 1, 'the first event');
    harness.loop.setOnline(false);
    // The poll already on its way when the network went reaches the server a moment later on a
    // busy machine; what must not happen is a new one while offline.
    await new Promise((resolve) => setTimeout(resolve, 150));
    const polls = eventPolls().length;
    // Several heartbeats: a poll left running would have answered and flipped the status.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const offlineAt = harness.statuses.findIndex((status) => status.state === 'offline');
    expect(harness.statuses.slice(offlineAt)).toEqual([
      { state: 'offline', reason: 'The network is unavailable.' },
    ]);
    expect(eventPolls().length).toBe(polls);
    const during = emitTyping(2);
    harness.loop.setOnline(true);
    await waitUntil(() => harness.delivered.length === 3, 'the events of the offline time');
    expect(idsOf(harness.delivered)).toEqual([...before, ...during]);
    expect(harness.sessions).toHaveLength(1);
    expect(harness.statuses.at(-1)).toEqual({ state: 'connected' });
  });

  it('wake() cuts a long backoff short', async () => {
    await harness.loop.stop();
    harness = loopHarness({ serverUrl: proxy.url, backoff: { baseMs: 60_000, capMs: 60_000 }, scale: 1 });
    await started();
    await proxy.down();
    await waitUntil(() => harness.clock.waits.length === 1, 'the first backoff');
    await proxy.up();
    const ids = emitTyping(1);
    const woke = Date.now();
    harness.loop.wake();
    await waitUntil(() => harness.delivered.length === 1, 'the event', 3000);
    expect(Date.now() - woke).toBeLessThan(3000);
    expect(idsOf(harness.delivered)).toEqual(ids);
  });

  it('gives a renderer that attaches after events were delivered the registration and those events, registering nothing', async () => {
    await started();
    harness.loop.resyncIfStale();
    expect(harness.loop.session?.eventsSince).toBeUndefined();

    const kept = emitStatuses(2);
    emitTyping(1);
    await waitUntil(() => harness.delivered.length === 3, 'three events');
    harness.loop.resyncIfStale();
    const session = harness.loop.session!;
    expect(session.generation).toBe(1);
    // Typing notices are left out: replayed later they would show someone typing now.
    expect(session.eventsSince?.map((event) => event.id)).toEqual(kept);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(harness.sessions).toHaveLength(1);
    expect(server.deletedQueues).toEqual([]);
  });

  it('starts a fresh session for a renderer that attaches after more events than it keeps', async () => {
    await harness.loop.stop();
    harness = loopHarness({ serverUrl: proxy.url, maxKeptEvents: 3 });
    await started();
    emitStatuses(4);
    await waitUntil(() => harness.delivered.length === 4, 'four events');
    const oldQueue = harness.sessions[0]!.initialState.queue_id;
    harness.loop.resyncIfStale();
    expect(harness.loop.session).toBeNull();
    await waitUntil(() => harness.sessions.length === 2, 'the fresh session');
    expect(harness.loop.session?.generation).toBe(2);
    expect(harness.loop.session?.eventsSince).toBeUndefined();
    await waitUntil(() => server.deletedQueues.includes(oldQueue as string), 'the old queue deleted');
    const after = emitTyping(1);
    await waitUntil(() => harness.delivered.length === 5, 'the next event');
    expect(idsOf(harness.delivered, 2)).toEqual(after);
  });

  it('gives a renderer that reloads while the server is unreachable the last session until a new one', async () => {
    await harness.loop.stop();
    harness = loopHarness({ serverUrl: proxy.url, maxKeptEvents: 0 });
    await started();
    emitStatuses(1);
    await waitUntil(() => harness.delivered.length === 1, 'an event');
    await proxy.down();
    await waitUntil(() => harness.loop.connectionStatus.state === 'reconnecting', 'the failure');
    harness.loop.resyncIfStale();
    // Not null: the renderer can show the shell, its drafts and the banner while offline.
    expect(harness.loop.session?.generation).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(harness.sessions).toHaveLength(1);

    await proxy.up();
    harness.loop.wake();
    await waitUntil(() => harness.sessions.length === 2, 'the fresh session');
    expect(harness.loop.session?.generation).toBe(2);
    const after = emitTyping(1);
    await waitUntil(() => harness.delivered.length === 2, 'the next event');
    expect(idsOf(harness.delivered, 2)).toEqual(after);
  });
});
