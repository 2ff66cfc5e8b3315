import { describe, expect, it } from 'vitest';
import { channelId, demoUsers, useServer } from './helpers';

// Where the spec says "not shown", the reference server answers as the real service does at
// feature level 400 (issue 12 part 3). Each case here failed before its fix.
const h = useServer();

describe('parameters', () => {
  it('ignored_parameters_unsupported is sorted', async () => {
    const { member } = demoUsers(h.server);
    const r = await h
      .as(member)
      .ok('PATCH', '/settings', { zeta: 1, alpha: 2, twenty_four_hour_time: true, mid: 3 });
    expect(r.ignored_parameters_unsupported).toEqual(['alpha', 'mid', 'zeta']);
  });

  it('`topic` and its alias `subject` together are refused', async () => {
    const { member } = demoUsers(h.server);
    const before = h.server.realm.messages.length;
    const r = await h.as(member).call('POST', '/messages', {
      type: 'stream',
      to: channelId(h.server, 'general'),
      topic: 'one',
      subject: 'other',
      content: 'which topic?',
    });
    expect(r).toMatchObject({
      status: 400,
      body: {
        result: 'error',
        code: 'REQUEST_CONFUSING_VAR',
        msg: "Can't decide between 'topic' and 'subject' arguments",
      },
    });
    expect(h.server.realm.messages.length).toBe(before);
  });
});

describe('administrator-only refusals', () => {
  it('use the real service’s code, UNAUTHORIZED_PRINCIPAL', async () => {
    const { member } = demoUsers(h.server);
    const refusals = [
      await h.as(member).call('PATCH', '/realm/user_settings_defaults', { color_scheme: 2 }),
      await h.as(member).call('PATCH', '/realm', { name: 'Taken over' }),
    ];
    for (const r of refusals)
      expect(r.body).toMatchObject({
        code: 'UNAUTHORIZED_PRINCIPAL',
        msg: 'Must be an organization administrator',
      });
  });
});

describe('POST /register at level 400', () => {
  it('sends none of the fields the real service does not (role, is_billing_admin, avatar_version, user_list_incomplete, a demo deletion date)', async () => {
    const { member } = demoUsers(h.server);
    const state = await h
      .as(member)
      .ok('POST', '/register', { client_capabilities: { user_settings_object: true } });
    for (const field of [
      'role',
      'is_billing_admin',
      'avatar_version',
      'user_list_incomplete',
      'demo_organization_scheduled_deletion_date',
    ])
      expect(state, field).not.toHaveProperty(field);
    // The role is still there for the client, on the user's own entry.
    const self = (state.realm_users as { user_id: number; role: number }[]).find(
      (u) => u.user_id === member.user_id,
    );
    expect(self?.role).toBe(400);
  });

  it('realm_authentication_methods in the object form', async () => {
    const { member } = demoUsers(h.server);
    const state = await h.as(member).ok('POST', '/register', { fetch_event_types: ['realm'] });
    const methods = state.realm_authentication_methods as Record<string, unknown>;
    expect(Object.keys(methods).length).toBeGreaterThan(0);
    for (const value of Object.values(methods))
      expect(value).toEqual({ enabled: expect.any(Boolean), available: expect.any(Boolean) });
    expect(methods.Email).toEqual({ enabled: true, available: true });
  });

  it('realm_user_settings_defaults has no timezone (each person’s own, not an organization default)', async () => {
    const { member } = demoUsers(h.server);
    const state = await h
      .as(member)
      .ok('POST', '/register', { fetch_event_types: ['realm_user_settings_defaults'] });
    const defaults = state.realm_user_settings_defaults as Record<string, unknown>;
    expect(defaults).not.toHaveProperty('timezone');
    expect(defaults).toHaveProperty('twenty_four_hour_time');
  });

  it('a legacy client gets only the legacy settings at the top level', async () => {
    const { member } = demoUsers(h.server);
    const state = await h.as(member).ok('POST', '/register', { fetch_event_types: ['user_settings'] });
    expect(state).toHaveProperty('twenty_four_hour_time');
    expect(state).toHaveProperty('enable_sounds');
    // Newer preferences (read receipts, email visibility) live only in user_settings.
    expect(state).not.toHaveProperty('send_read_receipts');
    expect(state).not.toHaveProperty('email_address_visibility');
    expect(state.user_settings).toHaveProperty('send_read_receipts');
  });
});

describe('events and messages at level 400', () => {
  it('a default_streams event carries IDs, as register’s realm_default_streams', async () => {
    const { admin } = demoUsers(h.server);
    const q = await h.as(admin).register({ event_types: ['default_streams'] });
    const design = channelId(h.server, 'design');
    await h.as(admin).ok('PATCH', `/streams/${design}`, { is_default_stream: true });
    const [event] = await q.ofType('default_streams');
    const registered = await h.as(admin).ok('POST', '/register', { fetch_event_types: ['default_streams'] });
    expect(event?.default_streams).toEqual(registered.realm_default_streams);
    expect(event?.default_streams).toContain(design);
    await h.as(admin).ok('PATCH', `/streams/${design}`, { is_default_stream: false });
  });

  it('reactions in messages have user_id and no user object', async () => {
    const { member } = demoUsers(h.server);
    const general = channelId(h.server, 'general');
    const sent = await h.as(member).ok('POST', '/messages', {
      type: 'stream',
      to: general,
      topic: 'reactions',
      content: 'react to me',
    });
    await h.as(member).ok('POST', `/messages/${sent.id as number}/reactions`, { emoji_name: 'octopus' });
    const got = await h.as(member).ok('GET', `/messages/${sent.id as number}`);
    const reactions = (got.message as { reactions: Record<string, unknown>[] }).reactions;
    expect(reactions).toEqual([
      { emoji_name: 'octopus', emoji_code: '1f419', reaction_type: 'unicode_emoji', user_id: member.user_id },
    ]);
  });

  it('update_message has no prev_rendered_content_version', async () => {
    const { member } = demoUsers(h.server);
    const sent = await h.as(member).ok('POST', '/messages', {
      type: 'stream',
      to: channelId(h.server, 'general'),
      topic: 'edits',
      content: 'first',
    });
    const q = await h.as(member).register({ event_types: ['update_message'] });
    await h.as(member).ok('PATCH', `/messages/${sent.id as number}`, { content: 'second' });
    const [event] = await q.ofType('update_message');
    expect(event).toMatchObject({ rendered_content: '<p>second</p>' });
    expect(event).not.toHaveProperty('prev_rendered_content_version');
  });

  it('stream delete items carry only stream_id', async () => {
    const { admin, member } = demoUsers(h.server);
    const design = channelId(h.server, 'design');
    const channel = h.server.realm.channels.get(design)!;
    // The member must not be subscribed, so making the channel private takes it from them.
    const sub = channel.subscriptions.get(member.user_id);
    if (sub?.active)
      await h.as(member).ok('DELETE', '/users/me/subscriptions', { subscriptions: ['design'] });
    const q = await h.as(member).register({ event_types: ['stream'] });
    await h.as(admin).ok('PATCH', `/streams/${design}`, { is_private: true });
    const deletes = (await q.ofType('stream')).filter((e) => e.op === 'delete');
    expect(deletes.length).toBe(1);
    expect(deletes[0]!.streams).toEqual([{ stream_id: design }]);
  });
});
