import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChatEvent } from '../../../shared/api/events';
import { FaultProxy, startFaultProxy } from '../../support/fault-proxy';
import { idsOf, loopHarness, waitUntil, type Delivered } from '../../support/loop-harness';
import { pickUser, startReferenceServer, type RunningServer } from '../../support/reference-server';

// The event loop against the reference server (server/) through the fault proxy. Events are
// published straight into the server's event system (alert_words carrying a sequence number), so
// each test knows exactly which events must arrive: all of them, once, in order.

let server: RunningServer;
let proxy: FaultProxy;
let harness: ReturnType<typeof loopHarness>;
let sequence = 0;

const user = () => pickUser(server, 'admin');

function publish(count: number): number[] {
  const numbers: number[] = [];
  for (let i = 0; i < count; i++) {
    const n = sequence++;
    numbers.push(n);
    server.context.events.sink.publish([user().user_id], { type: 'alert_words', alert_words: [`seq-${n}`] });
  }
  return numbers;
}

/** The sequence numbers carried by the delivered alert_words events (other events are ignored). */
function numbersOf(delivered: Delivered[], generation?: number): number[] {
  return delivered
    .filter((item) => generation === undefined || item.generation === generation)
    .map((item) => item.event as ChatEvent & { alert_words?: string[] })
    .filter((event) => event.type === 'alert_words')
    .map((event) => Number((event.alert_words?.[0] ?? '').replace('seq-', '')));
}

async function faultsApplied(count: number) {
  await waitUntil(
    () => proxy.requests.filter((request) => request.fault !== 'forwarded').length >= count,
    'the fault',
  );
}

beforeAll(async () => {
  server = await startReferenceServer({ timings: { heartbeatSeconds: 1, longpollTimeoutSeconds: 2 } });
  proxy = await startFaultProxy(server.url);
});

afterAll(async () => {
  await proxy.down();
  await server.close();
});

beforeEach(async () => {
  proxy.requests.length = 0;
  proxy.setRule(null);
  harness = loopHarness({ serverUrl: proxy.url, email: user().email, apiKey: user().api_key });
  harness.loop.start();
  await waitUntil(() => harness.sessions.length === 1, 'the first session');
});

afterEach(async () => {
  await harness.loop.stop();
});

describe('event loop against the reference server', () => {
  it('receives message events with rendered HTML content (registers with apply_markdown)', async () => {
    const sender = pickUser(server, 'member');
    const response = await fetch(`${server.url}/api/v1/messages`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${sender.email}:${sender.api_key}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        type: 'stream',
        to: 'general',
        topic: 'markdown check',
        content: 'some **bold** text',
      }),
    });
    expect(response.status).toBe(200);
    const isOurMessage = (item: Delivered) =>
      item.event.type === 'message' && JSON.stringify(item.event).includes('bold');
    await waitUntil(() => harness.delivered.some(isOurMessage), 'the message event');
    const event = harness.delivered.find(isOurMessage)!.event as ChatEvent & {
      message?: { content?: string };
    };
    expect(event.message?.content).toContain('<strong>bold</strong>');
  });

  it('registers with the client capabilities and gets the initial state', () => {
    const state = harness.sessions[0]!.initialState;
    expect(state.queue_id).toEqual(expect.any(String));
    expect(state.service_feature_level).toBeGreaterThanOrEqual(89);
    expect(state.event_queue_longpoll_timeout_seconds).toBe(2);
    expect(harness.statuses.at(-1)).toEqual({ state: 'connected' });
  });

  it('delivers a burst of 10,000 events once each, in order', async () => {
    const numbers = publish(10_000);
    await waitUntil(() => numbersOf(harness.delivered).length >= 10_000, 'ten thousand events', 20_000);
    expect(numbersOf(harness.delivered)).toEqual(numbers);
    const ids = idsOf(harness.delivered);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('retries 500s and a malformed body without losing or repeating events', async () => {
    proxy.next({ kind: 'status', status: 500 }, '/events');
    proxy.next({ kind: 'malformed' }, '/events');
    await faultsApplied(1);
    const numbers = publish(5);
    await waitUntil(() => numbersOf(harness.delivered).length === 5, 'five events');
    expect(numbersOf(harness.delivered)).toEqual(numbers);
    expect(harness.sessions).toHaveLength(1);
    expect(harness.clock.waits).toHaveLength(2);
    for (const wait of harness.clock.waits) expect(wait).toBeLessThanOrEqual(harness.policy.capMs);
  });

  it('honours Retry-After on a 429', async () => {
    proxy.next(
      {
        kind: 'status',
        status: 429,
        headers: { 'Retry-After': '4' },
        body: '{"result":"error","msg":"API usage exceeded rate limit","code":"RATE_LIMIT_HIT"}',
      },
      '/events',
    );
    await faultsApplied(1);
    const numbers = publish(3);
    await waitUntil(() => numbersOf(harness.delivered).length === 3, 'three events');
    expect(numbersOf(harness.delivered)).toEqual(numbers);
    expect(harness.clock.waits).toHaveLength(1);
    expect(harness.clock.waits[0]).toBeGreaterThanOrEqual(4000);
  });

  it('rides out refused connections', async () => {
    await proxy.down();
    const numbers = publish(4);
    await waitUntil(() => harness.clock.waits.length >= 2, 'two failed attempts');
    await proxy.up();
    harness.loop.wake();
    await waitUntil(() => numbersOf(harness.delivered).length === 4, 'four events');
    expect(numbersOf(harness.delivered)).toEqual(numbers);
    expect(harness.sessions).toHaveLength(1);
  });

  it('abandons an answer slower than the long-poll timeout and gets its events once', async () => {
    proxy.next({ kind: 'delay', ms: 2600 }, '/events');
    await faultsApplied(1);
    const numbers = publish(3);
    await waitUntil(() => numbersOf(harness.delivered).length === 3, 'three events', 8000);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(numbersOf(harness.delivered)).toEqual(numbers);
    expect(harness.statuses.find((status) => status.state === 'unresponsive')).toMatchObject({
      reason: 'The server is not responding.',
    });
  });

  it('re-registers when the queue has expired, and continues in a new session', async () => {
    const before = publish(2);
    await waitUntil(() => numbersOf(harness.delivered).length === 2, 'two events');
    // The server forgets the queue (as its idle sweeper does); the next poll gets BAD_EVENT_QUEUE_ID.
    const queueId = harness.sessions[0]!.initialState.queue_id as string;
    server.context.events.delete(queueId, user().user_id);
    await waitUntil(() => harness.sessions.length === 2, 'a second session');
    const after = publish(3);
    await waitUntil(() => numbersOf(harness.delivered).length === 5, 'five events');
    expect(numbersOf(harness.delivered, 1)).toEqual(before);
    expect(numbersOf(harness.delivered, 2)).toEqual(after);
    expect(harness.clock.waits).toEqual([]);
  });
});

describe('event loop across a server restart', () => {
  /** A new server process: same accounts and keys, none of the old queues. */
  async function restartServer(): Promise<void> {
    const { email, api_key: key } = user();
    const restarted = await startReferenceServer({
      timings: { heartbeatSeconds: 1, longpollTimeoutSeconds: 2 },
    });
    const listed = pickUser(restarted, email);
    const account = restarted.realm.users.get(listed.user_id);
    if (account) account.api_key = key;
    listed.api_key = key;
    proxy.retarget(restarted.url);
    await server.close();
    server = restarted;
  }

  async function pollPending(): Promise<void> {
    const polls = () => proxy.requests.filter((request) => request.path.endsWith('/events')).length;
    const seen = polls();
    await waitUntil(() => polls() > seen, 'a pending poll');
  }

  it('survives the server dying mid-poll (connection cut) and a new one taking its place', async () => {
    const before = publish(2);
    await waitUntil(() => numbersOf(harness.delivered).length === 2, 'two events');
    await pollPending();
    await proxy.down(); // the poll's connection dies with the process; the port refuses for a while
    await restartServer();
    await waitUntil(() => harness.clock.waits.length >= 1, 'a failed attempt');
    await proxy.up();
    harness.loop.wake();

    await waitUntil(() => harness.sessions.length === 2, 'a session on the restarted server', 8000);
    const after = publish(3);
    await waitUntil(() => numbersOf(harness.delivered).length === 5, 'the new events');
    expect(numbersOf(harness.delivered, 1)).toEqual(before);
    expect(numbersOf(harness.delivered, 2)).toEqual(after);
    expect(harness.statuses.some((status) => status.state === 'reconnecting')).toBe(true);
    expect(harness.statuses.at(-1)).toEqual({ state: 'connected' });
  });

  it('re-registers after the server garbage-collects a queue left idle during an outage', async () => {
    // A server whose idle sweeper runs fast; the account (and its key) carried over as above.
    const { email, api_key: key } = user();
    const strict = await startReferenceServer({
      timings: { heartbeatSeconds: 1, longpollTimeoutSeconds: 2, queueIdleTimeoutSeconds: 1 },
    });
    const listed = pickUser(strict, email);
    const account = strict.realm.users.get(listed.user_id);
    if (account) account.api_key = key;
    listed.api_key = key;
    await harness.loop.stop();
    proxy.retarget(strict.url);
    await server.close();
    server = strict;
    harness = loopHarness({ serverUrl: proxy.url, email, apiKey: key });
    harness.loop.start();
    await waitUntil(() => harness.sessions.length === 1, 'the first session');
    const before = publish(2);
    await waitUntil(() => numbersOf(harness.delivered).length === 2, 'two events');

    await proxy.down();
    const queueId = harness.sessions[0]!.initialState.queue_id as string;
    await waitUntil(
      () => !server.context.events.queuesOf(listed.user_id).some((queue) => queue.id === queueId),
      'the idle queue to be collected',
      6000,
    );
    await proxy.up();
    harness.loop.wake();
    await waitUntil(() => harness.sessions.length === 2, 'a second session');
    const after = publish(2);
    await waitUntil(() => numbersOf(harness.delivered).length === 4, 'the new events');
    expect(numbersOf(harness.delivered, 1)).toEqual(before);
    expect(numbersOf(harness.delivered, 2)).toEqual(after);
  });

  it('survives a graceful restart that answers the pending poll on its way down', async () => {
    const before = publish(1);
    await waitUntil(() => numbersOf(harness.delivered).length === 1, 'one event');
    await pollPending();
    await restartServer();
    await waitUntil(() => harness.sessions.length === 2, 'a session on the restarted server', 8000);
    const after = publish(2);
    await waitUntil(() => numbersOf(harness.delivered).length === 3, 'the new events');
    expect(numbersOf(harness.delivered, 1)).toEqual(before);
    expect(numbersOf(harness.delivered, 2)).toEqual(after);
  });
});
