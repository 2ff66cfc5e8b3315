import { describe, expect, it } from 'vitest';
import { channelId, demoUsers, sendToChannel, useServer } from './helpers';
import { createChannel } from '../../../server/realm/channels';
import { subscribe } from '../../../server/realm/subscriptions';

describe('POST /messages/flags/narrow (4.13)', () => {
  const h = useServer();
  const unreadOf = (userId: number) => h.server.realm.flagStates.get(userId)!.unread;

  it('marks a narrow as read, reporting counts, ids and found flags, with an event', async () => {
    const { member, member2 } = demoUsers(h.server);
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push(await sendToChannel(h.as(member2), 'general', 'flags a', `m${i}`));
    const q = await h.as(member).register();
    const narrow = [
      { operator: 'channel', operand: 'general' },
      { operator: 'topic', operand: 'flags a' },
      { operator: 'is', operand: 'unread' },
    ];
    const body = await h.as(member).ok('POST', '/messages/flags/narrow', {
      anchor: 'oldest',
      num_before: 0,
      num_after: 100,
      narrow,
      op: 'add',
      flag: 'read',
    });
    expect(body).toMatchObject({
      processed_count: 4,
      updated_count: 4,
      first_processed_id: ids[0],
      last_processed_id: ids[3],
      found_oldest: true,
      found_newest: true,
    });
    expect(body).not.toHaveProperty('ignored_because_not_subscribed_channels');
    for (const id of ids) expect(unreadOf(member.user_id).has(id)).toBe(false);
    const [event] = await q.ofType('update_message_flags');
    expect(event).toMatchObject({ op: 'add', operation: 'add', flag: 'read', messages: ids, all: false });
  });

  it('bounds the batch by num_before + 1 + num_after and reports found_newest false', async () => {
    const { member, member2 } = demoUsers(h.server);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await sendToChannel(h.as(member2), 'general', 'flags b', `m${i}`));
    const narrow = [
      { operator: 'channel', operand: 'general' },
      { operator: 'topic', operand: 'flags b' },
    ];
    const body = await h.as(member).ok('POST', '/messages/flags/narrow', {
      anchor: ids[1],
      num_before: 1,
      num_after: 1,
      narrow,
      op: 'add',
      flag: 'starred',
    });
    expect(body).toMatchObject({
      processed_count: 3,
      updated_count: 3,
      first_processed_id: ids[0],
      last_processed_id: ids[2],
      found_oldest: true,
      found_newest: false,
    });
    const again = await h.as(member).ok('POST', '/messages/flags/narrow', {
      anchor: ids[1],
      num_before: 1,
      num_after: 1,
      narrow,
      op: 'add',
      flag: 'starred',
    });
    expect(again).toMatchObject({ processed_count: 3, updated_count: 0 });
    const excl = await h.as(member).ok('POST', '/messages/flags/narrow', {
      anchor: ids[1],
      include_anchor: false,
      num_before: 0,
      num_after: 10,
      narrow,
      op: 'remove',
      flag: 'starred',
    });
    expect(excl).toMatchObject({
      processed_count: 3,
      updated_count: 1,
      first_processed_id: ids[2],
      last_processed_id: ids[4],
    });
  });

  it('anchors: first_unread (else newest), legacy string-array narrows, the empty default narrow, required params', async () => {
    const { member, member2 } = demoUsers(h.server);
    const ids: number[] = [];
    for (let i = 0; i < 4; i++)
      ids.push(await sendToChannel(h.as(member2), 'general', 'flags anchors', `m${i}`));
    const legacy = [
      ['channel', 'general'],
      ['topic', 'flags anchors'],
    ];
    // Read the first two, so the first unread is ids[2].
    await h.as(member).ok('POST', '/messages/flags', { messages: ids.slice(0, 2), op: 'add', flag: 'read' });
    const fu = await h.as(member).ok('POST', '/messages/flags/narrow', {
      anchor: 'first_unread',
      num_before: 0,
      num_after: 0,
      narrow: legacy,
      op: 'add',
      flag: 'starred',
    });
    expect(fu).toMatchObject({ processed_count: 1, first_processed_id: ids[2], last_processed_id: ids[2] });
    // Nothing unread in the narrow: first_unread behaves as newest.
    await h.as(member).ok('POST', '/messages/flags', { messages: ids, op: 'add', flag: 'read' });
    const none = await h.as(member).ok('POST', '/messages/flags/narrow', {
      anchor: 'first_unread',
      num_before: 1,
      num_after: 0,
      narrow: legacy,
      op: 'add',
      flag: 'starred',
    });
    expect(none).toMatchObject({ processed_count: 1, first_processed_id: ids[3], found_newest: true });
    // Without narrow: the user's whole history; a textual integer anchor.
    const all = await h.as(member).ok('POST', '/messages/flags/narrow', {
      anchor: String(ids[3]),
      num_before: 2,
      num_after: 0,
      op: 'remove',
      flag: 'starred',
    });
    expect(all).toMatchObject({ processed_count: 3, last_processed_id: ids[3] });
    expect(all).not.toHaveProperty('ignored_because_not_subscribed_channels');
    // ignored_because_not_subscribed_channels only for read/remove: present (maybe empty) there.
    const unread = await h.as(member).ok('POST', '/messages/flags/narrow', {
      anchor: ids[0],
      num_before: 0,
      num_after: 0,
      narrow: legacy,
      op: 'remove',
      flag: 'read',
    });
    expect(unread).toMatchObject({ updated_count: 1, ignored_because_not_subscribed_channels: [] });
    const full = { anchor: 'newest', num_before: 0, num_after: 0, op: 'add', flag: 'read' };
    for (const missing of ['anchor', 'num_before', 'num_after', 'op', 'flag']) {
      const params: Record<string, unknown> = { ...full };
      delete params[missing];
      const r = await h.as(member).call('POST', '/messages/flags/narrow', params);
      expect(r.body, missing).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', var_name: missing });
    }
  });

  it('returns null ids and zero counts for an empty range', async () => {
    const { member } = demoUsers(h.server);
    const body = await h.as(member).ok('POST', '/messages/flags/narrow', {
      anchor: 'newest',
      num_before: 10,
      num_after: 0,
      narrow: [{ operator: 'search', operand: 'zzz-no-such-text' }],
      op: 'add',
      flag: 'read',
    });
    expect(body).toMatchObject({
      processed_count: 0,
      updated_count: 0,
      first_processed_id: null,
      last_processed_id: null,
      found_oldest: true,
      found_newest: true,
    });
  });

  it('skips unsubscribed channels when marking unread, listing them', async () => {
    const { member3, member } = demoUsers(h.server);
    // Farid is not subscribed to #engineering; its history is readable to him but always read.
    const eng = channelId(h.server, 'engineering');
    await sendToChannel(h.as(member), 'engineering', 'flags c', 'x');
    const body = await h.as(member3).ok('POST', '/messages/flags/narrow', {
      anchor: 'newest',
      num_before: 5,
      num_after: 0,
      narrow: [{ operator: 'channel', operand: eng }],
      op: 'remove',
      flag: 'read',
    });
    expect(body.processed_count).toBe(5);
    expect(body.updated_count).toBe(0);
    expect(body.ignored_because_not_subscribed_channels).toEqual([eng]);
  });

  it('marking unread history of a subscribed channel the user never received updates it (only unsubscribed channels are skipped)', async () => {
    const { member, member2 } = demoUsers(h.server);
    const realm = h.server.realm;
    const c = createChannel(realm, { name: 'flags-history' });
    subscribe(realm, c, member.user_id);
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) ids.push(await sendToChannel(h.as(member), c.name, 'old news', `h${i}`));
    subscribe(realm, c, member2.user_id); // after the messages: no personal copies
    const narrow = [{ operator: 'channel', operand: c.stream_id }];
    const body = await h.as(member2).ok('POST', '/messages/flags/narrow', {
      anchor: 'oldest',
      num_before: 0,
      num_after: 10,
      narrow,
      op: 'remove',
      flag: 'read',
    });
    expect(body).toMatchObject({
      processed_count: 2,
      updated_count: 2,
      ignored_because_not_subscribed_channels: [],
    });
    for (const id of ids) expect(unreadOf(member2.user_id).has(id)).toBe(true);
    const fetched = await h.as(member2).ok('GET', '/messages', {
      anchor: 'oldest',
      num_before: 0,
      num_after: 10,
      narrow,
    });
    for (const m of fetched.messages as { flags: string[] }[]) expect(m.flags).not.toContain('read');
  });

  it('marks unread again with message_details in the event', async () => {
    const { member, member2 } = demoUsers(h.server);
    const id = await sendToChannel(h.as(member2), 'general', 'flags d', 'x');
    await h.as(member).ok('POST', '/messages/flags', { messages: [id], op: 'add', flag: 'read' });
    const q = await h.as(member).register();
    const body = await h.as(member).ok('POST', '/messages/flags/narrow', {
      anchor: id,
      num_before: 0,
      num_after: 0,
      narrow: [],
      op: 'remove',
      flag: 'read',
    });
    expect(body).toMatchObject({
      processed_count: 1,
      updated_count: 1,
      ignored_because_not_subscribed_channels: [],
    });
    const [event] = await q.ofType('update_message_flags');
    expect(event).toMatchObject({
      op: 'remove',
      flag: 'read',
      messages: [id],
      message_details: {
        [id]: {
          type: 'stream',
          stream_id: channelId(h.server, 'general'),
          topic: 'flags d',
          unmuted_stream_msg: true,
        },
      },
    });
  });

  it('names the empty topic by its display name in message_details for clients without empty_topic_name', async () => {
    const { member, member2 } = demoUsers(h.server);
    const id = await sendToChannel(h.as(member2), 'general', '', 'empty');
    await h.as(member).ok('POST', '/messages/flags', { messages: [id], op: 'add', flag: 'read' });
    const legacy = await h.as(member).register();
    const modern = await h.as(member).register({ client_capabilities: { empty_topic_name: true } });
    await h.as(member).ok('POST', '/messages/flags', { messages: [id], op: 'remove', flag: 'read' });
    const details = async (q: typeof legacy) =>
      ((await q.ofType('update_message_flags'))[0]!.message_details as Record<string, { topic: string }>)[id]!
        .topic;
    expect(await details(legacy)).toBe('general chat');
    expect(await details(modern)).toBe('');
  });

  it('rejects unknown or non-editable flags', async () => {
    const { member } = demoUsers(h.server);
    const base = { anchor: 'newest', num_before: 1, num_after: 0, op: 'add' };
    const bad = await h.as(member).call('POST', '/messages/flags/narrow', { ...base, flag: 'shiny' });
    expect(bad.body).toMatchObject({ code: 'BAD_REQUEST', msg: "Invalid flag: 'shiny'" });
    const fixed = await h.as(member).call('POST', '/messages/flags/narrow', { ...base, flag: 'mentioned' });
    expect(fixed.body.msg).toBe("Flag not editable: 'mentioned'");
    const missing = await h
      .as(member)
      .call('POST', '/messages/flags/narrow', { anchor: 'newest', num_before: 1, op: 'add', flag: 'read' });
    expect(missing.body).toMatchObject({
      code: 'REQUEST_VARIABLE_MISSING',
      msg: "Missing 'num_after' argument",
    });
  });
});

describe('POST /mark_topic_as_read (4.16)', () => {
  const h = useServer();

  it('marks every unread message of a topic read and emits the flag event', async () => {
    const { member } = demoUsers(h.server);
    const general = channelId(h.server, 'general');
    const unread = h.server.realm.flagStates.get(member.user_id)!.unread;
    const inTopic = h.server.realm.messages.filter(
      (m) => m.stream_id === general && m.topic === 'team lunch' && unread.has(m.id),
    );
    expect(inTopic.length).toBeGreaterThan(0);
    const q = await h.as(member).register();
    await h.as(member).ok('POST', '/mark_topic_as_read', { stream_id: general, topic_name: 'team lunch' });
    for (const m of inTopic) expect(unread.has(m.id)).toBe(false);
    const [event] = await q.ofType('update_message_flags');
    expect(event).toMatchObject({ op: 'add', flag: 'read', messages: inTopic.map((m) => m.id) });
  });

  it('reads the empty-topic display name as the empty topic', async () => {
    const { member } = demoUsers(h.server);
    const random = channelId(h.server, 'random');
    const unread = h.server.realm.flagStates.get(member.user_id)!.unread;
    const empties = h.server.realm.messages.filter(
      (m) => m.stream_id === random && m.topic === '' && unread.has(m.id),
    );
    expect(empties.length).toBeGreaterThan(0);
    await h.as(member).ok('POST', '/mark_topic_as_read', { stream_id: random, topic_name: 'general chat' });
    for (const m of empties) expect(unread.has(m.id)).toBe(false);
  });

  it('refuses an invalid channel', async () => {
    const { member } = demoUsers(h.server);
    const r = await h.as(member).call('POST', '/mark_topic_as_read', { stream_id: 9999, topic_name: 'x' });
    expect(r.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid channel ID' });
  });
});

describe('GET /messages/matches_narrow (4.8)', () => {
  const h = useServer();

  it('returns match_content and match_subject for the ids that match', async () => {
    const { member } = demoUsers(h.server);
    const a = await sendToChannel(h.as(member), 'general', 'Rocket launch', 'the rocket is ready');
    const b = await sendToChannel(h.as(member), 'random', 'other', 'nothing here');
    const body = await h.as(member).ok('GET', '/messages/matches_narrow', {
      msg_ids: [a, b],
      narrow: [{ operator: 'search', operand: 'rocket' }],
    });
    const messages = body.messages as Record<string, { match_content: string; match_subject: string }>;
    expect(Object.keys(messages)).toEqual([String(a)]);
    expect(messages[a]!.match_content).toBe('<p>the <span class="highlight">rocket</span> is ready</p>');
    expect(messages[a]!.match_subject).toBe('<span class="highlight">Rocket</span> launch');
    const byChannel = await h.as(member).ok('GET', '/messages/matches_narrow', {
      msg_ids: [a, b],
      narrow: [{ operator: 'channel', operand: 'random' }],
    });
    expect(byChannel.messages).toEqual({
      [b]: { match_content: '<p>nothing here</p>', match_subject: 'other' },
    });
  });

  it('requires msg_ids and narrow', async () => {
    const { member } = demoUsers(h.server);
    const r = await h.as(member).call('GET', '/messages/matches_narrow', { narrow: [] });
    expect(r.body).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', msg: "Missing 'msg_ids' argument" });
  });
});
