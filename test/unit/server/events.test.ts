import { describe, expect, it } from 'vitest';
import { demoUsers, useServer } from './helpers';
import { startServer } from '../../../server/index';

describe('GET /events and DELETE /events (4.5)', () => {
  const h = useServer({ timings: { heartbeatSeconds: 0.4, queueIdleTimeoutSeconds: 0.6 } });

  it('returns nothing at once with dont_block, then events with increasing ids', async () => {
    const { member } = demoUsers(h.server);
    const client = h.as(member);
    const q = await client.register();
    expect(await q.drain()).toEqual([]);
    h.server.realm.events.publish([member.user_id], { type: 'alert_words', alert_words: ['a'] });
    h.server.realm.events.publish([member.user_id], { type: 'alert_words', alert_words: ['b'] });
    const body = await client.ok('GET', '/events', {
      queue_id: q.queueId,
      last_event_id: -1,
      dont_block: true,
    });
    expect(body.queue_id).toBe(q.queueId);
    const events = body.events as { id: number; alert_words: string[] }[];
    expect(events.map((e) => e.alert_words)).toEqual([['a'], ['b']]);
    expect(events[1]!.id).toBeGreaterThan(events[0]!.id);
    // Acknowledging the first leaves only the second.
    const after = await client.ok('GET', '/events', {
      queue_id: q.queueId,
      last_event_id: events[0]!.id,
      dont_block: true,
    });
    expect((after.events as { id: number }[]).map((e) => e.id)).toEqual([events[1]!.id]);
    // Acknowledged events are pruned: asking again from -1 no longer returns the first.
    const again = await client.ok('GET', '/events', {
      queue_id: q.queueId,
      last_event_id: -1,
      dont_block: true,
    });
    expect((again.events as { id: number }[]).map((e) => e.id)).toEqual([events[1]!.id]);
  });

  it('blocks until an event arrives', async () => {
    const { member } = demoUsers(h.server);
    const client = h.as(member);
    const q = await client.register();
    const started = Date.now();
    const poll = client.ok('GET', '/events', { queue_id: q.queueId, last_event_id: -1 });
    setTimeout(
      () => h.server.realm.events.publish([member.user_id], { type: 'alert_words', alert_words: ['x'] }),
      150,
    );
    const body = await poll;
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    expect((body.events as { type: string }[]).map((e) => e.type)).toEqual(['alert_words']);
  });

  it('returns a heartbeat when nothing happens within the heartbeat period', async () => {
    const { member } = demoUsers(h.server);
    const client = h.as(member);
    const q = await client.register();
    const started = Date.now();
    const body = await client.ok('GET', '/events', { queue_id: q.queueId, last_event_id: -1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
    const events = body.events as { type: string; id: number }[];
    expect(events).toHaveLength(1);
    expect(events[0]!.type).toBe('heartbeat');
    expect(typeof events[0]!.id).toBe('number');
  });

  it('delivers an event only to the users it is for, and only to queues that asked for its type', async () => {
    const { member, member2 } = demoUsers(h.server);
    const mine = await h.as(member).register();
    const other = await h.as(member2).register();
    const filtered = await h.as(member).register({ event_types: ['typing'] });
    h.server.realm.events.publish([member.user_id], { type: 'alert_words', alert_words: ['z'] });
    expect((await mine.drain()).map((e) => e.type)).toEqual(['alert_words']);
    expect(await other.drain()).toEqual([]);
    expect(await filtered.drain()).toEqual([]);
  });

  it("refuses another user's queue and an unknown queue with BAD_EVENT_QUEUE_ID", async () => {
    const { member, member2 } = demoUsers(h.server);
    const q = await h.as(member).register();
    const r = await h.as(member2).call('GET', '/events', { queue_id: q.queueId, dont_block: true });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ result: 'error', code: 'BAD_EVENT_QUEUE_ID', queue_id: q.queueId });
    const u = await h.as(member).call('GET', '/events', { queue_id: 'nope', dont_block: true });
    expect(u.body).toMatchObject({
      code: 'BAD_EVENT_QUEUE_ID',
      queue_id: 'nope',
      msg: 'Bad event queue ID: nope',
    });
  });

  it('expires a queue that is not polled for the idle timeout', async () => {
    const { member } = demoUsers(h.server);
    const client = h.as(member);
    const q = await client.register();
    await new Promise((r) => setTimeout(r, 900));
    const r = await client.call('GET', '/events', { queue_id: q.queueId, dont_block: true });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'BAD_EVENT_QUEUE_ID', queue_id: q.queueId });
  });

  it('does not expire a queue while it is being polled', async () => {
    const { member } = demoUsers(h.server);
    const client = h.as(member);
    const q = await client.register();
    // Two heartbeats in a row span longer than the idle timeout.
    await client.ok('GET', '/events', { queue_id: q.queueId, last_event_id: -1 });
    await client.ok('GET', '/events', { queue_id: q.queueId, last_event_id: -1 });
    const r = await client.call('GET', '/events', { queue_id: q.queueId, dont_block: true });
    expect(r.body.result).toBe('success');
  });

  it('deletes a queue with DELETE /events', async () => {
    const { member } = demoUsers(h.server);
    const client = h.as(member);
    const q = await client.register();
    expect((await client.call('DELETE', '/events', { queue_id: q.queueId })).body.result).toBe('success');
    const r = await client.call('GET', '/events', { queue_id: q.queueId, dont_block: true });
    expect(r.body).toMatchObject({ code: 'BAD_EVENT_QUEUE_ID' });
    const again = await client.call('DELETE', '/events', { queue_id: q.queueId });
    expect(again.body).toMatchObject({ code: 'BAD_EVENT_QUEUE_ID' });
  });

  it('reports a client long-poll timeout longer than the heartbeat period', async () => {
    const { member } = demoUsers(h.server);
    const q = await h.as(member).register({ fetch_event_types: ['realm'] });
    // Configured: heartbeat 0.4 s, long-poll timeout left at its default.
    expect(q.state.event_queue_longpoll_timeout_seconds as number).toBeGreaterThan(0.4);
    const slow = await startServer({
      port: 0,
      quiet: true,
      timings: { heartbeatSeconds: 60, longpollTimeoutSeconds: 30 },
    });
    try {
      const owner = slow.credentials.users[0]!;
      const res = await fetch(`${slow.url}/api/v1/register`, {
        method: 'POST',
        headers: {
          authorization: 'Basic ' + Buffer.from(`${owner.email}:${owner.api_key}`).toString('base64'),
        },
        body: new URLSearchParams({ fetch_event_types: '["realm"]' }),
      });
      const body = (await res.json()) as { event_queue_longpoll_timeout_seconds: number };
      expect(body.event_queue_longpoll_timeout_seconds).toBeGreaterThan(60);
    } finally {
      await slow.close();
    }
  });

  it('registers a queue when GET /events gets no queue_id', async () => {
    const { member } = demoUsers(h.server);
    const body = await h.as(member).ok('GET', '/events', { dont_block: true, event_types: ['message'] });
    expect(typeof body.queue_id).toBe('string');
    expect(body.events).toEqual([]);
  });

  it('sends user_settings to modern clients and the deprecated events to legacy ones', async () => {
    const { member } = demoUsers(h.server);
    const modern = await h.as(member).register({ client_capabilities: { user_settings_object: true } });
    const legacy = await h.as(member).register();
    const publish = (property: string, value: unknown) =>
      h.server.realm.events.publish([member.user_id], {
        type: 'user_settings',
        op: 'update',
        property,
        value,
        __email: member.email,
      });
    publish('color_scheme', 2);
    publish('enable_sounds', false);
    expect(await modern.drain()).toEqual([
      expect.objectContaining({ type: 'user_settings', op: 'update', property: 'color_scheme', value: 2 }),
      expect.objectContaining({
        type: 'user_settings',
        op: 'update',
        property: 'enable_sounds',
        value: false,
      }),
    ]);
    const old = await legacy.drain();
    expect(old[0]).toMatchObject({
      type: 'update_display_settings',
      user: member.email,
      setting_name: 'color_scheme',
      setting: 2,
    });
    expect(old[1]).toMatchObject({
      type: 'update_global_notifications',
      user: member.email,
      notification_name: 'enable_sounds',
      setting: false,
    });
    expect(old[0]).not.toHaveProperty('__email');
  });

  it('missing queue_id on DELETE is REQUEST_VARIABLE_MISSING', async () => {
    const { member } = demoUsers(h.server);
    const r = await h.as(member).call('DELETE', '/events');
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      code: 'REQUEST_VARIABLE_MISSING',
      msg: "Missing 'queue_id' argument",
      var_name: 'queue_id',
    });
  });
});
