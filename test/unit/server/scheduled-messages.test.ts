import { afterEach, describe, expect, it } from 'vitest';
import { channelId, demoUsers, useServer } from './helpers';

const h = useServer();
const realClock = () => Date.now();

afterEach(() => {
  h.server.realm.clock = realClock;
  // Each test starts with nobody's messages waiting, so a delivery counts only its own.
  h.server.realm.scheduledMessages.clear();
});

const inAnHour = () => h.server.realm.now() + 3600;

/** Moves the server's clock `seconds` ahead of now. */
function advance(seconds: number): void {
  const at = Date.now() + seconds * 1000;
  h.server.realm.clock = () => at;
}

describe('scheduled messages (the real service, level 179)', () => {
  it('POST schedules a channel message: listed, in register, and an add event', async () => {
    const { member } = demoUsers(h.server);
    const client = h.as(member);
    const q = await client.register({ event_types: ['scheduled_messages'] });
    const general = channelId(h.server, 'general');
    const at = inAnHour();
    const body = await client.ok('POST', '/scheduled_messages', {
      type: 'stream',
      to: general,
      topic: 'standup',
      content: 'Good **morning**',
      scheduled_delivery_timestamp: at,
    });
    const id = body.scheduled_message_id as number;
    const expected = {
      scheduled_message_id: id,
      type: 'stream',
      to: general,
      topic: 'standup',
      content: 'Good **morning**',
      rendered_content: '<p>Good <strong>morning</strong></p>',
      scheduled_delivery_timestamp: at,
      failed: false,
    };
    expect(await q.drain()).toEqual([
      expect.objectContaining({ type: 'scheduled_messages', op: 'add', scheduled_messages: [expected] }),
    ]);
    expect((await client.ok('GET', '/scheduled_messages')).scheduled_messages).toContainEqual(expected);
    const state = (await client.register({ fetch_event_types: ['scheduled_messages'] })).state;
    expect(state.scheduled_messages).toContainEqual(expected);
    // Nobody else sees it.
    const other = await h.as(demoUsers(h.server).member2).ok('GET', '/scheduled_messages');
    expect(other.scheduled_messages).toEqual([]);
  });

  it('refuses a time in the past, an empty message and a channel the user may not post in', async () => {
    const { member } = demoUsers(h.server);
    const client = h.as(member);
    const channel = (name: string, over: Record<string, unknown> = {}) => ({
      type: 'stream',
      to: channelId(h.server, name),
      topic: 't',
      content: 'hi',
      scheduled_delivery_timestamp: inAnHour(),
      ...over,
    });
    const cases: [Record<string, unknown>, string][] = [
      [
        channel('general', { scheduled_delivery_timestamp: h.server.realm.now() - 1 }),
        'Scheduled delivery time must be in the future.',
      ],
      [channel('general', { content: '  ' }), 'Message must not be empty'],
      [channel('announcements'), 'You do not have permission to post in this channel.'],
      [channel('leadership'), "Not authorized to send to channel 'leadership'"],
      [
        { type: 'direct', to: '[]', content: 'x', scheduled_delivery_timestamp: inAnHour() },
        'Message must have recipients',
      ],
    ];
    for (const [params, msg] of cases) {
      const r = await client.call('POST', '/scheduled_messages', params);
      expect(r.body, msg).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg });
    }
    expect((await client.ok('GET', '/scheduled_messages')).scheduled_messages).toEqual([]);
  });

  it('PATCH edits content, target and time (update event); DELETE removes (remove event)', async () => {
    const { member3, member, admin } = demoUsers(h.server);
    const client = h.as(member3);
    const id = (
      await client.ok('POST', '/scheduled_messages', {
        type: 'direct',
        to: [member.user_id],
        content: 'first',
        scheduled_delivery_timestamp: inAnHour(),
      })
    ).scheduled_message_id as number;
    const q = await client.register({ event_types: ['scheduled_messages'] });
    const later = inAnHour() + 60;
    await client.ok('PATCH', `/scheduled_messages/${id}`, {
      content: 'second',
      to: [member.user_id, admin.user_id],
      scheduled_delivery_timestamp: later,
    });
    expect(await q.drain()).toEqual([
      expect.objectContaining({
        op: 'update',
        scheduled_message: expect.objectContaining({
          scheduled_message_id: id,
          type: 'private',
          to: [member.user_id, admin.user_id].sort((a, b) => a - b),
          content: 'second',
          scheduled_delivery_timestamp: later,
        }),
      }),
    ]);
    const errors: [Record<string, unknown>, string][] = [
      [{}, 'Nothing to change'],
      [{ scheduled_delivery_timestamp: 1000 }, 'Scheduled delivery time must be in the future.'],
      [{ type: 'stream' }, 'Recipient required when updating type of scheduled message.'],
      [
        { type: 'stream', to: channelId(h.server, 'general') },
        'Topic required when updating scheduled message type to channel.',
      ],
    ];
    for (const [params, msg] of errors) {
      const r = await client.call('PATCH', `/scheduled_messages/${id}`, params);
      expect(r.body, msg).toMatchObject({ result: 'error', msg });
    }
    const notMine = await h.as(member).call('DELETE', `/scheduled_messages/${id}`);
    expect(notMine).toMatchObject({ status: 404, body: { msg: 'Scheduled message does not exist' } });
    await client.ok('DELETE', `/scheduled_messages/${id}`);
    expect(await q.drain()).toEqual([
      expect.objectContaining({ type: 'scheduled_messages', op: 'remove', scheduled_message_id: id }),
    ]);
    const gone = await client.call('PATCH', `/scheduled_messages/${id}`, { content: 'x' });
    expect(gone).toMatchObject({ status: 404, body: { msg: 'Scheduled message does not exist' } });
  });

  it('at its time it becomes an ordinary message and leaves the list', async () => {
    const { member2, member } = demoUsers(h.server);
    const sender = h.as(member2);
    const general = channelId(h.server, 'general');
    const id = (
      await sender.ok('POST', '/scheduled_messages', {
        type: 'stream',
        to: general,
        topic: 'later',
        content: 'delivered on time',
        scheduled_delivery_timestamp: inAnHour(),
      })
    ).scheduled_message_id as number;
    const senderQ = await sender.register({ event_types: ['scheduled_messages', 'message'] });
    const readerQ = await h.as(member).register({ event_types: ['message'] });
    expect(await h.server.deliverScheduledMessages()).toBe(0);
    expect(await senderQ.drain()).toEqual([]);

    advance(3601);
    expect(await h.server.deliverScheduledMessages()).toBe(1);
    const events = await senderQ.drain();
    expect(events.map((e) => [e.type, e.op])).toEqual([
      ['message', undefined],
      ['scheduled_messages', 'remove'],
    ]);
    expect(events[1]).toMatchObject({ scheduled_message_id: id });
    expect(events[0]!.message).toMatchObject({
      content: 'delivered on time',
      subject: 'later',
      sender_id: member2.user_id,
    });
    expect((await readerQ.ofType('message')).map((e) => (e.message as { subject: string }).subject)).toEqual([
      'later',
    ]);
    expect((await sender.ok('GET', '/scheduled_messages')).scheduled_messages).toEqual([]);
  });

  it('one that can no longer be sent stays, marked failed; an edit with a new time schedules it again', async () => {
    const { member, admin } = demoUsers(h.server);
    const client = h.as(member);
    const design = h.server.realm.channels.get(channelId(h.server, 'design'))!;
    const id = (
      await client.ok('POST', '/scheduled_messages', {
        type: 'stream',
        to: design.stream_id,
        topic: 'review',
        content: 'ready',
        scheduled_delivery_timestamp: inAnHour(),
      })
    ).scheduled_message_id as number;
    const q = await client.register({ event_types: ['scheduled_messages'] });
    // Only administrators may post there by delivery time.
    const adminsOnly = h.server.realm.channels.get(
      channelId(h.server, 'announcements'),
    )!.can_send_message_group;
    const before = design.can_send_message_group;
    design.can_send_message_group = adminsOnly;
    try {
      advance(3601);
      await h.server.deliverScheduledMessages();
      expect(await q.drain()).toEqual([
        expect.objectContaining({
          op: 'update',
          scheduled_message: expect.objectContaining({ scheduled_message_id: id, failed: true }),
        }),
      ]);
      expect((await client.ok('GET', '/scheduled_messages')).scheduled_messages).toEqual([
        expect.objectContaining({ scheduled_message_id: id, failed: true }),
      ]);
      const r = await client.call('PATCH', `/scheduled_messages/${id}`, { content: 'again' });
      expect(r.body.msg).toBe('Scheduled delivery time must be in the future.');
    } finally {
      design.can_send_message_group = before;
    }
    await client.ok('PATCH', `/scheduled_messages/${id}`, {
      scheduled_delivery_timestamp: h.server.realm.now() + 60,
    });
    expect((await client.ok('GET', '/scheduled_messages')).scheduled_messages).toEqual([
      expect.objectContaining({ scheduled_message_id: id, failed: false }),
    ]);
    void admin;
  });
});
