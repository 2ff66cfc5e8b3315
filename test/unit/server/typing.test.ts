import { describe, expect, it } from 'vitest';
import { channelId, demoUsers, useServer } from './helpers';

describe('POST /typing (4.4)', () => {
  const h = useServer();

  it('sends direct typing start and stop to the recipients and the sender', async () => {
    const { member, owner, member2 } = demoUsers(h.server);
    const ownerQ = await h.as(owner).register();
    const elena = await h.as(member2).register();
    await h.as(member).ok('POST', '/typing', { op: 'start', to: [owner.user_id] });
    await h.as(member).ok('POST', '/typing', { type: 'direct', op: 'stop', to: [owner.user_id] });
    const events = await ownerQ.ofType('typing');
    expect(events.map((e) => e.op)).toEqual(['start', 'stop']);
    expect(events[0]).toMatchObject({
      message_type: 'direct',
      sender: { user_id: member.user_id, email: member.email },
      recipients: expect.arrayContaining([
        { user_id: owner.user_id, email: owner.email },
        { user_id: member.user_id, email: member.email },
      ]),
    });
    expect(await elena.ofType('typing')).toEqual([]);
  });

  it('sends channel typing to subscribers whose clients declared stream_typing_notifications', async () => {
    const { member, member2, member3 } = demoUsers(h.server);
    const capable = await h
      .as(member2)
      .register({ client_capabilities: { stream_typing_notifications: true } });
    const incapable = await h.as(member2).register();
    const outsider = await h
      .as(member3)
      .register({ client_capabilities: { stream_typing_notifications: true } });
    const eng = channelId(h.server, 'engineering');
    for (const type of ['stream', 'channel']) {
      await h
        .as(member)
        .ok('POST', '/typing', { type, op: 'start', stream_id: eng, topic: 'deploy pipeline' });
    }
    const events = await capable.ofType('typing');
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({
      op: 'start',
      message_type: 'stream',
      stream_id: eng,
      topic: 'deploy pipeline',
      sender: { user_id: member.user_id },
    });
    expect(await incapable.ofType('typing')).toEqual([]);
    expect(await outsider.ofType('typing')).toEqual([]);
  });

  it('ignores `to` for channel typing and `stream_id`/`topic` for direct typing, whatever their form', async () => {
    const { member, owner, member2 } = demoUsers(h.server);
    const caps = { client_capabilities: { stream_typing_notifications: true } };
    const ownerQ = await h.as(owner).register(caps);
    const elena = await h.as(member2).register(caps);
    const general = channelId(h.server, 'general');
    await h.as(member).ok('POST', '/typing', {
      type: 'channel',
      op: 'start',
      stream_id: general,
      topic: 'ignored to',
      to: 'general',
    });
    const [channelEvent] = await elena.ofType('typing');
    expect(channelEvent).toMatchObject({ message_type: 'stream', stream_id: general, topic: 'ignored to' });
    expect(channelEvent).not.toHaveProperty('recipients');
    await ownerQ.drain();
    await h
      .as(member)
      .ok('POST', '/typing', { op: 'start', to: [owner.user_id], stream_id: 'general', topic: 'x' });
    const [directEvent] = await ownerQ.ofType('typing');
    expect(directEvent).toMatchObject({ message_type: 'direct' });
    expect(directEvent).not.toHaveProperty('stream_id');
    expect(directEvent).not.toHaveProperty('topic');
    expect(await elena.ofType('typing')).toEqual([]);
    // `to` must still be a JSON list for direct typing, even for one recipient.
    const single = await h.as(member).call('POST', '/typing', { op: 'start', to: String(owner.user_id) });
    expect(single.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
  });

  it('reads "(no topic)" and the display name as the empty topic', async () => {
    const { member, member2 } = demoUsers(h.server);
    const q = await h
      .as(member2)
      .register({ client_capabilities: { stream_typing_notifications: true, empty_topic_name: true } });
    const general = channelId(h.server, 'general');
    await h
      .as(member)
      .ok('POST', '/typing', { type: 'channel', op: 'start', stream_id: general, topic: '(no topic)' });
    await h
      .as(member)
      .ok('POST', '/typing', { type: 'channel', op: 'start', stream_id: general, topic: 'general chat' });
    expect((await q.ofType('typing')).map((e) => e.topic)).toEqual(['', '']);
  });

  it('skips users who turned off receives_typing_notifications', async () => {
    const { member, owner } = demoUsers(h.server);
    owner.settings.receives_typing_notifications = false;
    try {
      const q = await h.as(owner).register();
      await h.as(member).ok('POST', '/typing', { op: 'start', to: [owner.user_id] });
      expect(await q.ofType('typing')).toEqual([]);
    } finally {
      owner.settings.receives_typing_notifications = true;
    }
  });

  it('answers "Missing channel ID" for a channel type without stream_id, and other errors', async () => {
    const { member } = demoUsers(h.server);
    for (const type of ['stream', 'channel']) {
      const r = await h.as(member).call('POST', '/typing', { type, op: 'start', topic: 'x' });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg: 'Missing channel ID' });
    }
    const noTopic = await h
      .as(member)
      .call('POST', '/typing', { type: 'channel', op: 'start', stream_id: channelId(h.server, 'general') });
    expect(noTopic.body.msg).toBe('Missing topic');
    const priv = await h.as(member).call('POST', '/typing', { type: 'private', op: 'start', to: [1] });
    expect(priv.body.code).toBe('BAD_REQUEST');
    const op = await h.as(member).call('POST', '/typing', { op: 'pause', to: [1] });
    expect(op.body.msg).toBe('Invalid op');
    const missingOp = await h.as(member).call('POST', '/typing', { to: [1] });
    expect(missingOp.body.code).toBe('REQUEST_VARIABLE_MISSING');
    const noTo = await h.as(member).call('POST', '/typing', { op: 'start' });
    expect(noTo.body.msg).toBe("Missing 'to' argument");
    const badUser = await h.as(member).call('POST', '/typing', { op: 'start', to: [99999] });
    expect(badUser.body.msg).toBe('Invalid user ID 99999');
    const badChannel = await h.as(member).call('POST', '/typing', {
      type: 'channel',
      op: 'start',
      stream_id: channelId(h.server, 'leadership'),
      topic: 'x',
    });
    expect(badChannel.body.msg).toBe('Invalid channel ID');
  });

  it('sends typing_edit_message to readers of the message being edited', async () => {
    const { member, member2, member3 } = demoUsers(h.server);
    const r = await h
      .as(member)
      .ok('POST', '/messages', { type: 'stream', to: 'engineering', topic: 'edit typing', content: 'x' });
    const elena = await h.as(member2).register();
    const farid = await h.as(member3).register(); // not in #engineering
    await h.as(member).ok('POST', `/messages/${r.id}/typing`, { op: 'start' });
    expect((await elena.ofType('typing_edit_message'))[0]).toMatchObject({
      op: 'start',
      sender_id: member.user_id,
      message_id: r.id,
      recipient: { type: 'channel', channel_id: channelId(h.server, 'engineering'), topic: 'edit typing' },
    });
    expect(await farid.ofType('typing_edit_message')).toEqual([]);
    const bad = await h.as(member).call('POST', '/messages/987654/typing', { op: 'start' });
    expect(bad.body.msg).toBe('Invalid message(s)');
  });
});
