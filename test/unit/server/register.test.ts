import { describe, expect, it } from 'vitest';
import { channelId, demoUsers, sendToChannel, useServer } from './helpers';

describe('POST /register', () => {
  const h = useServer({
    timings: {
      heartbeatSeconds: 20,
      longpollTimeoutSeconds: 33,
      typingStartedWaitMs: 1111,
      typingStoppedWaitMs: 2222,
      typingStartedExpiryMs: 3333,
    },
  });

  it('returns the queue and the initial state a client needs', async () => {
    const { member } = demoUsers(h.server);
    const state = await h.as(member).ok('POST', '/register', {
      client_capabilities: { user_settings_object: true, empty_topic_name: true },
    });
    expect(typeof state.queue_id).toBe('string');
    expect(state.last_event_id).toBe(-1);
    expect(state).toMatchObject({
      service_feature_level: 400,
      event_queue_longpoll_timeout_seconds: 33,
      max_topic_length: 60,
      max_message_length: 10000,
      max_stream_name_length: 60,
      max_stream_description_length: 1024,
      realm_empty_topic_display_name: 'general chat',
      server_typing_started_wait_period_milliseconds: 1111,
      server_typing_stopped_wait_period_milliseconds: 2222,
      server_typing_started_expiry_period_milliseconds: 3333,
      user_id: member.user_id,
      email: member.email,
      full_name: 'Dmitri Ivanov',
      is_admin: false,
      is_guest: false,
      realm_name: 'Northwind Labs',
    });
    for (const key of [
      'user_settings',
      'realm_user_settings_defaults',
      'subscriptions',
      'unsubscribed',
      'never_subscribed',
      'realm_users',
      'realm_user_groups',
      'realm_linkifiers',
      'realm_emoji',
      'drafts',
      'saved_snippets',
      'user_status',
      'user_topics',
      'unread_msgs',
      'realm_allow_message_editing',
      'realm_message_content_edit_limit_seconds',
      'realm_move_messages_within_stream_limit_seconds',
      'realm_move_messages_between_streams_limit_seconds',
      'realm_can_move_messages_between_channels_group',
      'realm_can_move_messages_between_topics_group',
      'realm_can_resolve_topics_group',
      'realm_can_mention_many_users_group',
    ]) {
      expect(state, key).toHaveProperty(key);
    }
    // With user_settings_object the settings are not repeated at top level.
    expect(state).not.toHaveProperty('twenty_four_hour_time');
    expect((state.user_settings as Record<string, unknown>).receives_typing_notifications).toBe(true);
  });

  it('lists recent direct-message conversations, newest first, without the user in user_ids', async () => {
    const { member, owner, admin } = demoUsers(h.server);
    const toOwner = await h.as(member).ok('POST', '/messages', {
      type: 'direct',
      to: [owner.user_id],
      content: 'one to one',
    });
    const group = await h.as(member).ok('POST', '/messages', {
      type: 'direct',
      to: [owner.user_id, admin.user_id],
      content: 'a group conversation',
    });
    const state = await h
      .as(member)
      .ok('POST', '/register', { fetch_event_types: ['recent_private_conversations'] });
    const conversations = state.recent_private_conversations as {
      max_message_id: number;
      user_ids: number[];
    }[];
    expect(conversations[0]).toEqual({
      max_message_id: group.id,
      user_ids: [owner.user_id, admin.user_id].sort((a, b) => a - b),
    });
    expect(conversations).toContainEqual({ max_message_id: toOwner.id, user_ids: [owner.user_id] });
    const newestFirst = conversations.map((c) => c.max_message_id);
    expect(newestFirst).toEqual([...newestFirst].sort((a, b) => b - a));
    for (const c of conversations) expect(c.user_ids).not.toContain(member.user_id);
    // The owner sees the same one-to-one conversation from the other side.
    const ownerState = await h
      .as(owner)
      .ok('POST', '/register', { fetch_event_types: ['recent_private_conversations'] });
    expect(ownerState.recent_private_conversations).toContainEqual({
      max_message_id: toOwner.id,
      user_ids: [member.user_id],
    });
  });

  it('lists the member subscriptions, never-subscribed public channels and hides private ones', async () => {
    const { member } = demoUsers(h.server);
    const state = await h
      .as(member)
      .ok('POST', '/register', { fetch_event_types: ['subscription'], include_subscribers: true });
    const subs = state.subscriptions as Record<string, unknown>[];
    const names = subs.map((s) => s.name);
    expect(names).toContain('general');
    expect(names).toContain('engineering');
    expect(names).not.toContain('leadership');
    const general = subs.find((s) => s.name === 'general')!;
    expect(general).toMatchObject({ is_muted: false, in_home_view: true, invite_only: false });
    expect(typeof general.color).toBe('string');
    expect(general.subscribers as number[]).toContain(member.user_id);
    const never = (state.never_subscribed as Record<string, unknown>[]).map((s) => s.name);
    expect(never).toContain('design');
    expect(never).not.toContain('leadership');
    // Only the requested type was fetched.
    expect(state).not.toHaveProperty('realm_users');
    expect(state).not.toHaveProperty('unread_msgs');
  });

  it('reports realm users with roles and bots, without the internal notification bot', async () => {
    const { member, bot } = demoUsers(h.server);
    const state = await h.as(member).ok('POST', '/register', { fetch_event_types: ['realm_user'] });
    const users = state.realm_users as Record<string, unknown>[];
    expect(users.map((u) => u.role).sort()).toEqual([100, 200, 300, 400, 400, 400, 400, 600]);
    expect(users.find((u) => u.user_id === bot.user_id)).toMatchObject({
      is_bot: true,
      bot_owner_id: demoUsers(h.server).admin.user_id,
    });
    expect(users.some((u) => u.full_name === 'Notification Bot')).toBe(false);
  });

  it('reports system groups and user groups with subgroups', async () => {
    const { member } = demoUsers(h.server);
    const state = await h.as(member).ok('POST', '/register', { fetch_event_types: ['realm_user_groups'] });
    const groups = state.realm_user_groups as Record<string, unknown>[];
    const names = groups.map((g) => g.name);
    for (const n of [
      'role:internet',
      'role:everyone',
      'role:members',
      'role:fullmembers',
      'role:moderators',
      'role:administrators',
      'role:owners',
      'role:nobody',
    ]) {
      expect(names).toContain(n);
    }
    const team = groups.find((g) => g.name === 'engineering-team')!;
    const backend = groups.find((g) => g.name === 'backend')!;
    expect(team.direct_subgroup_ids).toContain(backend.id);
    expect(backend.members).toContain(member.user_id);
    expect(groups.find((g) => g.name === 'role:owners')!.members).toEqual([
      demoUsers(h.server).owner.user_id,
    ]);
  });

  it('gives legacy clients the settings at top level', async () => {
    const { member } = demoUsers(h.server);
    const state = await h.as(member).ok('POST', '/register', { fetch_event_types: ['user_settings'] });
    expect(state.twenty_four_hour_time).toBe(false);
    expect(state.user_settings).toBeDefined();
  });

  it('reports the empty topic as the display name unless the client supports empty topics', async () => {
    const { member } = demoUsers(h.server);
    const legacy = await h.as(member).ok('POST', '/register', { fetch_event_types: ['message'] });
    const topics = (legacy.unread_msgs as { streams: { topic: string }[] }).streams.map((s) => s.topic);
    expect(topics).toContain('general chat');
    expect(topics).not.toContain('');
    const modern = await h.as(member).ok('POST', '/register', {
      fetch_event_types: ['message'],
      client_capabilities: { empty_topic_name: true },
    });
    expect((modern.unread_msgs as { streams: { topic: string }[] }).streams.map((s) => s.topic)).toContain(
      '',
    );
  });

  it('returns realm linkifiers, custom emoji, drafts, snippets and statuses', async () => {
    const { owner, moderator } = demoUsers(h.server);
    const state = await h.as(owner).ok('POST', '/register', {
      fetch_event_types: ['realm_linkifiers', 'realm_emoji', 'drafts', 'saved_snippets', 'user_status'],
    });
    expect(state.realm_linkifiers).toEqual([
      {
        id: expect.any(Number),
        pattern: '#(?P<id>[0-9]+)',
        url_template: 'https://tracker.northwind.example/issues/{id}',
      },
    ]);
    expect(Object.values(state.realm_emoji as Record<string, { name: string }>).map((e) => e.name)).toContain(
      'northwind',
    );
    expect((state.drafts as unknown[]).length).toBeGreaterThan(0);
    expect((state.saved_snippets as { title: string }[])[0]!.title).toBe('Welcome');
    expect(
      (state.user_status as Record<string, { status_text: string }>)[String(moderator.user_id)]!.status_text,
    ).toBe('In workshops all day');
  });

  it('lists in unread mentions direct ones anywhere, wildcard ones only outside muted conversations', async () => {
    const { admin, member } = demoUsers(h.server);
    const topic = `muted ${Date.now()}`;
    await h.as(member).ok('POST', '/user_topics', {
      stream_id: channelId(h.server, 'random'),
      topic,
      visibility_policy: 1,
    });
    await h.as(member).ok('POST', '/users/me/subscriptions/properties', {
      subscription_data: [
        { stream_id: channelId(h.server, 'announcements'), property: 'is_muted', value: true },
      ],
    });
    const ben = h.as(admin);
    const wildcardMuted = await sendToChannel(ben, 'random', topic, '@**all** the book');
    const direct = await sendToChannel(ben, 'random', topic, '@**Dmitri Ivanov** the book');
    const group = await sendToChannel(ben, 'random', topic, '@*backend* the book');
    const wildcardMutedChannel = await sendToChannel(ben, 'announcements', 'news', '@**all** news');
    const wildcard = await sendToChannel(ben, 'general', topic, '@**all** lunch');
    const state = await h.as(member).ok('POST', '/register', { fetch_event_types: ['message'] });
    const mentions = (state.unread_msgs as { mentions: number[] }).mentions;
    expect(mentions).toEqual(expect.arrayContaining([direct, group, wildcard]));
    expect(mentions).not.toContain(wildcardMuted);
    expect(mentions).not.toContain(wildcardMutedChannel);
  });

  it('rejects malformed JSON parameters', async () => {
    const { member } = demoUsers(h.server);
    const r = await h.as(member).call('POST', '/register', { event_types: 'not json' });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
  });
});
