import { describe, expect, it } from 'vitest';
import { demoUsers, useServer } from './helpers';
import { SYSTEM_GROUPS } from '../../../server/realm/groups';
import { createChannel } from '../../../server/realm/channels';
import { USER_SETTING_RULES } from '../../../server/realm/user-settings';

const h = useServer();

describe('PATCH /realm/user_settings_defaults (4.6 column D)', () => {
  it('administrators only; moderators, members and guests are refused', async () => {
    const { moderator, member, guest } = demoUsers(h.server);
    for (const u of [moderator, member, guest]) {
      const r = await h.as(u).call('PATCH', '/realm/user_settings_defaults', { color_scheme: 2 });
      expect(r.body).toMatchObject({
        result: 'error',
        code: 'UNAUTHORIZED_PRINCIPAL',
        msg: 'Must be an organization administrator',
      });
    }
    expect(h.server.realm.userSettingsDefaults.color_scheme).toBe(1);
  });

  it('changes the defaults (not existing users) with realm_user_settings_defaults events to everyone', async () => {
    const { admin, member } = demoUsers(h.server);
    const q = await h.as(member).register({ event_types: ['realm_user_settings_defaults'] });
    const before = member.settings.color_scheme;
    await h.as(admin).ok('PATCH', '/realm/user_settings_defaults', { color_scheme: 3, enter_sends: true });
    expect(h.server.realm.userSettingsDefaults).toMatchObject({ color_scheme: 3, enter_sends: true });
    expect(member.settings.color_scheme).toBe(before);
    expect((await q.drain()).map((e) => [e.type, e.op, e.property, e.value])).toEqual([
      ['realm_user_settings_defaults', 'update', 'color_scheme', 3],
      ['realm_user_settings_defaults', 'update', 'enter_sends', true],
    ]);
  });

  it('settings outside column D are not accepted (reported as ignored); values are validated', async () => {
    const { owner } = demoUsers(h.server);
    const body = await h.as(owner).ok('PATCH', '/realm/user_settings_defaults', {
      default_language: 'de',
      timezone: 'Europe/Oslo',
      enable_marketing_emails: false,
      enable_login_emails: false,
    });
    expect((body.ignored_parameters_unsupported as string[]).sort()).toEqual([
      'default_language',
      'enable_login_emails',
      'enable_marketing_emails',
      'timezone',
    ]);
    expect(h.server.realm.userSettingsDefaults.default_language).toBe('en');
    const bad = await h.as(owner).call('PATCH', '/realm/user_settings_defaults', { user_list_style: 4 });
    expect(bad.body.msg).toBe('Invalid user_list_style');
  });
});

describe('PATCH /realm', () => {
  it('administrators only', async () => {
    const { moderator, member, guest } = demoUsers(h.server);
    for (const u of [moderator, member, guest]) {
      const r = await h.as(u).call('PATCH', '/realm', { name: 'Hijacked' });
      expect(r.body.msg).toBe('Must be an organization administrator');
    }
    expect(h.server.realm.settings.name).toBe('Northwind Labs');
  });

  it('updates settings with one realm event per setting to every user, in the real service’s forms', async () => {
    const { admin, member, guest } = demoUsers(h.server);
    const qs = [
      await h.as(member).register({ event_types: ['realm'] }),
      await h.as(guest).register({ event_types: ['realm'] }),
    ];
    await h.as(admin).ok('PATCH', '/realm', {
      allow_message_editing: false,
      message_content_edit_limit_seconds: 'unlimited',
      move_messages_within_stream_limit_seconds: 3600,
      name: 'Northwind',
      description: 'We *build* things',
    });
    const s = h.server.realm.settings;
    expect(s).toMatchObject({
      allow_message_editing: false,
      message_content_edit_limit_seconds: null,
      move_messages_within_stream_limit_seconds: 3600,
      name: 'Northwind',
      description: 'We *build* things',
    });
    for (const q of qs) {
      const events = await q.drain();
      expect(events.map(({ id: _id, ...rest }) => rest)).toEqual([
        { type: 'realm', op: 'update', property: 'name', value: 'Northwind' },
        {
          type: 'realm',
          op: 'update',
          property: 'description',
          value: expect.stringContaining('<em>build</em>'),
        },
        { type: 'realm', op: 'update_dict', property: 'default', data: { allow_message_editing: false } },
        {
          type: 'realm',
          op: 'update_dict',
          property: 'default',
          data: { message_content_edit_limit_seconds: null },
        },
        { type: 'realm', op: 'update', property: 'move_messages_within_stream_limit_seconds', value: 3600 },
      ]);
    }
  });

  it('nothing changed: no event', async () => {
    const { admin } = demoUsers(h.server);
    const q = await h.as(admin).register({ event_types: ['realm'] });
    await h
      .as(admin)
      .ok('PATCH', '/realm', { allow_message_editing: h.server.realm.settings.allow_message_editing });
    expect(await q.drain()).toEqual([]);
  });

  it('group settings take {new, old}; old must match; role:internet refused', async () => {
    const { admin } = demoUsers(h.server);
    const q = await h.as(admin).register({ event_types: ['realm'] });
    const mismatch = await h.as(admin).call('PATCH', '/realm', {
      can_invite_users_group: { new: SYSTEM_GROUPS.administrators, old: SYSTEM_GROUPS.moderators },
    });
    expect(mismatch.body.msg).toBe("'old' value does not match the expected value.");
    await h.as(admin).ok('PATCH', '/realm', {
      can_invite_users_group: { new: SYSTEM_GROUPS.administrators, old: SYSTEM_GROUPS.members },
      can_resolve_topics_group: { new: { direct_members: [admin.user_id], direct_subgroups: [] } },
    });
    expect(h.server.realm.settings.can_invite_users_group).toBe(SYSTEM_GROUPS.administrators);
    expect(h.server.realm.settings.can_resolve_topics_group).toEqual({
      direct_members: [admin.user_id],
      direct_subgroups: [],
    });
    // One update_dict per group setting.
    expect((await q.drain()).map((e) => [e.op, e.data])).toEqual([
      [
        'update_dict',
        { can_resolve_topics_group: { direct_members: [admin.user_id], direct_subgroups: [] } },
      ],
      ['update_dict', { can_invite_users_group: SYSTEM_GROUPS.administrators }],
    ]);
    const internet = await h.as(admin).call('PATCH', '/realm', {
      can_create_groups: { new: SYSTEM_GROUPS.internet },
    });
    expect(internet.body.msg).toBe("'can_create_groups' setting cannot be set to 'role:internet' group.");
    // Restore for other tests.
    await h.as(admin).ok('PATCH', '/realm', { can_invite_users_group: { new: SYSTEM_GROUPS.members } });
  });

  it('validates values', async () => {
    const { owner } = demoUsers(h.server);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '  ' }, "Organization name can't be empty."],
      [{ name: 'x'.repeat(41) }, 'name is too long (limit: 40 characters)'],
      [{ description: 'd'.repeat(1001) }, 'description is too long (limit: 1000 characters)'],
      [{ message_content_edit_limit_seconds: 0 }, 'Invalid message_content_edit_limit_seconds'],
      [
        { move_messages_between_streams_limit_seconds: 'soon' },
        'Invalid move_messages_between_streams_limit_seconds',
      ],
      [{ topics_policy: 'whatever' }, 'Invalid topics_policy'],
      [{ digest_weekday: 7 }, 'Invalid digest_weekday'],
      [{ new_stream_announcements_stream_id: 9999 }, 'Invalid channel ID'],
    ];
    for (const [params, msg] of cases) {
      const r = await h.as(owner).call('PATCH', '/realm', params);
      expect(r.body, JSON.stringify(params)).toMatchObject({ result: 'error', msg });
    }
  });

  it('the moderation request channel must be private, and then cannot be made public', async () => {
    const { owner } = demoUsers(h.server);
    const realm = h.server.realm;
    const pub = createChannel(realm, { name: 'mod-public' });
    const priv = createChannel(realm, { name: 'mod-private', invite_only: true });
    const r = await h.as(owner).call('PATCH', '/realm', { moderation_request_channel_id: pub.stream_id });
    expect(r.body.msg).toBe('Moderation request channel must be private.');
    await h.as(owner).ok('PATCH', '/realm', { moderation_request_channel_id: priv.stream_id });
    expect(realm.settings.moderation_request_channel_id).toBe(priv.stream_id);
    await h.as(owner).ok('PATCH', '/realm', { moderation_request_channel_id: -1 });
  });

  it('enable_spectator_access gates making channels web-public', async () => {
    const { owner } = demoUsers(h.server);
    const c = createChannel(h.server.realm, { name: 'spectators' });
    await h.as(owner).ok('PATCH', '/realm', { enable_spectator_access: false });
    const r = await h.as(owner).call('PATCH', `/streams/${c.stream_id}`, { is_web_public: true });
    expect(r.body.msg).toBe('Web-public channels are not enabled.');
    await h.as(owner).ok('PATCH', '/realm', { enable_spectator_access: true });
    await h.as(owner).ok('PATCH', `/streams/${c.stream_id}`, { is_web_public: true });
  });
});

/** The preference table of spec 4.6, in its order; `false` marks column D = no. */
const PREFERENCE_TABLE: [string, boolean][] = [
  ['twenty_four_hour_time', true],
  ['starred_message_counts', true],
  ['receives_typing_notifications', true],
  ['web_suggest_update_timezone', true],
  ['fluid_layout_width', true],
  ['high_contrast_mode', true],
  ['web_mark_read_on_scroll_policy', true],
  ['web_channel_default_view', true],
  ['web_font_size_px', true],
  ['web_line_height_percent', true],
  ['color_scheme', true],
  ['enable_drafts_synchronization', true],
  ['translate_emoticons', true],
  ['display_emoji_reaction_users', true],
  ['default_language', false],
  ['web_home_view', true],
  ['web_escape_navigates_to_home_view', true],
  ['left_side_userlist', true],
  ['emojiset', true],
  ['demote_inactive_streams', true],
  ['user_list_style', true],
  ['web_animate_image_previews', true],
  ['web_stream_unreads_count_display_policy', true],
  ['hide_ai_features', true],
  ['timezone', false],
  ['enable_stream_desktop_notifications', true],
  ['enable_stream_email_notifications', true],
  ['enable_stream_push_notifications', true],
  ['enable_stream_audible_notifications', true],
  ['notification_sound', true],
  ['enable_desktop_notifications', true],
  ['enable_sounds', true],
  ['email_notifications_batching_period_seconds', true],
  ['enable_offline_email_notifications', true],
  ['enable_offline_push_notifications', true],
  ['enable_online_push_notifications', true],
  ['enable_followed_topic_desktop_notifications', true],
  ['enable_followed_topic_email_notifications', true],
  ['enable_followed_topic_push_notifications', true],
  ['enable_followed_topic_audible_notifications', true],
  ['enable_digest_emails', true],
  ['enable_marketing_emails', false],
  ['enable_login_emails', false],
  ['message_content_in_email_notifications', true],
  ['pm_content_in_desktop_notifications', true],
  ['wildcard_mentions_notify', true],
  ['enable_followed_topic_wildcard_mentions_notify', true],
  ['desktop_icon_count_display', true],
  ['realm_name_in_email_notifications_policy', true],
  ['automatically_follow_topics_policy', true],
  ['automatically_unmute_topics_in_muted_streams_policy', true],
  ['automatically_follow_topics_where_mentioned', true],
  ['presence_enabled', true],
  ['enter_sends', true],
  ['send_private_typing_notifications', true],
  ['send_stream_typing_notifications', true],
  ['send_read_receipts', true],
  ['email_address_visibility', true],
  ['web_navigate_to_sent_message', true],
];

describe('the 4.6 preference table, column by column', () => {
  it('every row is accepted by PATCH /settings (column S) and, where D says yes, by the defaults endpoint', async () => {
    const { admin } = demoUsers(h.server);
    const realm = h.server.realm;
    for (const [name, inD] of PREFERENCE_TABLE) {
      const rule = USER_SETTING_RULES[name as keyof typeof USER_SETTING_RULES];
      expect(rule, name).toBeDefined();
      const current = (admin.settings as unknown as Record<string, unknown>)[name];
      const value =
        rule.type === 'bool'
          ? !current
          : rule.type === 'int'
            ? (rule.values?.find((v) => v !== current) ?? (current as number) + 1)
            : (rule.values?.find((v) => v !== current) ?? 'Europe/Oslo');
      const s = await h.as(admin).ok('PATCH', '/settings', { [name]: value });
      expect(s, name).not.toHaveProperty('ignored_parameters_unsupported');
      expect((admin.settings as unknown as Record<string, unknown>)[name], name).toEqual(value);
      const d = await h.as(admin).ok('PATCH', '/realm/user_settings_defaults', { [name]: value });
      if (inD) {
        expect(d, name).not.toHaveProperty('ignored_parameters_unsupported');
        expect((realm.userSettingsDefaults as unknown as Record<string, unknown>)[name], name).toEqual(value);
      } else expect(d.ignored_parameters_unsupported, name).toEqual([name]);
    }
  });
});
