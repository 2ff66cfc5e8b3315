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
