import { describe, expect, it } from 'vitest';
import { demoUsers, useServer } from './helpers';
import { channelByName, createChannel, type Channel } from '../../../server/realm/channels';
import { subscribe } from '../../../server/realm/subscriptions';
import { SYSTEM_GROUPS } from '../../../server/realm/groups';
import type { User } from '../../../server/realm/users';

const h = useServer();

const byName = (name: string) => channelByName(h.server.realm, name)!;
const names = (body: Record<string, unknown>) =>
  (body.streams as { name: string }[]).map((s) => s.name).sort();

let counter = 0;
/** A fresh channel for one test, so tests do not depend on each other's edits. */
function freshChannel(extra: Partial<Channel> = {}, subscribers: User[] = []): Channel {
  const c = createChannel(h.server.realm, { name: `test-${++counter}`, ...extra });
  for (const u of subscribers) subscribe(h.server.realm, c, u.user_id);
  return c;
}

describe('GET /streams (4.9)', () => {
  it('defaults: public and subscribed channels, archived dropped', async () => {
    const { member } = demoUsers(h.server);
    const body = await h.as(member).ok('GET', '/streams');
    const got = names(body);
    expect(got).toEqual(expect.arrayContaining(['general', 'engineering', 'design', 'random', 'help']));
    expect(got).not.toContain('leadership'); // private, not subscribed
    expect(got).not.toContain('old-projects'); // archived
    const first = (body.streams as Record<string, unknown>[])[0]!;
    expect(first).not.toHaveProperty('is_default');
    for (const key of [
      'stream_id',
      'rendered_description',
      'can_send_message_group',
      'stream_weekly_traffic',
    ])
      expect(first).toHaveProperty(key);
  });

  it('exclude_archived=false includes archived channels', async () => {
    const { member } = demoUsers(h.server);
    const body = await h.as(member).ok('GET', '/streams', { exclude_archived: false });
    expect(names(body)).toContain('old-projects');
  });

  it('include_public=false leaves only subscribed channels', async () => {
    const { member3 } = demoUsers(h.server);
    const body = await h.as(member3).ok('GET', '/streams', { include_public: false });
    expect(names(body)).toEqual(['announcements', 'design', 'general', 'random']);
  });

  it('include_subscribed=false with include_public=false gives nothing; include_web_public adds web-public', async () => {
    const { member3 } = demoUsers(h.server);
    const none = await h
      .as(member3)
      .ok('GET', '/streams', { include_public: false, include_subscribed: false });
    expect(names(none)).toEqual([]);
    const web = await h.as(member3).ok('GET', '/streams', {
      include_public: false,
      include_subscribed: false,
      include_web_public: true,
    });
    expect(names(web)).toEqual(['help']);
  });

  it('guests do not get public channels they are not subscribed to', async () => {
    const { guest } = demoUsers(h.server);
    const body = await h.as(guest).ok('GET', '/streams');
    expect(names(body)).toEqual(['announcements', 'design', 'general', 'help']);
  });

  it('include_default adds default channels and the is_default field', async () => {
    const { member3 } = demoUsers(h.server);
    const body = await h.as(member3).ok('GET', '/streams', {
      include_public: false,
      include_subscribed: false,
      include_default: true,
    });
    const streams = body.streams as { name: string; is_default: boolean }[];
    expect(streams.map((s) => s.name).sort()).toEqual(['general', 'random']);
    expect(streams.every((s) => s.is_default === true)).toBe(true);
    const all = await h.as(member3).ok('GET', '/streams', { include_default: true });
    const eng = (all.streams as { name: string; is_default: boolean }[]).find(
      (s) => s.name === 'engineering',
    );
    expect(eng?.is_default).toBe(false);
  });

  it('include_default brings in only the default channels the user may see (a guest: those they are in)', async () => {
    const { guest } = demoUsers(h.server);
    const body = await h.as(guest).ok('GET', '/streams', {
      include_public: false,
      include_subscribed: false,
      include_default: true,
    });
    expect((body.streams as { name: string }[]).map((s) => s.name)).toEqual(['general']);
  });

  it('include_all: administrators see every channel, members those with metadata access', async () => {
    const { admin, moderator, member } = demoUsers(h.server);
    const hidden = freshChannel({ invite_only: true, history_public_to_subscribers: false });
    const adminBody = await h.as(admin).ok('GET', '/streams', { include_all: true });
    expect(names(adminBody)).toContain(hidden.name);
    const memberBody = await h.as(member).ok('GET', '/streams', { include_all: true });
    expect(names(memberBody)).not.toContain(hidden.name);
    expect(names(memberBody)).not.toContain('leadership');
    // The moderator was subscribed to leadership in the seed.
    const modBody = await h.as(moderator).ok('GET', '/streams', { include_all: true });
    expect(names(modBody)).toContain('leadership');
  });

  it('include_all_active is the deprecated alias and needs administrative privileges', async () => {
    const { admin, member } = demoUsers(h.server);
    const refused = await h.as(member).call('GET', '/streams', { include_all_active: true });
    expect(refused.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
    expect(refused.body.msg).toBe('User not authorized for this query');
    const ok = await h.as(admin).ok('GET', '/streams', { include_all_active: true });
    expect(names(ok)).toContain('leadership');
  });

  it('include_can_access_content adds channels with content access', async () => {
    const { member3 } = demoUsers(h.server);
    const grp = freshChannel({ invite_only: true, can_subscribe_group: SYSTEM_GROUPS.members });
    const body = await h.as(member3).ok('GET', '/streams', {
      include_public: false,
      include_subscribed: false,
      include_can_access_content: true,
    });
    expect(names(body)).toContain(grp.name);
    expect(names(body)).toContain('engineering');
    expect(names(body)).not.toContain('leadership');
  });

  it("include_owner_subscribed: a bot also gets its owner's channels", async () => {
    const { bot } = demoUsers(h.server);
    const plain = await h.as(bot).ok('GET', '/streams', { include_public: false });
    expect(names(plain)).not.toContain('leadership');
    const withOwner = await h.as(bot).ok('GET', '/streams', {
      include_public: false,
      include_owner_subscribed: true,
    });
    // The bot's owner (the administrator) is subscribed to leadership.
    expect(names(withOwner)).toContain('leadership');
  });
});

describe('GET /streams/{stream_id} (4.22)', () => {
  it('returns the channel object without is_default', async () => {
    const { member } = demoUsers(h.server);
    const general = byName('general');
    const body = await h.as(member).ok('GET', `/streams/${general.stream_id}`);
    const stream = body.stream as Record<string, unknown>;
    expect(stream).toMatchObject({ stream_id: general.stream_id, name: 'general', invite_only: false });
    expect(stream).not.toHaveProperty('is_default');
  });

  it('an unknown ID or an inaccessible private channel is "Invalid channel ID"', async () => {
    const { member, admin } = demoUsers(h.server);
    for (const id of [99999, byName('leadership').stream_id]) {
      const r = await h.as(member).call('GET', `/streams/${id}`);
      expect(r.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg: 'Invalid channel ID' });
    }
    // Administrators have metadata access to every channel.
    await h.as(admin).ok('GET', `/streams/${byName('leadership').stream_id}`);
  });
});

describe('PATCH /streams/{stream_id} (4.2)', () => {
  it('"Invalid channel ID" for a missing channel', async () => {
    const { admin } = demoUsers(h.server);
    const r = await h.as(admin).call('PATCH', '/streams/424242', { description: 'x' });
    expect(r.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg: 'Invalid channel ID' });
  });

  it('permission matrix: administrators and owners may edit; moderators, members and guests may not', async () => {
    const { owner, admin, moderator, member, guest } = demoUsers(h.server);
    const c = freshChannel({}, [moderator, member, guest]);
    for (const u of [moderator, member, guest]) {
      const r = await h.as(u).call('PATCH', `/streams/${c.stream_id}`, { description: 'nope' });
      expect(r.body.result).toBe('error');
      expect(r.body.code).toBe('BAD_REQUEST');
    }
    expect(c.description).toBe('');
    await h.as(admin).ok('PATCH', `/streams/${c.stream_id}`, { description: 'by admin' });
    await h.as(owner).ok('PATCH', `/streams/${c.stream_id}`, { description: 'by owner' });
    expect(c.description).toBe('by owner');
  });

  it('a member of can_administer_channel_group may edit the channel', async () => {
    const { member } = demoUsers(h.server);
    const c = freshChannel(
      { can_administer_channel_group: { direct_members: [member.user_id], direct_subgroups: [] } },
      [member],
    );
    await h.as(member).ok('PATCH', `/streams/${c.stream_id}`, { description: 'mine' });
    expect(c.description).toBe('mine');
    // ...but not the organization-level default-channel status.
    const r = await h.as(member).call('PATCH', `/streams/${c.stream_id}`, { is_default_stream: true });
    expect(r.body.msg).toBe('Must be an organization administrator');
  });

  it('renames and re-describes, emitting stream update events to users who can see it', async () => {
    const { admin, member, member2 } = demoUsers(h.server);
    const c = freshChannel({}, [member]);
    const q = await h.as(member2).register({ event_types: ['stream'] });
    await h.as(admin).ok('PATCH', `/streams/${c.stream_id}`, {
      new_name: 'renamed-channel',
      description: 'A **bold** idea',
    });
    expect(c.name).toBe('renamed-channel');
    const events = await q.drain();
    const nameEvent = events.find((e) => e.property === 'name');
    expect(nameEvent).toMatchObject({
      type: 'stream',
      op: 'update',
      stream_id: c.stream_id,
      value: 'renamed-channel',
    });
    const desc = events.find((e) => e.property === 'description');
    expect(desc).toMatchObject({ value: 'A **bold** idea', stream_id: c.stream_id });
    expect(desc!.rendered_description).toContain('<strong>bold</strong>');
  });

  it('private-channel updates do not reach users who cannot see the channel', async () => {
    const { admin, member, member2 } = demoUsers(h.server);
    const c = freshChannel({ invite_only: true }, [admin, member]);
    const insider = await h.as(member).register({ event_types: ['stream'] });
    const outsider = await h.as(member2).register({ event_types: ['stream'] });
    await h.as(admin).ok('PATCH', `/streams/${c.stream_id}`, { description: 'secret' });
    expect((await insider.drain()).map((e) => e.property)).toEqual(['description']);
    expect(await outsider.drain()).toEqual([]);
  });

  it('name rules: empty, too long, duplicate', async () => {
    const { admin } = demoUsers(h.server);
    const c = freshChannel();
    const call = (new_name: string) => h.as(admin).call('PATCH', `/streams/${c.stream_id}`, { new_name });
    expect((await call('   ')).body.msg).toBe("Channel name can't be empty.");
    expect((await call('x'.repeat(61))).body.msg).toBe('Channel name too long (limit: 60 characters).');
    expect((await call('General')).body.msg).toBe("Channel 'general' already exists");
    expect((await call('x'.repeat(60))).body.result).toBe('success');
  });

  it('description is bounded by max_stream_description_length', async () => {
    const { admin } = demoUsers(h.server);
    const c = freshChannel();
    const r = await h.as(admin).call('PATCH', `/streams/${c.stream_id}`, { description: 'd'.repeat(1025) });
    expect(r.body).toMatchObject({
      result: 'error',
      msg: 'description is too long (limit: 1024 characters)',
    });
  });

  it('public → private → public, with events carrying the privacy fields', async () => {
    const { admin, member } = demoUsers(h.server);
    const c = freshChannel({}, [admin, member]);
    const q = await h.as(member).register({ event_types: ['stream'] });
    await h.as(admin).ok('PATCH', `/streams/${c.stream_id}`, { is_private: true });
    expect(c.invite_only).toBe(true);
    expect(c.history_public_to_subscribers).toBe(true);
    let events = await q.drain();
    expect(events).toEqual([
      expect.objectContaining({
        type: 'stream',
        op: 'update',
        property: 'invite_only',
        value: true,
        history_public_to_subscribers: true,
        is_web_public: false,
      }),
    ]);
    await h.as(admin).ok('PATCH', `/streams/${c.stream_id}`, {
      is_private: true,
      history_public_to_subscribers: false,
    });
    expect(c.history_public_to_subscribers).toBe(false);
    events = await q.drain();
    expect(events.map((e) => [e.property, e.value])).toEqual([['history_public_to_subscribers', false]]);
    await h.as(admin).ok('PATCH', `/streams/${c.stream_id}`, { is_private: false });
    expect(c.invite_only).toBe(false);
    expect(c.history_public_to_subscribers).toBe(true);
  });

  it('users who lose or gain access get stream delete / create events', async () => {
    const { admin, member, member2 } = demoUsers(h.server);
    const c = freshChannel({}, [admin, member]);
    const outsider = await h.as(member2).register({ event_types: ['stream'] });
    await h.as(admin).ok('PATCH', `/streams/${c.stream_id}`, { is_private: true });
    expect(await outsider.drain()).toEqual([
      expect.objectContaining({ type: 'stream', op: 'delete', stream_ids: [c.stream_id] }),
    ]);
    await h.as(admin).ok('PATCH', `/streams/${c.stream_id}`, { is_private: false });
    const created = await outsider.drain();
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ type: 'stream', op: 'create' });
    expect((created[0]!.streams as { stream_id: number }[])[0]!.stream_id).toBe(c.stream_id);
  });

  it('an administrator not subscribed to a private channel cannot change its privacy or join permissions', async () => {
    const { admin, owner } = demoUsers(h.server);
    const c = freshChannel({ invite_only: true }, [owner]);
    const privacy = await h.as(admin).call('PATCH', `/streams/${c.stream_id}`, { is_private: false });
    expect(privacy.body.msg).toBe('Invalid channel ID');
    const perm = await h.as(admin).call('PATCH', `/streams/${c.stream_id}`, {
      can_subscribe_group: { new: SYSTEM_GROUPS.members },
    });
    expect(perm.body.msg).toBe('Invalid channel ID');
    expect(c.invite_only).toBe(true);
    // Metadata-level settings remain editable.
    await h.as(admin).ok('PATCH', `/streams/${c.stream_id}`, {
      can_remove_subscribers_group: { new: SYSTEM_GROUPS.moderators },
      description: 'meta',
    });
    expect(c.can_remove_subscribers_group).toBe(SYSTEM_GROUPS.moderators);
    // Once subscribed, the administrator may make it public.
    subscribe(h.server.realm, c, admin.user_id);
    await h.as(admin).ok('PATCH', `/streams/${c.stream_id}`, { is_private: false });
    expect(c.invite_only).toBe(false);
  });

  it('history_public_to_subscribers=false is refused for a public channel: "Invalid parameters"', async () => {
    const { admin } = demoUsers(h.server);
    const c = freshChannel();
    const r = await h
      .as(admin)
      .call('PATCH', `/streams/${c.stream_id}`, { history_public_to_subscribers: false });
    expect(r.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg: 'Invalid parameters' });
    const r2 = await h.as(admin).call('PATCH', `/streams/${c.stream_id}`, {
      is_private: false,
      history_public_to_subscribers: false,
    });
    expect(r2.body.msg).toBe('Invalid parameters');
    const r3 = await h
      .as(admin)
      .call('PATCH', `/streams/${c.stream_id}`, { is_private: true, is_web_public: true });
    expect(r3.body.msg).toBe('Invalid parameters');
    expect(c.history_public_to_subscribers).toBe(true);
    expect(c.invite_only).toBe(false);
  });

  it('"A moderation request channel cannot be public."', async () => {
    const { owner } = demoUsers(h.server);
    const c = freshChannel({ invite_only: true }, [owner]);
    h.server.realm.settings.moderation_request_channel_id = c.stream_id;
    try {
      const r = await h.as(owner).call('PATCH', `/streams/${c.stream_id}`, { is_private: false });
      expect(r.body).toMatchObject({
        result: 'error',
        msg: 'A moderation request channel cannot be public.',
      });
      const r2 = await h.as(owner).call('PATCH', `/streams/${c.stream_id}`, { is_web_public: true });
      expect(r2.body.msg).toBe('A moderation request channel cannot be public.');
      expect(c.invite_only).toBe(true);
    } finally {
      h.server.realm.settings.moderation_request_channel_id = -1;
    }
  });

  it('is_web_public needs the server setting, enable_spectator_access and can_create_web_public_channel_group', async () => {
    const { owner, admin } = demoUsers(h.server);
    const realm = h.server.realm;
    const c = freshChannel();
    // Default: only owners may create web-public channels.
    const byAdmin = await h.as(admin).call('PATCH', `/streams/${c.stream_id}`, { is_web_public: true });
    expect(byAdmin.body.msg).toBe('Insufficient permission');
    realm.settings.enable_spectator_access = false;
    const noSpectators = await h.as(owner).call('PATCH', `/streams/${c.stream_id}`, { is_web_public: true });
    expect(noSpectators.body.msg).toBe('Web-public channels are not enabled.');
    realm.settings.enable_spectator_access = true;
    realm.server.webPublicStreamsEnabled = false;
    const noServer = await h.as(owner).call('PATCH', `/streams/${c.stream_id}`, { is_web_public: true });
    expect(noServer.body.msg).toBe('Web-public channels are not enabled.');
    realm.server.webPublicStreamsEnabled = true;
    const q = await h.as(admin).register({ event_types: ['stream'] });
    await h.as(owner).ok('PATCH', `/streams/${c.stream_id}`, { is_web_public: true });
    expect(c.is_web_public).toBe(true);
    expect(await q.drain()).toEqual([
      expect.objectContaining({ property: 'is_web_public', value: true, stream_id: c.stream_id }),
    ]);
    // Turning it off again needs no special permission.
    await h.as(admin).ok('PATCH', `/streams/${c.stream_id}`, { is_web_public: false });
    expect(c.is_web_public).toBe(false);
  });

  it('is_default_stream adds and removes the default, with default_streams events; private channels cannot be default', async () => {
    const { admin, member } = demoUsers(h.server);
    const c = freshChannel();
    const q = await h.as(member).register({ event_types: ['default_streams'] });
    await h.as(admin).ok('PATCH', `/streams/${c.stream_id}`, { is_default_stream: true });
    expect(c.is_default).toBe(true);
    const [ev] = await q.drain();
    expect(ev!.type).toBe('default_streams');
    expect(ev!.default_streams as number[]).toContain(c.stream_id);
    await h.as(admin).ok('PATCH', `/streams/${c.stream_id}`, { is_default_stream: false });
    expect(c.is_default).toBe(false);
    const p = freshChannel({ invite_only: true }, [admin]);
    const r = await h.as(admin).call('PATCH', `/streams/${p.stream_id}`, { is_default_stream: true });
    expect(r.body.msg).toBe('A default channel cannot be private.');
  });

  it('message_retention_days: integer, realm_default, unlimited; bad values refused', async () => {
    const { admin, member } = demoUsers(h.server);
    const c = freshChannel({}, [member]);
    const q = await h.as(member).register({ event_types: ['stream'] });
    const patch = (v: unknown) =>
      h.as(admin).call('PATCH', `/streams/${c.stream_id}`, { message_retention_days: v });
    expect((await patch(30)).body.result).toBe('success');
    expect(c.message_retention_days).toBe(30);
    expect((await patch('unlimited')).body.result).toBe('success');
    expect(c.message_retention_days).toBe(-1);
    expect((await patch('realm_default')).body.result).toBe('success');
    expect(c.message_retention_days).toBe(null);
    expect((await patch('forever')).body.msg).toBe("Bad value for 'message_retention_days': forever");
    expect((await patch(0)).body.result).toBe('error');
    const events = await q.drain();
    expect(events.map((e) => e.value)).toEqual([30, -1, null]);
    expect(events.every((e) => e.property === 'message_retention_days')).toBe(true);
  });

  it('group settings take {new, old}; old is checked against the current value', async () => {
    const { admin, member } = demoUsers(h.server);
    const c = freshChannel({}, [member]);
    const q = await h.as(member).register({ event_types: ['stream'] });
    const mismatch = await h.as(admin).call('PATCH', `/streams/${c.stream_id}`, {
      can_send_message_group: { new: SYSTEM_GROUPS.moderators, old: SYSTEM_GROUPS.members },
    });
    expect(mismatch.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
    expect(mismatch.body.msg).toBe("'old' value does not match the expected value.");
    expect(c.can_send_message_group).toBe(SYSTEM_GROUPS.everyone);
    await h.as(admin).ok('PATCH', `/streams/${c.stream_id}`, {
      can_send_message_group: { new: SYSTEM_GROUPS.moderators, old: SYSTEM_GROUPS.everyone },
      can_add_subscribers_group: { new: { direct_members: [member.user_id], direct_subgroups: [] } },
    });
    expect(c.can_send_message_group).toBe(SYSTEM_GROUPS.moderators);
    expect(c.can_add_subscribers_group).toEqual({ direct_members: [member.user_id], direct_subgroups: [] });
    const events = await q.drain();
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ property: 'can_send_message_group', value: SYSTEM_GROUPS.moderators }),
        expect.objectContaining({
          property: 'can_add_subscribers_group',
          value: { direct_members: [member.user_id], direct_subgroups: [] },
        }),
      ]),
    );
    // The old value may be given as an equivalent collection.
    await h.as(admin).ok('PATCH', `/streams/${c.stream_id}`, {
      can_send_message_group: {
        new: SYSTEM_GROUPS.everyone,
        old: { direct_members: [], direct_subgroups: [SYSTEM_GROUPS.moderators] },
      },
    });
    expect(c.can_send_message_group).toBe(SYSTEM_GROUPS.everyone);
    // Unknown groups and role:internet are refused; nothing changes.
    const bad = await h.as(admin).call('PATCH', `/streams/${c.stream_id}`, {
      can_subscribe_group: { new: 9999 },
    });
    expect(bad.body.result).toBe('error');
    const internet = await h.as(admin).call('PATCH', `/streams/${c.stream_id}`, {
      can_subscribe_group: { new: SYSTEM_GROUPS.internet },
    });
    expect(internet.body.result).toBe('error');
    expect(c.can_subscribe_group).toBe(SYSTEM_GROUPS.nobody);
  });

  it('a refused request changes nothing, even the valid parts', async () => {
    const { admin } = demoUsers(h.server);
    const c = freshChannel();
    const r = await h.as(admin).call('PATCH', `/streams/${c.stream_id}`, {
      description: 'should not stick',
      history_public_to_subscribers: false,
    });
    expect(r.body.result).toBe('error');
    expect(c.description).toBe('');
  });

  it('deprecated stream_post_policy and is_announcement_only are still accepted (9.4)', async () => {
    const { admin } = demoUsers(h.server);
    const c = freshChannel();
    const q = await h.as(admin).register({ event_types: ['stream'] });
    const cases: [Record<string, unknown>, number, number][] = [
      [{ stream_post_policy: 2 }, SYSTEM_GROUPS.administrators, 2],
      [{ stream_post_policy: 3 }, SYSTEM_GROUPS.fullmembers, 3],
      [{ stream_post_policy: 4 }, SYSTEM_GROUPS.moderators, 4],
      [{ stream_post_policy: 1 }, SYSTEM_GROUPS.everyone, 1],
      [{ is_announcement_only: true }, SYSTEM_GROUPS.administrators, 2],
      [{ is_announcement_only: false }, SYSTEM_GROUPS.everyone, 1],
    ];
    for (const [params, group, policy] of cases) {
      const body = await h.as(admin).ok('PATCH', `/streams/${c.stream_id}`, params);
      expect(body, JSON.stringify(params)).not.toHaveProperty('ignored_parameters_unsupported');
      expect(c.can_send_message_group).toBe(group);
      const stream = (await h.as(admin).ok('GET', `/streams/${c.stream_id}`)).stream as Record<
        string,
        unknown
      >;
      expect(stream).toMatchObject({ stream_post_policy: policy, is_announcement_only: policy === 2 });
    }
    const events = await q.ofType('stream');
    expect(events.map((e) => e.property)).toEqual(cases.map(() => 'can_send_message_group'));
    const bad = await h.as(admin).call('PATCH', `/streams/${c.stream_id}`, { stream_post_policy: 7 });
    expect(bad.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
  });

  it('unknown parameters are reported in ignored_parameters_unsupported', async () => {
    const { admin } = demoUsers(h.server);
    const c = freshChannel();
    const body = await h.as(admin).ok('PATCH', `/streams/${c.stream_id}`, { description: 'x', bogus: 1 });
    expect(body.ignored_parameters_unsupported).toEqual(['bogus']);
  });
});
