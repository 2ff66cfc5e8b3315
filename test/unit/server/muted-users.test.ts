import { describe, expect, it } from 'vitest';
import { demoUsers, sendToChannel, useServer } from './helpers';

const h = useServer();

describe('muted users (the real service: POST and DELETE /users/me/muted_users/{muted_user_id})', () => {
  it('muting sends muted_users with the timestamp, and register lists it', async () => {
    const { member, member2 } = demoUsers(h.server);
    const client = h.as(member);
    const q = await client.register({ event_types: ['muted_users'] });
    await client.ok('POST', `/users/me/muted_users/${member2.user_id}`);
    const [event] = await q.ofType('muted_users');
    const entry = { id: member2.user_id, timestamp: expect.any(Number) as number };
    expect(event).toMatchObject({ type: 'muted_users', muted_users: [entry] });
    expect(
      (await client.ok('POST', '/register', { fetch_event_types: ['muted_users'] })).muted_users,
    ).toEqual([entry]);

    await client.ok('DELETE', `/users/me/muted_users/${member2.user_id}`);
    expect(await q.ofType('muted_users')).toEqual([expect.objectContaining({ muted_users: [] })]);
  });

  it("the muted user's unread messages become read at once, and their new ones arrive read", async () => {
    const { member3, moderator, admin } = demoUsers(h.server);
    const earlier = await sendToChannel(h.as(moderator), 'general', 'mute me', 'before the mute');
    const client = h.as(member3);
    const q = await client.register({ event_types: ['message', 'update_message_flags'] });
    await client.ok('POST', `/users/me/muted_users/${moderator.user_id}`);
    const flags = await q.ofType('update_message_flags');
    expect(flags).toEqual([expect.objectContaining({ op: 'add', flag: 'read' })]);
    expect(flags[0]!.messages).toContain(earlier);

    await sendToChannel(h.as(moderator), 'general', 'mute me', 'after the mute');
    await sendToChannel(h.as(admin), 'general', 'mute me', 'from someone else');
    const messages = await q.ofType('message');
    expect(messages.map((e) => e.flags)).toEqual([['read'], []]);
    await client.ok('DELETE', `/users/me/muted_users/${moderator.user_id}`);
  });

  it("refuses with the real service's errors", async () => {
    const { member, member2, bot } = demoUsers(h.server);
    const client = h.as(member2);
    const error = async (method: string, id: number) =>
      (await client.call(method, `/users/me/muted_users/${id}`)).body;
    expect(await error('POST', member2.user_id)).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'Cannot mute self',
    });
    expect(await error('POST', 99999)).toMatchObject({ code: 'BAD_REQUEST', msg: 'No such user' });
    expect(await error('DELETE', 99999)).toMatchObject({ code: 'BAD_REQUEST', msg: 'No such user' });
    expect(await error('DELETE', member.user_id)).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'User is not muted',
    });
    await client.ok('POST', `/users/me/muted_users/${member.user_id}`);
    expect(await error('POST', member.user_id)).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'User already muted',
    });
    // Bots can be muted since the real service's feature level 188.
    await client.ok('POST', `/users/me/muted_users/${bot.user_id}`);
    await client.ok('DELETE', `/users/me/muted_users/${bot.user_id}`);
    await client.ok('DELETE', `/users/me/muted_users/${member.user_id}`);
  });
});
