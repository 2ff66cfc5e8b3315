import { describe, expect, it } from 'vitest';
import { demoUsers, sendToChannel, useServer } from './helpers';

// DELETE /messages/{message_id}: not in the spec, as the real service has it (its API docs).
describe('DELETE /messages/{message_id}', () => {
  const h = useServer();

  it('deletes one’s own message and tells everyone who had it, once', async () => {
    const { member, member2 } = demoUsers(h.server);
    const id = await sendToChannel(h.as(member), 'general', 'deleting', 'a message regretted');
    const elena = await h.as(member2).register({ client_capabilities: { bulk_message_deletion: true } });
    await h.as(member).ok('DELETE', `/messages/${id}`);
    expect(h.server.realm.messagesById.has(id)).toBe(false);
    const general = [...h.server.realm.channels.values()].find((c) => c.name === 'general')!;
    expect(await elena.ofType('delete_message')).toEqual([
      expect.objectContaining({
        message_ids: [id],
        message_type: 'stream',
        stream_id: general.stream_id,
        topic: 'deleting',
      }),
    ]);
    // Gone from the topic's messages and from the unread counts.
    const { messages } = (await h.as(member2).ok('GET', '/messages', {
      anchor: 'newest',
      num_before: 10,
      num_after: 0,
      narrow: JSON.stringify([
        { operator: 'channel', operand: 'general' },
        { operator: 'topic', operand: 'deleting' },
      ]),
    })) as { messages: { id: number }[] };
    expect(messages.map((m) => m.id)).not.toContain(id);
    const again = await h.as(member).call('DELETE', `/messages/${id}`);
    expect(again.body).toMatchObject({ result: 'error', msg: 'Invalid message(s)' });
  });

  it('refuses another person’s message to a member, allows it to an administrator', async () => {
    const { member, member2, admin } = demoUsers(h.server);
    const id = await sendToChannel(h.as(member), 'general', 'deleting', 'not yours');
    const refused = await h.as(member2).call('DELETE', `/messages/${id}`);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ msg: "You don't have permission to delete this message" });
    await h.as(admin).ok('DELETE', `/messages/${id}`);
    expect(h.server.realm.messagesById.has(id)).toBe(false);
  });

  it('holds the organization’s time limit for one’s own messages', async () => {
    const { member } = demoUsers(h.server);
    const id = await sendToChannel(h.as(member), 'general', 'deleting', 'too late');
    h.server.realm.settings.message_content_delete_limit_seconds = 60;
    const clock = h.server.realm.clock;
    h.server.realm.clock = () => clock() + 120_000;
    try {
      const late = await h.as(member).call('DELETE', `/messages/${id}`);
      expect(late.body).toMatchObject({ msg: 'The time limit for deleting this message has passed' });
    } finally {
      h.server.realm.clock = clock;
      h.server.realm.settings.message_content_delete_limit_seconds = null;
    }
  });
});

// POST /streams/{stream_id}/delete_topic: not in the spec, as the real service has it (its API docs).
describe('POST /streams/{stream_id}/delete_topic', () => {
  const h = useServer();

  it('lets an administrator delete a topic, in batches, and tells everyone who had its messages', async () => {
    const { member, member2, admin } = demoUsers(h.server);
    const general = [...h.server.realm.channels.values()].find((c) => c.name === 'general')!;
    const ids = [];
    for (let i = 0; i < 5; i++)
      ids.push(await sendToChannel(h.as(member), 'general', 'Old Plans', `plan ${i}`));
    const kept = await sendToChannel(h.as(member), 'general', 'other topic', 'stays');
    const elena = await h.as(member2).register({ client_capabilities: { bulk_message_deletion: true } });
    const unread = h.server.realm.flagStates.get(elena.state.user_id as number)!.unread;
    expect(ids.every((id) => unread.has(id))).toBe(true);
    const refused = await h.as(member).call('POST', `/streams/${general.stream_id}/delete_topic`, {
      topic_name: 'old plans',
    });
    expect([refused.status, refused.body.code, refused.body.msg]).toEqual([
      400,
      'UNAUTHORIZED_PRINCIPAL',
      'Must be an organization administrator',
    ]);
    const { deleteTopic } = await import('../../../server/realm/topic-delete');
    const adminUser = [...h.server.realm.users.values()].find((u) => u.email === admin.email)!;
    // Three at a time: the first two batches say the topic is not gone yet (topic names match
    // without regard to case, as the service compares them).
    expect(deleteTopic(h.server.realm, adminUser, general.stream_id, 'old plans', 3)).toEqual({
      complete: false,
    });
    expect(ids.filter((id) => h.server.realm.messagesById.has(id))).toEqual(ids.slice(3));
    const answer = await h.as(admin).ok('POST', `/streams/${general.stream_id}/delete_topic`, {
      topic_name: 'OLD PLANS',
    });
    expect(answer.complete).toBe(true);
    expect(ids.some((id) => h.server.realm.messagesById.has(id))).toBe(false);
    expect(h.server.realm.messagesById.has(kept)).toBe(true);
    const events = await elena.ofType('delete_message');
    expect(events.map((e) => e.message_ids)).toEqual([ids.slice(0, 3), ids.slice(3)]);
    expect(events[0]).toMatchObject({ message_type: 'stream', stream_id: general.stream_id });
    // The topic is gone from the channel's topics, and from the unread counts.
    const { topics } = (await h.as(member2).ok('GET', `/users/me/${general.stream_id}/topics`)) as {
      topics: { name: string }[];
    };
    expect(topics.map((t) => t.name.toLowerCase())).not.toContain('old plans');
    expect(ids.some((id) => unread.has(id))).toBe(false);
    // Nothing left: still complete.
    const again = await h.as(admin).ok('POST', `/streams/${general.stream_id}/delete_topic`, {
      topic_name: 'old plans',
    });
    expect(again.complete).toBe(true);
  });

  it('refuses a channel the administrator cannot see into', async () => {
    const { admin } = demoUsers(h.server);
    const missing = await h.as(admin).call('POST', '/streams/99999/delete_topic', { topic_name: 'x' });
    expect(missing.body).toMatchObject({ result: 'error', msg: 'Invalid channel ID' });
  });
});
