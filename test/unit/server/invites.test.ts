import { describe, expect, it } from 'vitest';
import { demoUsers, useServer } from './helpers';
import { channelByName } from '../../../server/realm/channels';
import { SYSTEM_GROUPS } from '../../../server/realm/groups';
import { ROLE } from '../../../server/realm/roles';

const h = useServer();
const id = (name: string) => channelByName(h.server.realm, name)!.stream_id;
let n = 0;
const addr = () => `invitee${++n}@example.org`;
const invitesTo = (email: string) => [...h.server.realm.invites.values()].filter((i) => i.email === email);

describe('POST /invites (4.10)', () => {
  it('invites with defaults: member role, 14400-minute expiry, notify_referrer_on_join true', async () => {
    const { member, admin } = demoUsers(h.server);
    const q = await h.as(admin).register({ event_types: ['invites_changed'] });
    const email = addr();
    const before = h.server.realm.now();
    await h.as(member).ok('POST', '/invites', { invitee_emails: email, stream_ids: [] });
    const [inv] = invitesTo(email);
    expect(inv).toMatchObject({
      invited_by_user_id: member.user_id,
      invited_as: ROLE.member,
      notify_referrer_on_join: true,
      include_realm_default_subscriptions: false,
      stream_ids: [],
      group_ids: [],
    });
    expect(inv!.expiry_date! - before).toBeGreaterThanOrEqual(14400 * 60);
    expect(inv!.expiry_date! - before).toBeLessThanOrEqual(14400 * 60 + 5);
    expect(await q.drain()).toEqual([expect.objectContaining({ type: 'invites_changed' })]);
  });

  it('addresses separated by commas or newlines; expiry minutes or null; options stored', async () => {
    const { admin } = demoUsers(h.server);
    const [a, b, c] = [addr(), addr(), addr()];
    await h.as(admin).ok('POST', '/invites', {
      invitee_emails: `${a}, ${b}\nCarol <${c}>`,
      invite_expires_in_minutes: 60,
      invite_as: ROLE.moderator,
      stream_ids: [id('engineering')],
      include_realm_default_subscriptions: true,
      notify_referrer_on_join: false,
    });
    for (const email of [a, b, c]) {
      const [inv] = invitesTo(email);
      expect(inv).toMatchObject({
        invited_as: ROLE.moderator,
        stream_ids: [id('engineering')],
        include_realm_default_subscriptions: true,
        notify_referrer_on_join: false,
      });
      expect(inv!.expiry_date! - inv!.invited).toBe(3600);
    }
    const never = addr();
    await h
      .as(admin)
      .ok('POST', '/invites', { invitee_emails: never, invite_expires_in_minutes: null, stream_ids: [] });
    expect(invitesTo(never)[0]!.expiry_date).toBeNull();
  });

  it('roles: a user can only invite to roles equal to or stricter than their own', async () => {
    const { owner, admin, moderator, member } = demoUsers(h.server);
    const matrix: [typeof owner, number, boolean][] = [
      [owner, ROLE.owner, true],
      [admin, ROLE.owner, false],
      [admin, ROLE.administrator, true],
      [moderator, ROLE.administrator, false],
      [moderator, ROLE.moderator, true],
      [member, ROLE.moderator, false],
      [member, ROLE.member, true],
      [member, ROLE.guest, true],
    ];
    for (const [user, role, allowed] of matrix) {
      const email = addr();
      const r = await h
        .as(user)
        .call('POST', '/invites', { invitee_emails: email, invite_as: role, stream_ids: [] });
      if (allowed) expect(r.body.result, `${user.role} → ${role}`).toBe('success');
      else
        expect(r.body, `${user.role} → ${role}`).toMatchObject({
          result: 'error',
          msg: 'Insufficient permission',
        });
      expect(invitesTo(email)).toHaveLength(allowed ? 1 : 0);
    }
  });

  it('"Insufficient permission" for users outside can_invite_users_group (guests by default)', async () => {
    const { guest, member } = demoUsers(h.server);
    const r = await h.as(guest).call('POST', '/invites', { invitee_emails: addr(), stream_ids: [] });
    expect(r.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg: 'Insufficient permission' });
    h.server.realm.settings.can_invite_users_group = SYSTEM_GROUPS.administrators;
    try {
      const m = await h.as(member).call('POST', '/invites', { invitee_emails: addr(), stream_ids: [] });
      expect(m.body.msg).toBe('Insufficient permission');
    } finally {
      h.server.realm.settings.can_invite_users_group = SYSTEM_GROUPS.members;
    }
  });

  it('"You must specify at least one email address."', async () => {
    const { member } = demoUsers(h.server);
    for (const invitee_emails of ['', ' , \n ']) {
      const r = await h.as(member).call('POST', '/invites', { invitee_emails, stream_ids: [] });
      expect(r.body.msg).toBe('You must specify at least one email address.');
    }
  });

  it('"Invalid channel ID <id>. No invites were sent." for unknown or inaccessible channels', async () => {
    const { member } = demoUsers(h.server);
    for (const bad of [99999, id('leadership')]) {
      const email = addr();
      const r = await h
        .as(member)
        .call('POST', '/invites', { invitee_emails: email, stream_ids: [id('general'), bad] });
      expect(r.body.msg).toBe(`Invalid channel ID ${bad}. No invites were sent.`);
      expect(invitesTo(email)).toEqual([]);
    }
  });

  it('stream_ids must be empty when the caller cannot subscribe others; default channels always allowed otherwise', async () => {
    const { member } = demoUsers(h.server);
    const realm = h.server.realm;
    realm.settings.can_add_subscribers_group = SYSTEM_GROUPS.administrators;
    try {
      const r = await h
        .as(member)
        .call('POST', '/invites', { invitee_emails: addr(), stream_ids: [id('general')] });
      expect(r.body.msg).toBe('You do not have permission to subscribe other users to channels.');
      // include_realm_default_subscriptions may be true even so.
      await h.as(member).ok('POST', '/invites', {
        invitee_emails: addr(),
        stream_ids: [],
        include_realm_default_subscriptions: true,
      });
    } finally {
      realm.settings.can_add_subscribers_group = SYSTEM_GROUPS.members;
    }
    // A member may invite to a default channel and to channels they may add subscribers to.
    await h
      .as(member)
      .ok('POST', '/invites', { invitee_emails: addr(), stream_ids: [id('general'), id('engineering')] });
  });

  it('group_ids need permission to add members to each group', async () => {
    const { member, member3, owner } = demoUsers(h.server);
    const backend = [...h.server.realm.groups.values()].find((g) => g.name === 'backend')!;
    // backend: members may add members (default can_add_members_group is the group itself); member3 is not in it.
    const r = await h
      .as(member3)
      .call('POST', '/invites', { invitee_emails: addr(), stream_ids: [], group_ids: [backend.id] });
    expect(r.body.msg).toBe('Insufficient permission');
    await h
      .as(member)
      .ok('POST', '/invites', { invitee_emails: addr(), stream_ids: [], group_ids: [backend.id] });
    await h
      .as(owner)
      .ok('POST', '/invites', { invitee_emails: addr(), stream_ids: [], group_ids: [backend.id] });
  });

  it('INVITATION_FAILED when some addresses already have accounts: the others are invited', async () => {
    const { admin, member2 } = demoUsers(h.server);
    const fresh = addr();
    const r = await h.as(admin).call('POST', '/invites', {
      invitee_emails: `${member2.email}, ${fresh}`,
      stream_ids: [],
    });
    expect(r.body).toMatchObject({
      result: 'error',
      code: 'INVITATION_FAILED',
      errors: [[member2.email, 'Already has an account.', false]],
      sent_invitations: true,
      daily_limit_reached: false,
      license_limit_reached: false,
    });
    expect(invitesTo(fresh)).toHaveLength(1);
    expect(invitesTo(member2.email)).toHaveLength(0);
  });

  it('INVITATION_FAILED with sent_invitations false when nobody could be invited or an address is malformed', async () => {
    const { admin, member } = demoUsers(h.server);
    const all = await h.as(admin).call('POST', '/invites', { invitee_emails: member.email, stream_ids: [] });
    expect(all.body).toMatchObject({ code: 'INVITATION_FAILED', sent_invitations: false });
    const ok = addr();
    const bad = await h
      .as(admin)
      .call('POST', '/invites', { invitee_emails: `${ok}, not-an-email`, stream_ids: [] });
    expect(bad.body).toMatchObject({
      code: 'INVITATION_FAILED',
      sent_invitations: false,
      errors: [['not-an-email', 'Invalid address.', false]],
    });
    expect(invitesTo(ok)).toEqual([]);
  });

  it('deactivated accounts are reported with the boolean set', async () => {
    const { admin, member3 } = demoUsers(h.server);
    member3.is_active = false;
    try {
      const r = await h
        .as(admin)
        .call('POST', '/invites', { invitee_emails: `${member3.email},${addr()}`, stream_ids: [] });
      expect(r.body.errors).toEqual([[member3.email, 'Account has been deactivated.', true]]);
    } finally {
      member3.is_active = true;
    }
  });

  it('daily limit: INVITATION_FAILED with daily_limit_reached', async () => {
    const { moderator } = demoUsers(h.server);
    const many = Array.from({ length: 101 }, () => addr()).join(',');
    const r = await h.as(moderator).call('POST', '/invites', { invitee_emails: many, stream_ids: [] });
    expect(r.body).toMatchObject({
      code: 'INVITATION_FAILED',
      daily_limit_reached: true,
      sent_invitations: false,
    });
  });
});

describe('GET /invites', () => {
  it("members see their own invitations, administrators everyone's", async () => {
    const { member, member2, admin } = demoUsers(h.server);
    const mine = addr();
    const theirs = addr();
    await h.as(member).ok('POST', '/invites', { invitee_emails: mine, stream_ids: [] });
    await h.as(member2).ok('POST', '/invites', { invitee_emails: theirs, stream_ids: [] });
    const memberList = (await h.as(member).ok('GET', '/invites')).invites as {
      email: string;
      invited_by_user_id: number;
    }[];
    expect(memberList.map((i) => i.email)).toContain(mine);
    expect(memberList.map((i) => i.email)).not.toContain(theirs);
    expect(memberList.every((i) => i.invited_by_user_id === member.user_id)).toBe(true);
    const adminList = (await h.as(admin).ok('GET', '/invites')).invites as { email: string }[];
    expect(adminList.map((i) => i.email)).toEqual(expect.arrayContaining([mine, theirs]));
  });
});

describe('DELETE /invites/{invite_id} and POST /invites/{invite_id}/resend', () => {
  const invite = async (who: Parameters<typeof h.as>[0], params: Record<string, unknown> = {}) => {
    const email = addr();
    await h.as(who).ok('POST', '/invites', { invitee_emails: email, stream_ids: [], ...params });
    return invitesTo(email)[0]!;
  };

  it('the inviter revokes their invitation: gone from GET /invites, invites_changed to admins and inviter', async () => {
    const { member, admin, member2 } = demoUsers(h.server);
    const sent = await invite(member);
    const adminQueue = await h.as(admin).register({ event_types: ['invites_changed'] });
    const inviterQueue = await h.as(member).register({ event_types: ['invites_changed'] });
    const bystander = await h.as(member2).register({ event_types: ['invites_changed'] });
    await h.as(member).ok('DELETE', `/invites/${sent.id}`);
    const list = (await h.as(member).ok('GET', '/invites')).invites as { id: number }[];
    expect(list.map((i) => i.id)).not.toContain(sent.id);
    expect(await adminQueue.ofType('invites_changed')).toHaveLength(1);
    expect(await inviterQueue.ofType('invites_changed')).toHaveLength(1);
    expect(await bystander.ofType('invites_changed')).toHaveLength(0);
    // Twice is an error, as is an id that never existed.
    expect((await h.as(member).call('DELETE', `/invites/${sent.id}`)).body).toMatchObject({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'No such invitation',
    });
    expect((await h.as(member).call('DELETE', '/invites/99999')).body.msg).toBe('No such invitation');
  });

  it("only administrators act on someone else's invitation, and only owners on one making an owner", async () => {
    const { member, member2, admin, owner } = demoUsers(h.server);
    const members = await invite(member);
    const refused = await h.as(member2).call('DELETE', `/invites/${members.id}`);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('Must be an organization administrator');
    expect((await h.as(member2).call('POST', `/invites/${members.id}/resend`)).body.msg).toBe(
      'Must be an organization administrator',
    );
    expect(h.server.realm.invites.has(members.id)).toBe(true);
    await h.as(admin).ok('DELETE', `/invites/${members.id}`);
    expect(h.server.realm.invites.has(members.id)).toBe(false);

    const owners = await invite(owner, { invite_as: ROLE.owner });
    expect((await h.as(admin).call('DELETE', `/invites/${owners.id}`)).body.msg).toBe(
      'Must be an organization owner',
    );
    await h.as(owner).ok('DELETE', `/invites/${owners.id}`);
  });

  it('resend dates the invitation now, keeps its expiry, and tells the list', async () => {
    const { member, admin } = demoUsers(h.server);
    const sent = await invite(member, { invite_expires_in_minutes: 60 });
    const expiry = sent.expiry_date;
    sent.invited -= 3600;
    const queue = await h.as(admin).register({ event_types: ['invites_changed'] });
    await h.as(member).ok('POST', `/invites/${sent.id}/resend`);
    expect(sent.invited).toBeGreaterThanOrEqual(h.server.realm.now() - 1);
    expect(sent.expiry_date).toBe(expiry);
    expect(await queue.ofType('invites_changed')).toHaveLength(1);
    // An expired invitation is no longer pending: nothing to resend.
    sent.expiry_date = h.server.realm.now() - 1;
    expect((await h.as(member).call('POST', `/invites/${sent.id}/resend`)).body.msg).toBe(
      'No such invitation',
    );
    expect((await h.as(member).call('POST', '/invites/99999/resend')).body.msg).toBe('No such invitation');
  });
});
