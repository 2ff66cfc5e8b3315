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
