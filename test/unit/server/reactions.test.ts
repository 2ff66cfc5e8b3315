import { describe, expect, it } from 'vitest';
import { demoUsers, sendToChannel, useServer } from './helpers';

describe('POST and DELETE /messages/{message_id}/reactions (4.17)', () => {
  const h = useServer();

  const reactions = (id: number) => h.server.realm.messagesById.get(id)!.reactions;

  it('adds a unicode reaction by name and tells everyone who can see the message', async () => {
    const { member, member2, member3 } = demoUsers(h.server);
    const id = await sendToChannel(h.as(member), 'engineering', 'reactions', 'react to me');
    const elena = await h.as(member2).register();
    const farid = await h.as(member3).register(); // not in #engineering
    await h.as(member2).ok('POST', `/messages/${id}/reactions`, { emoji_name: 'octopus' });
    expect(reactions(id)).toEqual([
      {
        emoji_name: 'octopus',
        emoji_code: '1f419',
        reaction_type: 'unicode_emoji',
        user_id: member2.user_id,
      },
    ]);
    const [event] = await elena.ofType('reaction');
    expect(event).toMatchObject({
      op: 'add',
      message_id: id,
      emoji_name: 'octopus',
      emoji_code: '1f419',
      reaction_type: 'unicode_emoji',
      user_id: member2.user_id,
      user: { user_id: member2.user_id, email: member2.email, full_name: 'Elena García' },
    });
    expect(await farid.ofType('reaction')).toEqual([]);
  });

  it('refuses a duplicate with REACTION_ALREADY_EXISTS', async () => {
    const { member } = demoUsers(h.server);
    const id = await sendToChannel(h.as(member), 'general', 'reactions', 'x');
    await h.as(member).ok('POST', `/messages/${id}/reactions`, { emoji_name: '+1' });
    const r = await h.as(member).call('POST', `/messages/${id}/reactions`, { emoji_name: '+1' });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ result: 'error', code: 'REACTION_ALREADY_EXISTS' });
  });

  it('accepts explicit codes and types, and rejects a bad code with "Invalid emoji code"', async () => {
    const { member, member2 } = demoUsers(h.server);
    const id = await sendToChannel(h.as(member), 'general', 'reactions', 'y');
    await h.as(member).ok('POST', `/messages/${id}/reactions`, {
      emoji_name: 'tada',
      emoji_code: '1f389',
      reaction_type: 'unicode_emoji',
    });
    const bad = await h.as(member).call('POST', `/messages/${id}/reactions`, {
      emoji_name: 'tada',
      emoji_code: 'zzzz',
      reaction_type: 'unicode_emoji',
    });
    expect(bad.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid emoji code' });
    const unknown = await h
      .as(member)
      .call('POST', `/messages/${id}/reactions`, { emoji_name: 'not_an_emoji_at_all' });
    expect(unknown.body).toMatchObject({
      code: 'BAD_REQUEST',
      msg: "Emoji 'not_an_emoji_at_all' does not exist",
    });
    // Upvoting someone's reaction by its code works even under another name.
    await h.as(member2).ok('POST', `/messages/${id}/reactions`, {
      emoji_name: 'party_popper',
      emoji_code: '1f389',
      reaction_type: 'unicode_emoji',
    });
    expect(reactions(id).filter((r) => r.emoji_code === '1f389')).toHaveLength(2);
  });

  it('supports custom (realm) emoji with or without reaction_type, and the service extra emoji', async () => {
    const { member, member2 } = demoUsers(h.server);
    const id = await sendToChannel(h.as(member), 'general', 'reactions', 'z');
    const custom = [...h.server.realm.emoji.values()].find((e) => e.name === 'northwind')!;
    await h.as(member).ok('POST', `/messages/${id}/reactions`, { emoji_name: 'northwind' });
    expect(reactions(id)[0]).toMatchObject({ emoji_code: String(custom.id), reaction_type: 'realm_emoji' });
    await h
      .as(member2)
      .ok('POST', `/messages/${id}/reactions`, { emoji_name: 'northwind', emoji_code: String(custom.id) });
    const wrong = await h.as(member2).call('POST', `/messages/${id}/reactions`, {
      emoji_name: 'northwind',
      emoji_code: '999',
      reaction_type: 'realm_emoji',
    });
    expect(wrong.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid emoji code' });
    await h.as(member).ok('POST', `/messages/${id}/reactions`, {
      emoji_name: 'service',
      emoji_code: 'service',
      reaction_type: 'service_extra_emoji',
    });
    expect(reactions(id).at(-1)).toMatchObject({
      reaction_type: 'service_extra_emoji',
      emoji_code: 'service',
    });
  });

  it('removes a reaction and emits op remove; removing a missing one fails', async () => {
    const { member, member2 } = demoUsers(h.server);
    const id = await sendToChannel(h.as(member), 'general', 'reactions', 'w');
    await h.as(member2).ok('POST', `/messages/${id}/reactions`, { emoji_name: 'heart' });
    const q = await h.as(member).register();
    await h.as(member2).ok('DELETE', `/messages/${id}/reactions`, { emoji_name: 'heart' });
    expect(reactions(id)).toEqual([]);
    expect((await q.ofType('reaction'))[0]).toMatchObject({
      op: 'remove',
      emoji_name: 'heart',
      user_id: member2.user_id,
    });
    const again = await h.as(member2).call('DELETE', `/messages/${id}/reactions`, { emoji_name: 'heart' });
    expect(again.body).toMatchObject({ code: 'REACTION_DOES_NOT_EXIST', msg: "Reaction doesn't exist." });
  });

  it('refuses messages the user cannot see', async () => {
    const { member, owner } = demoUsers(h.server);
    const id = await sendToChannel(h.as(owner), 'leadership', 'planning', 'x');
    const r = await h.as(member).call('POST', `/messages/${id}/reactions`, { emoji_name: '+1' });
    expect(r.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid message(s)' });
    const missing = await h.as(member).call('POST', '/messages/424242/reactions', {});
    expect(missing.body).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING' });
  });

  it('shows reactions in fetched messages', async () => {
    const { member, member2 } = demoUsers(h.server);
    const id = await sendToChannel(h.as(member), 'general', 'reactions', 'v');
    await h.as(member2).ok('POST', `/messages/${id}/reactions`, { emoji_name: 'eyes' });
    const m = (await h.as(member).ok('GET', `/messages/${id}`)).message as {
      reactions: Record<string, unknown>[];
    };
    expect(m.reactions).toEqual([
      expect.objectContaining({
        emoji_name: 'eyes',
        emoji_code: '1f440',
        reaction_type: 'unicode_emoji',
        user_id: member2.user_id,
      }),
    ]);
  });
});
