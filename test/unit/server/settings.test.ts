import { describe, expect, it } from 'vitest';
import { demoUsers, useServer } from './helpers';
import { createUser, DEMO_PASSWORD } from '../../../server/realm/users';
import { SYSTEM_GROUPS } from '../../../server/realm/groups';
import { USER_SETTING_RULES } from '../../../server/realm/user-settings';
import { userDrafts } from '../../../server/realm/drafts';

const h = useServer();
const modern = { client_capabilities: { user_settings_object: true } };

describe('PATCH /settings (4.3, 4.6 column S)', () => {
  it('changes preferences and sends one user_settings event per changed setting', async () => {
    const { member } = demoUsers(h.server);
    const client = h.as(member);
    const q = await client.register({ event_types: ['user_settings'], ...modern });
    await client.ok('PATCH', '/settings', {
      twenty_four_hour_time: true,
      color_scheme: 2,
      web_home_view: 'recent_topics',
      emojiset: 'vendorB',
      enter_sends: member.settings.enter_sends, // unchanged: no event
    });
    expect(member.settings).toMatchObject({
      twenty_four_hour_time: true,
      color_scheme: 2,
      web_home_view: 'recent_topics',
      emojiset: 'vendorB',
    });
    const events = await q.drain();
    expect(events.map((e) => [e.type, e.op, e.property, e.value])).toEqual([
      ['user_settings', 'update', 'twenty_four_hour_time', true],
      ['user_settings', 'update', 'color_scheme', 2],
      ['user_settings', 'update', 'web_home_view', 'recent_topics'],
      ['user_settings', 'update', 'emojiset', 'vendorB'],
    ]);
    expect(events[0]).not.toHaveProperty('__email');
  });

  it('old clients get update_display_settings / update_global_notifications instead', async () => {
    const { member2 } = demoUsers(h.server);
    const client = h.as(member2);
    const q = await client.register({
      event_types: ['update_display_settings', 'update_global_notifications'],
    });
    await client.ok('PATCH', '/settings', { high_contrast_mode: true, enable_sounds: false });
    const events = await q.drain();
    expect(events).toEqual([
      expect.objectContaining({
        type: 'update_display_settings',
        user: member2.email,
        setting_name: 'high_contrast_mode',
        setting: true,
      }),
      expect.objectContaining({
        type: 'update_global_notifications',
        user: member2.email,
        notification_name: 'enable_sounds',
        setting: false,
      }),
    ]);
    // enter_sends was a display setting; read receipts were never announced by the deprecated events.
    await client.ok('PATCH', '/settings', { enter_sends: true, send_read_receipts: false });
    expect(await q.drain()).toEqual([
      expect.objectContaining({
        type: 'update_display_settings',
        setting_name: 'enter_sends',
        setting: true,
      }),
    ]);
  });

  it('default_language events carry language_name', async () => {
    const { member3 } = demoUsers(h.server);
    const q = await h.as(member3).register({ event_types: ['user_settings'], ...modern });
    await h.as(member3).ok('PATCH', '/settings', { default_language: 'de' });
    expect(await q.drain()).toEqual([
      expect.objectContaining({ property: 'default_language', value: 'de', language_name: 'German' }),
    ]);
    const bad = await h.as(member3).call('PATCH', '/settings', { default_language: 'klingon' });
    expect(bad.body).toMatchObject({ result: 'error', msg: 'Invalid default_language' });
  });

  it('every preference of the table is accepted with a valid value', async () => {
    const { moderator } = demoUsers(h.server);
    const params: Record<string, unknown> = {};
    for (const [name, rule] of Object.entries(USER_SETTING_RULES)) {
      const current = (moderator.settings as unknown as Record<string, unknown>)[name];
      if (rule.type === 'bool') params[name] = !current;
      else if (rule.type === 'int')
        params[name] = rule.values ? rule.values.find((v) => v !== current) : (current as number) + 1;
      else if (rule.values) params[name] = rule.values.find((v) => v !== current);
      else params[name] = 'Europe/Oslo';
    }
    const body = await h.as(moderator).ok('PATCH', '/settings', params);
    expect(body).not.toHaveProperty('ignored_parameters_unsupported');
    for (const [name, value] of Object.entries(params))
      expect((moderator.settings as unknown as Record<string, unknown>)[name]).toBe(value);
  });

  it('validates by type and allowed values', async () => {
    const { member } = demoUsers(h.server);
    const before = { ...member.settings };
    const cases: [Record<string, unknown>, string][] = [
      [{ color_scheme: 4 }, 'Invalid color_scheme'],
      [{ web_mark_read_on_scroll_policy: 0 }, 'Invalid web_mark_read_on_scroll_policy'],
      [{ demote_inactive_streams: 7 }, 'Invalid demote_inactive_streams'],
      [{ desktop_icon_count_display: 5 }, 'Invalid desktop_icon_count_display'],
      [{ email_address_visibility: 6 }, 'Invalid email_address_visibility'],
      [{ automatically_follow_topics_policy: 5 }, 'Invalid automatically_follow_topics_policy'],
      [{ web_home_view: 'home' }, 'Invalid web_home_view'],
      [{ emojiset: 'google' }, 'Invalid emojiset'],
      [{ web_animate_image_previews: 'sometimes' }, 'Invalid web_animate_image_previews'],
      [{ timezone: 'Mars/Olympus' }, 'Not a recognized time zone'],
      [{ notification_sound: 'gong' }, "Invalid notification sound 'gong'"],
      [{ email_notifications_batching_period_seconds: 5 }, 'Invalid email batching period: 5 seconds'],
      [{ web_font_size_px: 0 }, 'Invalid web_font_size_px'],
      [{ web_line_height_percent: -10 }, 'Invalid web_line_height_percent'],
    ];
    for (const [params, msg] of cases) {
      const r = await h.as(member).call('PATCH', '/settings', params);
      expect(r.body, JSON.stringify(params)).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg });
    }
    const wrongType = await h.as(member).call('PATCH', '/settings', { enter_sends: 'yes' });
    expect(wrongType.body.result).toBe('error');
    const intAsBool = await h.as(member).call('PATCH', '/settings', { color_scheme: true });
    expect(intAsBool.body.result).toBe('error');
    // One bad value refuses the whole request.
    const mixed = await h
      .as(member)
      .call('PATCH', '/settings', { left_side_userlist: true, color_scheme: 9 });
    expect(mixed.body.result).toBe('error');
    expect(member.settings).toEqual(before);
  });

  it('unknown parameters are listed in ignored_parameters_unsupported', async () => {
    const { member } = demoUsers(h.server);
    const body = await h.as(member).ok('PATCH', '/settings', { enter_sends: true, bogus_setting: true });
    expect(body.ignored_parameters_unsupported).toEqual(['bogus_setting']);
  });

  it('timezone also updates the profile time zone with a realm_user event to everyone', async () => {
    const { member, member2 } = demoUsers(h.server);
    const other = await h.as(member2).register({ event_types: ['realm_user'] });
    await h.as(member).ok('PATCH', '/settings', { timezone: 'America/Chicago' });
    expect(member.timezone).toBe('America/Chicago');
    expect(await other.drain()).toEqual([
      expect.objectContaining({
        type: 'realm_user',
        op: 'update',
        person: { user_id: member.user_id, email: member.email, timezone: 'America/Chicago' },
      }),
    ]);
  });

  it('realm_user updates go only to users who can access the changed user (part 6)', async () => {
    const { guest, member, member2 } = demoUsers(h.server);
    const realm = h.server.realm;
    const outsider = createUser(realm, { email: 'tz-outsider@northwind.example', full_name: 'Tz Outsider' });
    realm.settings.can_access_all_users_group = SYSTEM_GROUPS.members;
    try {
      const guestQ = await h.as(guest).register({ event_types: ['realm_user'] });
      const memberQ = await h.as(member2).register({ event_types: ['realm_user'] });
      await h.as(outsider).ok('PATCH', '/settings', { timezone: 'Asia/Tokyo', full_name: 'Tz Out' });
      expect(await guestQ.drain()).toEqual([]);
      expect((await memberQ.drain()).map((e) => Object.keys(e.person as object).sort())).toEqual(
        expect.arrayContaining([
          ['full_name', 'user_id'],
          ['email', 'timezone', 'user_id'],
        ]),
      );
      // The guest shares channels with `member`, so hears about their changes.
      await h.as(member).ok('PATCH', '/settings', { timezone: 'Europe/Oslo' });
      expect(await guestQ.drain()).toEqual([
        expect.objectContaining({
          person: { user_id: member.user_id, email: member.email, timezone: 'Europe/Oslo' },
        }),
      ]);
    } finally {
      realm.settings.can_access_all_users_group = SYSTEM_GROUPS.everyone;
    }
  });

  it('full_name changes the display name with a realm_user update; bad names refused', async () => {
    const { member3, member } = demoUsers(h.server);
    const other = await h.as(member).register({ event_types: ['realm_user'] });
    await h.as(member3).ok('PATCH', '/settings', { full_name: '  Farid H.  ' });
    expect(member3.full_name).toBe('Farid H.');
    expect(await other.drain()).toEqual([
      expect.objectContaining({ op: 'update', person: { user_id: member3.user_id, full_name: 'Farid H.' } }),
    ]);
    expect((await h.as(member3).call('PATCH', '/settings', { full_name: '   ' })).body.msg).toBe(
      'Name too short!',
    );
    expect((await h.as(member3).call('PATCH', '/settings', { full_name: 'x'.repeat(101) })).body.msg).toBe(
      'Name too long!',
    );
    expect((await h.as(member3).call('PATCH', '/settings', { full_name: 'a*b' })).body.msg).toBe(
      'Invalid characters in name!',
    );
  });

  it('email starts a confirmation: the address does not change, a pending one is recorded', async () => {
    const { member2 } = demoUsers(h.server);
    const before = member2.email;
    await h.as(member2).ok('PATCH', '/settings', { email: 'elena.new@northwind.example' });
    expect(member2.email).toBe(before);
    expect(member2.delivery_email).toBe(before);
    expect(member2.pending_email).toBe('elena.new@northwind.example');
    expect((await h.as(member2).call('PATCH', '/settings', { email: 'not-an-address' })).body.msg).toBe(
      'Invalid address.',
    );
    expect(
      (await h.as(member2).call('PATCH', '/settings', { email: 'ada@northwind.example' })).body.msg,
    ).toBe('Email is already in use.');
  });

  it('new_password requires the right old_password', async () => {
    const { guest } = demoUsers(h.server);
    const client = h.as(guest);
    expect((await client.call('PATCH', '/settings', { new_password: 'another-secret' })).body.msg).toBe(
      'Wrong password!',
    );
    expect(
      (await client.call('PATCH', '/settings', { old_password: 'guess', new_password: 'another-secret' }))
        .body.msg,
    ).toBe('Wrong password!');
    expect(
      (await client.call('PATCH', '/settings', { old_password: DEMO_PASSWORD, new_password: '123' })).body
        .msg,
    ).toBe('New password is too weak!');
    expect(guest.password).toBe(DEMO_PASSWORD);
    await client.ok('PATCH', '/settings', { old_password: DEMO_PASSWORD, new_password: 'another-secret' });
    expect(guest.password).toBe('another-secret');
  });

  it('disabling enable_drafts_synchronization deletes the stored drafts', async () => {
    const { owner } = demoUsers(h.server);
    expect(userDrafts(h.server.realm, owner.user_id).length).toBeGreaterThan(0);
    await h.as(owner).ok('PATCH', '/settings', { enable_drafts_synchronization: false });
    expect(userDrafts(h.server.realm, owner.user_id)).toEqual([]);
    await h.as(owner).ok('PATCH', '/settings', { enable_drafts_synchronization: true });
  });

  it('email_address_visibility sends delivery_email updates to users whose view changes', async () => {
    const { admin, member, member2 } = demoUsers(h.server);
    const adminQ = await h.as(admin).register({ event_types: ['realm_user'] });
    const memberQ = await h.as(member2).register({ event_types: ['realm_user'] });
    await h.as(member).ok('PATCH', '/settings', { email_address_visibility: 3 }); // administrators only
    expect(await adminQ.drain()).toEqual([]); // could see it before and still can
    expect(await memberQ.drain()).toEqual([
      expect.objectContaining({ person: { user_id: member.user_id, delivery_email: null } }),
    ]);
  });

  it('PATCH /settings/display and /settings/notifications are deprecated aliases', async () => {
    const { member } = demoUsers(h.server);
    await h.as(member).ok('PATCH', '/settings/display', { fluid_layout_width: true });
    await h.as(member).ok('PATCH', '/settings/notifications', { enable_digest_emails: false });
    expect(member.settings.fluid_layout_width).toBe(true);
    expect(member.settings.enable_digest_emails).toBe(false);
  });
});
