import { describe, expect, it } from 'vitest';
import { demoUsers, useServer } from './helpers';
import { SYSTEM_GROUPS } from '../../../server/realm/groups';
import { createUser } from '../../../server/realm/users';

const h = useServer();

describe('GET /users', () => {
  it('lists every user but the internal notification bot', async () => {
    const { member, bot } = demoUsers(h.server);
    const body = await h.as(member).ok('GET', '/users');
    const members = body.members as { user_id: number; email: string; is_bot: boolean; role: number }[];
    const emails = members.map((m) => m.email);
    expect(emails).toContain('ada@northwind.example');
    expect(emails).toContain(bot.email);
    expect(emails).not.toContain('notification-bot@northwind.example');
    expect(members.find((m) => m.user_id === bot.user_id)).toMatchObject({
      is_bot: true,
      bot_owner_id: expect.any(Number),
    });
  });

  it('delivery_email follows email_address_visibility', async () => {
    const { member, member2, admin } = demoUsers(h.server);
    member2.settings.email_address_visibility = 3; // administrators only
    const asMember = (await h.as(member).ok('GET', '/users')).members as {
      user_id: number;
      delivery_email: string | null;
    }[];
    expect(asMember.find((m) => m.user_id === member2.user_id)!.delivery_email).toBeNull();
    const asAdmin = (await h.as(admin).ok('GET', '/users')).members as {
      user_id: number;
      delivery_email: string | null;
    }[];
    expect(asAdmin.find((m) => m.user_id === member2.user_id)!.delivery_email).toBe(member2.delivery_email);
    member2.settings.email_address_visibility = 1;
  });
});

describe('can_access_all_users_group', () => {
  it('a guest outside it sees only users sharing a channel or a conversation', async () => {
    const { guest, member3, moderator } = demoUsers(h.server);
    const realm = h.server.realm;
    realm.settings.can_access_all_users_group = SYSTEM_GROUPS.members;
    try {
      const members = (await h.as(guest).ok('GET', '/users')).members as { user_id: number }[];
      const ids = members.map((m) => m.user_id);
      expect(ids).toContain(guest.user_id);
      expect(ids).toContain(moderator.user_id); // shares channels and a DM
      // Everyone still sees everyone else; the guest shares #design with member3.
      expect(ids).toContain(member3.user_id);
      const outsider = createUser(realm, { email: 'outsider@northwind.example', full_name: 'Out Sider' });
      const again = ((await h.as(guest).ok('GET', '/users')).members as { user_id: number }[]).map(
        (m) => m.user_id,
      );
      expect(again).not.toContain(outsider.user_id);
      const one = await h.as(guest).call('GET', `/users/${outsider.user_id}`);
      expect(one.body).toMatchObject({ result: 'error', msg: 'Insufficient permission' });
      // Members are in the group and see everyone.
      const asMember = ((await h.as(member3).ok('GET', '/users')).members as { user_id: number }[]).map(
        (m) => m.user_id,
      );
      expect(asMember).toContain(outsider.user_id);
    } finally {
      realm.settings.can_access_all_users_group = SYSTEM_GROUPS.everyone;
    }
  });
});

describe('GET /users/me and GET /users/{user_id}', () => {
  it('GET /users/me returns the own user fields at the top level', async () => {
    const { moderator } = demoUsers(h.server);
    const body = await h.as(moderator).ok('GET', '/users/me');
    expect(body).toMatchObject({
      result: 'success',
      user_id: moderator.user_id,
      email: moderator.email,
      full_name: moderator.full_name,
      role: 300,
      is_admin: false,
      delivery_email: moderator.delivery_email,
    });
    expect(typeof body.max_message_id).toBe('number');
  });

  it('GET /users/{user_id} returns one user; unknown ids are refused', async () => {
    const { member, owner } = demoUsers(h.server);
    const body = await h.as(member).ok('GET', `/users/${owner.user_id}`);
    expect(body.user).toMatchObject({ user_id: owner.user_id, role: 100, is_owner: true });
    const r = await h.as(member).call('GET', '/users/424242');
    expect(r.body).toMatchObject({ result: 'error', msg: 'No such user' });
  });
});

describe('GET /realm/emoji', () => {
  it('returns the custom emoji keyed by id', async () => {
    const { guest } = demoUsers(h.server);
    const body = await h.as(guest).ok('GET', '/realm/emoji');
    const emoji = body.emoji as Record<
      string,
      { id: string; name: string; source_url: string; deactivated: boolean }
    >;
    const northwind = Object.values(emoji).find((e) => e.name === 'northwind')!;
    expect(emoji[northwind.id]).toBe(northwind);
    expect(northwind).toMatchObject({ deactivated: false, source_url: expect.any(String) });
  });
});
