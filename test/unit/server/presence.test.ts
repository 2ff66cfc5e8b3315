import { beforeEach, describe, expect, it } from 'vitest';
import { demoUsers, useServer } from './helpers';

/** POST /users/me/presence, the `presence` event and the register `presences` (real service's API docs). */
describe('presence', () => {
  const h = useServer();
  let now = 1_800_000_000;

  beforeEach(() => {
    now += 100_000;
    h.server.realm.clock = () => now * 1000;
    h.server.realm.presences.clear();
    h.server.realm.presenceDisabled = false;
    for (const u of h.server.realm.users.values()) u.settings.presence_enabled = true;
  });

  it('records an active report and answers everyone’s presences in the modern form', async () => {
    const { member, member2 } = demoUsers(h.server);
    await h.as(member2).ok('POST', '/users/me/presence', { status: 'idle' });
    now += 5;
    const body = await h
      .as(member)
      .ok('POST', '/users/me/presence', { status: 'active', new_user_input: true, slim_presence: true });
    expect(body.server_timestamp).toBe(now);
    expect(body).not.toHaveProperty('presence_last_update_id');
    expect(body.presences).toEqual({
      [String(member.user_id)]: { active_timestamp: now, idle_timestamp: now },
      [String(member2.user_id)]: { active_timestamp: 0, idle_timestamp: now - 5 },
    });
  });

  it('with last_update_id answers only what changed since, and the id to ask with next', async () => {
    const { member, member2 } = demoUsers(h.server);
    const first = await h
      .as(member)
      .ok('POST', '/users/me/presence', { status: 'active', last_update_id: -1 });
    expect(Object.keys(first.presences as object)).toEqual([String(member.user_id)]);
    const since = first.presence_last_update_id as number;
    now += 10;
    await h.as(member2).ok('POST', '/users/me/presence', { status: 'active' });
    now += 10;
    const second = await h
      .as(member)
      .ok('POST', '/users/me/presence', { status: 'idle', last_update_id: since });
    expect(second.presences).toEqual({
      [String(member2.user_id)]: { active_timestamp: now - 10, idle_timestamp: now - 10 },
      [String(member.user_id)]: { active_timestamp: now - 20, idle_timestamp: now },
    });
    expect(second.presence_last_update_id).toBeGreaterThan(since);
  });

  it('ping_only records the report and answers no presences', async () => {
    const { member, member2 } = demoUsers(h.server);
    const body = await h.as(member).ok('POST', '/users/me/presence', { status: 'active', ping_only: true });
    expect(body).not.toHaveProperty('presences');
    const other = await h
      .as(member2)
      .ok('POST', '/users/me/presence', { status: 'idle', slim_presence: true });
    expect((other.presences as Record<string, unknown>)[String(member.user_id)]).toEqual({
      active_timestamp: now,
      idle_timestamp: now,
    });
  });

  it('without a format parameter answers the legacy form keyed by email', async () => {
    const { member } = demoUsers(h.server);
    const body = await h.as(member).ok('POST', '/users/me/presence', { status: 'active' });
    expect((body.presences as Record<string, unknown>)[member.email]).toMatchObject({
      aggregated: { status: 'active', timestamp: now },
    });
  });

  it('refuses a status other than active or idle', async () => {
    const { member } = demoUsers(h.server);
    const r = await h.as(member).call('POST', '/users/me/presence', { status: 'away' });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
  });

  it('sends `presence` when someone comes online or becomes active, not on every ping', async () => {
    const { member, member2 } = demoUsers(h.server);
    const simple = await h
      .as(member2)
      .register({ client_capabilities: { simplified_presence_events: true } });
    const legacy = await h.as(member2).register();
    await h.as(member).ok('POST', '/users/me/presence', { status: 'idle' });
    expect(await simple.ofType('presence')).toEqual([
      expect.objectContaining({
        presences: { [String(member.user_id)]: { active_timestamp: 0, idle_timestamp: now } },
      }),
    ]);
    const [old] = await legacy.ofType('presence');
    expect(old).toMatchObject({
      user_id: member.user_id,
      email: member.email,
      presence: { website: { status: 'idle', timestamp: now } },
    });
    expect(old).not.toHaveProperty('presences');
    now += 30;
    await h.as(member).ok('POST', '/users/me/presence', { status: 'idle' });
    expect(await simple.ofType('presence')).toEqual([]);
    now += 30;
    await h.as(member).ok('POST', '/users/me/presence', { status: 'active' });
    expect(await simple.ofType('presence')).toEqual([
      expect.objectContaining({
        presences: { [String(member.user_id)]: { active_timestamp: now, idle_timestamp: now } },
      }),
    ]);
    now += 60;
    await h.as(member).ok('POST', '/users/me/presence', { status: 'active' });
    expect(await simple.ofType('presence')).toEqual([]);
  });

  it('register reports presences in the modern form with slim_presence, and the last update id', async () => {
    const { member, member2 } = demoUsers(h.server);
    await h.as(member).ok('POST', '/users/me/presence', { status: 'active' });
    const q = await h.as(member2).register({ slim_presence: true, fetch_event_types: ['presence'] });
    expect(q.state.presences).toEqual({
      [String(member.user_id)]: { active_timestamp: now, idle_timestamp: now },
    });
    expect(q.state.presence_last_update_id).toBe(h.server.realm.presences.get(member.user_id)!.lastUpdateId);
    const legacy = await h.as(member2).register({ fetch_event_types: ['presence'] });
    expect(Object.keys(legacy.state.presences as object)).toEqual([member.email]);
  });

  it('hides a user whose presence_enabled is off: no event, absent from everyone’s presences', async () => {
    const { member, member2 } = demoUsers(h.server);
    await h.as(member).ok('PATCH', '/settings', { presence_enabled: false });
    const q = await h.as(member2).register({ client_capabilities: { simplified_presence_events: true } });
    await h.as(member).ok('POST', '/users/me/presence', { status: 'active' });
    expect(await q.ofType('presence')).toEqual([]);
    const body = await h
      .as(member2)
      .ok('POST', '/users/me/presence', { status: 'active', slim_presence: true });
    expect(body.presences).not.toHaveProperty(String(member.user_id));
    const state = await h.as(member2).register({ slim_presence: true, fetch_event_types: ['presence'] });
    expect(state.state.presences).not.toHaveProperty(String(member.user_id));
  });

  it('shows nobody and sends nothing when the organization disabled presence', async () => {
    const { member, member2 } = demoUsers(h.server);
    h.server.realm.presenceDisabled = true;
    const q = await h.as(member2).register({ client_capabilities: { simplified_presence_events: true } });
    expect(q.state.realm_presence_disabled).toBe(true);
    await h.as(member).ok('POST', '/users/me/presence', { status: 'active' });
    expect(await q.ofType('presence')).toEqual([]);
    const body = await h
      .as(member2)
      .ok('POST', '/users/me/presence', { status: 'active', slim_presence: true });
    expect(body.presences).toEqual({});
  });
});
