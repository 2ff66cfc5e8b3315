import { describe, expect, it } from 'vitest';
import { demoUsers, useServer } from './helpers';
import { channelByName, createChannel, type Channel } from '../../../server/realm/channels';
import { isSubscribed, subscribe } from '../../../server/realm/subscriptions';
import { SYSTEM_GROUPS } from '../../../server/realm/groups';
import type { User } from '../../../server/realm/users';

const h = useServer();
let counter = 0;
function freshChannel(extra: Partial<Channel> = {}, subscribers: User[] = []): Channel {
  const c = createChannel(h.server.realm, { name: `sub-test-${++counter}`, ...extra });
  for (const u of subscribers) subscribe(h.server.realm, c, u.user_id);
  return c;
}

describe('GET /users/me/subscriptions', () => {
  it('lists active subscriptions with personal properties; subscribers on request', async () => {
    const { member3 } = demoUsers(h.server);
    const body = await h.as(member3).ok('GET', '/users/me/subscriptions');
    const subs = body.subscriptions as Record<string, unknown>[];
    expect(subs.map((s) => s.name).sort()).toEqual(['announcements', 'design', 'general', 'random']);
    for (const key of [
      'color',
      'is_muted',
      'in_home_view',
      'pin_to_top',
      'desktop_notifications',
      'stream_id',
    ])
      expect(subs[0]).toHaveProperty(key);
    expect(subs[0]).not.toHaveProperty('subscribers');
    const withSubs = await h.as(member3).ok('GET', '/users/me/subscriptions', { include_subscribers: true });
    const design = (withSubs.subscriptions as { name: string; subscribers: number[] }[]).find(
      (s) => s.name === 'design',
    )!;
    expect(design.subscribers).toContain(member3.user_id);
  });
});

describe('POST /users/me/subscriptions', () => {
  it('subscribes self to a public channel: subscription add to me, peer_add to others', async () => {
    const { member, member2 } = demoUsers(h.server);
    const c = freshChannel({}, [member2]);
    const mine = await h.as(member).register({ event_types: ['subscription'], include_subscribers: true });
    const mineSlim = await h.as(member).register({ event_types: ['subscription'] });
    const peer = await h.as(member2).register({ event_types: ['subscription'] });
    const body = await h
      .as(member)
      .ok('POST', '/users/me/subscriptions', { subscriptions: [{ name: c.name }] });
    expect(body.subscribed).toEqual({ [String(member.user_id)]: [c.name] });
    expect(body.already_subscribed).toEqual({});
    expect(isSubscribed(c, member.user_id)).toBe(true);
    const [add] = await mine.drain();
    expect(add).toMatchObject({ type: 'subscription', op: 'add' });
    const sub = (add!.subscriptions as Record<string, unknown>[])[0]!;
    expect(sub).toMatchObject({ stream_id: c.stream_id, name: c.name, is_muted: false });
    expect(sub.subscribers).toEqual([member.user_id, member2.user_id].sort((a, b) => a - b));
    // Part 6: the fields of a `subscriptions` item.
    for (const key of [
      'stream_id',
      'name',
      'description',
      'rendered_description',
      'date_created',
      'creator_id',
      'invite_only',
      'desktop_notifications',
      'email_notifications',
      'wildcard_mentions_notify',
      'push_notifications',
      'audible_notifications',
      'pin_to_top',
      'is_muted',
      'in_home_view',
      'is_announcement_only',
      'is_web_public',
      'color',
      'stream_post_policy',
    ])
      expect(sub, key).toHaveProperty(key);
    expect(sub.in_home_view).toBe(!sub.is_muted);
    expect(sub.desktop_notifications).toBeNull();
    // Part 6: `subscribers` only for clients that registered with include_subscribers.
    const [slimAdd] = await mineSlim.drain();
    const slimSub = (slimAdd!.subscriptions as Record<string, unknown>[])[0]!;
    expect(slimSub).toMatchObject({ stream_id: c.stream_id, name: c.name });
    expect(slimSub).not.toHaveProperty('subscribers');
    expect(await peer.drain()).toEqual([
      expect.objectContaining({ op: 'peer_add', stream_ids: [c.stream_id], user_ids: [member.user_id] }),
    ]);
    // Again: already subscribed, no events.
    const again = await h
      .as(member)
      .ok('POST', '/users/me/subscriptions', { subscriptions: [{ name: c.name }] });
    expect(again.already_subscribed).toEqual({ [String(member.user_id)]: [c.name] });
    expect(await mine.drain()).toEqual([]);
  });

  it('guests and members cannot subscribe themselves to a private channel unless in can_subscribe_group', async () => {
    const { member, guest } = demoUsers(h.server);
    const c = freshChannel({ invite_only: true });
    for (const u of [member, guest]) {
      const r = await h.as(u).call('POST', '/users/me/subscriptions', { subscriptions: [{ name: c.name }] });
      expect(r.body).toMatchObject({ result: 'error', msg: `Unable to access channel (${c.name}).` });
    }
    const notFatal = await h.as(member).ok('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: c.name }],
      authorization_errors_fatal: false,
    });
    expect(notFatal.unauthorized).toEqual([c.name]);
    expect(notFatal.subscribed).toEqual({});
    c.can_subscribe_group = SYSTEM_GROUPS.members;
    await h.as(member).ok('POST', '/users/me/subscriptions', { subscriptions: [{ name: c.name }] });
    expect(isSubscribed(c, member.user_id)).toBe(true);
    // Guests are not in role:members.
    const r = await h
      .as(guest)
      .call('POST', '/users/me/subscriptions', { subscriptions: [{ name: c.name }] });
    expect(r.body.result).toBe('error');
  });

  it('a user added to a private channel they could not see gets stream create before subscription add', async () => {
    const { admin, member2 } = demoUsers(h.server);
    const c = freshChannel({ invite_only: true }, [admin]);
    const q = await h.as(member2).register({ event_types: ['stream', 'subscription'] });
    await h.as(admin).ok('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: c.name }],
      principals: [member2.user_id],
    });
    const events = await q.drain();
    expect(events.map((e) => `${e.type}/${e.op}`)).toEqual(['stream/create', 'subscription/add']);
    expect((events[0]!.streams as { stream_id: number }[])[0]!.stream_id).toBe(c.stream_id);
  });

  it('a guest cannot join a public channel on their own', async () => {
    const { guest } = demoUsers(h.server);
    const c = freshChannel();
    const r = await h
      .as(guest)
      .call('POST', '/users/me/subscriptions', { subscriptions: [{ name: c.name }] });
    expect(r.body.result).toBe('error');
    expect(isSubscribed(c, guest.user_id)).toBe(false);
  });

  it('subscribing others needs permission to add subscribers', async () => {
    const { admin, member, member2, guest } = demoUsers(h.server);
    const c = freshChannel({}, [member, guest]);
    // Members may add subscribers to channels they can access (realm can_add_subscribers_group).
    const byMember = await h.as(member).ok('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: c.name }],
      principals: [member2.user_id],
    });
    expect(byMember.subscribed).toEqual({ [String(member2.user_id)]: [c.name] });
    // Guests may not.
    const byGuest = await h.as(guest).call('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: c.name }],
      principals: [admin.email],
    });
    expect(byGuest.body.result).toBe('error');
    expect(isSubscribed(c, admin.user_id)).toBe(false);
    // A private channel: only its administrators or can_add_subscribers_group members.
    const p = freshChannel({ invite_only: true }, [member]);
    const r = await h.as(member).call('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: p.name }],
      principals: [member2.user_id],
    });
    expect(r.body.result).toBe('success'); // member is subscribed: content access + realm permission
    const outsider = freshChannel({ invite_only: true }, [admin]);
    const r2 = await h.as(member).call('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: outsider.name }],
      principals: [member2.user_id],
    });
    expect(r2.body.result).toBe('error');
    expect(isSubscribed(outsider, member2.user_id)).toBe(false);
    await h.as(admin).ok('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: outsider.name }],
      principals: [member2.user_id],
    });
    expect(isSubscribed(outsider, member2.user_id)).toBe(true);
  });

  it('users subscribed by someone else get a direct message from the notification bot', async () => {
    const { admin, member3, bot } = demoUsers(h.server);
    const realm = h.server.realm;
    const a = freshChannel();
    const b = freshChannel();
    const before = realm.messages.length;
    await h.as(admin).ok('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: a.name }, { name: b.name }],
      principals: [member3.user_id, bot.user_id, admin.user_id],
    });
    const dms = realm.messages.slice(before);
    expect(dms).toHaveLength(1); // not to the bot, not to the acting user
    expect(dms[0]!.type).toBe('private');
    expect(dms[0]!.dm_user_ids).toContain(member3.user_id);
    expect(dms[0]!.content).toContain(`#**${a.name}**`);
    expect(dms[0]!.content).toContain(`#**${b.name}**`);
    expect(realm.users.get(dms[0]!.sender_id)!.is_system_bot).toBe(true);
  });

  it('creates missing channels with the given settings and sends stream create to those who can see it', async () => {
    const { member, member2, guest } = demoUsers(h.server);
    const seer = await h.as(member2).register({ event_types: ['stream'] });
    const blind = await h.as(guest).register({ event_types: ['stream'] });
    const mine = await h.as(member).register({ event_types: ['subscription', 'stream'] });
    await h.as(member).ok('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'brand-new', description: 'Fresh *channel*' }],
    });
    const c = channelByName(h.server.realm, 'brand-new')!;
    expect(c).toBeDefined();
    expect(c.creator_id).toBe(member.user_id);
    expect(c.description).toBe('Fresh *channel*');
    expect(c.can_administer_channel_group).toEqual({
      direct_members: [member.user_id],
      direct_subgroups: [],
    });
    expect(isSubscribed(c, member.user_id)).toBe(true);
    const seen = await seer.drain();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ type: 'stream', op: 'create' });
    expect(await blind.drain()).toEqual([]);
    expect((await mine.drain()).map((e) => `${e.type}/${e.op}`)).toEqual([
      'stream/create',
      'subscription/add',
    ]);

    await h.as(member).ok('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'brand-new-private' }],
      invite_only: true,
      history_public_to_subscribers: false,
    });
    const p = channelByName(h.server.realm, 'brand-new-private')!;
    expect(p.invite_only).toBe(true);
    expect(p.history_public_to_subscribers).toBe(false);
    expect(await seer.drain()).toEqual([]); // private: member2 cannot see it
  });

  it('announce: the notification bot posts new public channels in the announcements channel', async () => {
    const { member } = demoUsers(h.server);
    const realm = h.server.realm;
    const before = realm.messages.length;
    await h.as(member).ok('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'announced-channel' }],
      announce: true,
    });
    const posted = realm.messages.slice(before);
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({
      stream_id: realm.settings.new_stream_announcements_stream_id,
      topic: 'new channels',
    });
    expect(posted[0]!.content).toContain('#**announced-channel**');
    expect(realm.users.get(posted[0]!.sender_id)!.is_system_bot).toBe(true);
    // Private channels and requests without announce are not announced.
    await h.as(member).ok('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'quiet-private' }],
      invite_only: true,
      announce: true,
    });
    await h.as(member).ok('POST', '/users/me/subscriptions', { subscriptions: [{ name: 'quiet-public' }] });
    expect(realm.messages.length).toBe(before + 1);
  });

  it('channel creation follows the realm creation permissions', async () => {
    const { guest, member, owner } = demoUsers(h.server);
    const r = await h
      .as(guest)
      .call('POST', '/users/me/subscriptions', { subscriptions: [{ name: 'guest-made' }] });
    expect(r.body).toMatchObject({ result: 'error', msg: 'Insufficient permission' });
    const web = await h.as(member).call('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'web-made' }],
      is_web_public: true,
    });
    expect(web.body.msg).toBe('Insufficient permission');
    await h.as(owner).ok('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'web-made' }],
      is_web_public: true,
    });
    expect(channelByName(h.server.realm, 'web-made')!.is_web_public).toBe(true);
    const def = await h.as(member).call('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'default-made' }],
      is_default_stream: true,
    });
    expect(def.body.msg).toBe('Must be an organization administrator');
    expect(channelByName(h.server.realm, 'default-made')).toBeUndefined();
    const bad = await h.as(member).call('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'x'.repeat(61) }],
    });
    expect(bad.body.msg).toBe('Channel name too long (limit: 60 characters).');
  });
});

describe('POST /users/me/subscriptions: the answer at feature level 400', () => {
  it('keys subscribed and already_subscribed by user ID; new_subscription_messages_sent unless asked not to send', async () => {
    const { admin, member, member2 } = demoUsers(h.server);
    const c = freshChannel({}, [member]);
    const realm = h.server.realm;
    const before = realm.messages.length;
    const body = await h.as(admin).ok('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: c.name }],
      principals: [member.user_id, member2.user_id],
    });
    expect(body).toMatchObject({
      subscribed: { [String(member2.user_id)]: [c.name] },
      already_subscribed: { [String(member.user_id)]: [c.name] },
      new_subscription_messages_sent: true,
    });
    expect(body).not.toHaveProperty('unauthorized');
    expect(realm.messages.length).toBe(before + 1); // the bot's message to member2

    const quiet = freshChannel();
    const silent = await h.as(admin).ok('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: quiet.name }],
      principals: [member2.user_id],
      send_new_subscription_messages: false,
    });
    expect(silent).not.toHaveProperty('new_subscription_messages_sent');
    expect(realm.messages.length).toBe(before + 1);
    expect(isSubscribed(quiet, member2.user_id)).toBe(true);
  });

  it('with authorization_errors_fatal false, channels one may not join are listed in unauthorized', async () => {
    const { member, admin } = demoUsers(h.server);
    const open = freshChannel();
    const closed = freshChannel({ invite_only: true }, [admin]);
    const body = await h.as(member).ok('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: open.name }, { name: closed.name }],
      authorization_errors_fatal: false,
    });
    expect(body).toMatchObject({
      subscribed: { [String(member.user_id)]: [open.name] },
      unauthorized: [closed.name],
    });
    expect(isSubscribed(closed, member.user_id)).toBe(false);
  });

  it("adding others to a channel one sees but may not add to is refused whole: 'Insufficient permission'", async () => {
    const { member, member2 } = demoUsers(h.server);
    const c = freshChannel({}, [member]);
    c.can_add_subscribers_group = SYSTEM_GROUPS.administrators;
    const realm = h.server.realm;
    const saved = realm.settings.can_add_subscribers_group;
    realm.settings.can_add_subscribers_group = SYSTEM_GROUPS.administrators;
    try {
      const r = await h.as(member).call('POST', '/users/me/subscriptions', {
        subscriptions: [{ name: c.name }],
        principals: [member2.user_id],
      });
      expect(r.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg: 'Insufficient permission' });
      expect(isSubscribed(c, member2.user_id)).toBe(false);
      // Joining oneself is still allowed.
      await h.as(member2).ok('POST', '/users/me/subscriptions', { subscriptions: [{ name: c.name }] });
      expect(isSubscribed(c, member2.user_id)).toBe(true);
    } finally {
      realm.settings.can_add_subscribers_group = saved;
    }
  });

  it('a private channel created with initial members: they get stream create and subscription add; others see nothing', async () => {
    const { member, member2, member3 } = demoUsers(h.server);
    const realm = h.server.realm;
    const invited = await h.as(member2).register({ event_types: ['stream', 'subscription'] });
    const outsider = await h.as(member3).register({ event_types: ['stream', 'subscription'] });
    const saved = realm.settings.can_create_private_channel_group;
    realm.settings.can_create_private_channel_group = SYSTEM_GROUPS.administrators;
    try {
      const refused = await h.as(member).call('POST', '/users/me/subscriptions', {
        subscriptions: [{ name: 'members-only-new', description: 'For **two**' }],
        invite_only: true,
        principals: [member.user_id, member2.user_id],
      });
      expect(refused.body.msg).toBe('Insufficient permission');
      expect(channelByName(realm, 'members-only-new')).toBeUndefined();
    } finally {
      realm.settings.can_create_private_channel_group = saved;
    }
    await h.as(member).ok('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'members-only-new', description: 'For **two**' }],
      invite_only: true,
      principals: [member.user_id, member2.user_id],
    });
    const c = channelByName(realm, 'members-only-new')!;
    expect(c.invite_only).toBe(true);
    expect(isSubscribed(c, member2.user_id)).toBe(true);
    expect((await invited.drain()).map((e) => `${e.type}/${e.op}`)).toEqual([
      'stream/create',
      'subscription/add',
    ]);
    expect(await outsider.drain()).toEqual([]);
  });
});

describe('DELETE /users/me/subscriptions', () => {
  it('unsubscribes self: subscription remove to me, peer_remove to others', async () => {
    const { member, member2 } = demoUsers(h.server);
    const c = freshChannel({}, [member, member2]);
    const mine = await h.as(member).register({ event_types: ['subscription'] });
    const peer = await h.as(member2).register({ event_types: ['subscription'] });
    const body = await h.as(member).ok('DELETE', '/users/me/subscriptions', { subscriptions: [c.name] });
    expect(body).toMatchObject({ removed: [c.name], not_removed: [] });
    expect(isSubscribed(c, member.user_id)).toBe(false);
    expect(await mine.drain()).toEqual([
      expect.objectContaining({ op: 'remove', subscriptions: [{ stream_id: c.stream_id, name: c.name }] }),
    ]);
    expect(await peer.drain()).toEqual([
      expect.objectContaining({ op: 'peer_remove', stream_ids: [c.stream_id], user_ids: [member.user_id] }),
    ]);
    const again = await h.as(member).ok('DELETE', '/users/me/subscriptions', { subscriptions: [c.name] });
    expect(again).toMatchObject({ removed: [], not_removed: [c.name] });
  });

  it('removing others needs can_remove_subscribers_group (administrators always)', async () => {
    const { admin, member, member2 } = demoUsers(h.server);
    const c = freshChannel({}, [member, member2]);
    const r = await h.as(member).call('DELETE', '/users/me/subscriptions', {
      subscriptions: [c.name],
      principals: [member2.user_id],
    });
    expect(r.body).toMatchObject({ result: 'error', msg: 'Insufficient permission' });
    expect(isSubscribed(c, member2.user_id)).toBe(true);
    await h.as(admin).ok('DELETE', '/users/me/subscriptions', {
      subscriptions: [c.name],
      principals: [member2.user_id],
    });
    expect(isSubscribed(c, member2.user_id)).toBe(false);
  });

  it('unknown channels are an error', async () => {
    const { member } = demoUsers(h.server);
    const r = await h.as(member).call('DELETE', '/users/me/subscriptions', { subscriptions: ['no-such'] });
    expect(r.body).toMatchObject({ result: 'error', msg: 'Channel(s) (no-such) do not exist' });
  });
});

describe('POST /users/me/subscriptions/properties', () => {
  it('updates personal properties with subscription update events', async () => {
    const { member } = demoUsers(h.server);
    const c = freshChannel({}, [member]);
    const q = await h.as(member).register({ event_types: ['subscription'] });
    await h.as(member).ok('POST', '/users/me/subscriptions/properties', {
      subscription_data: [
        { stream_id: c.stream_id, property: 'color', value: '#123456' },
        { stream_id: c.stream_id, property: 'is_muted', value: true },
        { stream_id: c.stream_id, property: 'desktop_notifications', value: null },
      ],
    });
    const sub = c.subscriptions.get(member.user_id)!;
    expect(sub.color).toBe('#123456');
    expect(sub.is_muted).toBe(true);
    const events = await q.drain();
    expect(events.map((e) => [e.op, e.property, e.value])).toEqual([
      ['update', 'color', '#123456'],
      ['update', 'is_muted', true],
      ['update', 'in_home_view', false],
      ['update', 'desktop_notifications', null],
    ]);
    // The deprecated in_home_view is still accepted (9.4), as the inverse of is_muted.
    await h.as(member).ok('POST', '/users/me/subscriptions/properties', {
      subscription_data: [{ stream_id: c.stream_id, property: 'in_home_view', value: true }],
    });
    expect(sub.is_muted).toBe(false);
    expect((await q.drain()).map((e) => [e.property, e.value])).toEqual(
      expect.arrayContaining([
        ['is_muted', false],
        ['in_home_view', true],
      ]),
    );
  });

  it('refuses unknown properties, bad values and channels the user is not subscribed to', async () => {
    const { member } = demoUsers(h.server);
    const c = freshChannel({}, [member]);
    const other = freshChannel();
    const call = (d: Record<string, unknown>) =>
      h.as(member).call('POST', '/users/me/subscriptions/properties', { subscription_data: [d] });
    expect((await call({ stream_id: c.stream_id, property: 'bogus', value: 1 })).body.msg).toBe(
      'Unknown subscription property: bogus',
    );
    expect((await call({ stream_id: c.stream_id, property: 'color', value: 'red' })).body.result).toBe(
      'error',
    );
    expect((await call({ stream_id: other.stream_id, property: 'pin_to_top', value: true })).body.msg).toBe(
      `Not subscribed to channel ID ${other.stream_id}`,
    );
  });
});
