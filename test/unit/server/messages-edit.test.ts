import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { age, channelId, demoUsers, sendToChannel, useServer } from './helpers';
import { SYSTEM_GROUPS } from '../../../server/realm/groups';
import { createAttachment } from '../../../server/realm/uploads';
import { createUser } from '../../../server/realm/users';
import { subscribe } from '../../../server/realm/subscriptions';
import { createChannel } from '../../../server/realm/channels';

const DAY = 86400;

describe('PATCH /messages/{message_id} (4.1)', () => {
  const h = useServer();
  let topicCounter = 0;
  const freshTopic = () => `edit topic ${++topicCounter}`;

  async function topicOf3(client = h.as(demoUsers(h.server).member), channel = 'general') {
    const topic = freshTopic();
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await sendToChannel(client, channel, topic, `message ${i}`));
    return { topic, ids };
  }

  const topicOfId = (id: number) => h.server.realm.messagesById.get(id)!.topic;

  it('edits content for the sender and emits update_message with old and new content', async () => {
    const { member, member2 } = demoUsers(h.server);
    const id = await sendToChannel(h.as(member), 'general', freshTopic(), 'first *version*');
    const q = await h.as(member2).register({ apply_markdown: true });
    const legacy = await h.as(member2).register();
    const body = await h.as(member).ok('PATCH', `/messages/${id}`, { content: 'second *version*' });
    // Without apply_markdown, `content` is the raw markdown.
    expect((await legacy.ofType('update_message'))[0]).toMatchObject({
      content: 'second *version*',
      rendered_content: '<p>second <em>version</em></p>',
    });
    expect(body.detached_uploads).toEqual([]);
    const [event] = await q.ofType('update_message');
    expect(event).toMatchObject({
      user_id: member.user_id,
      message_id: id,
      message_ids: [id],
      orig_content: 'first *version*',
      orig_rendered_content: '<p>first <em>version</em></p>',
      content: '<p>second <em>version</em></p>',
      rendered_content: '<p>second <em>version</em></p>',
      rendering_only: false,
      stream_id: channelId(h.server, 'general'),
    });
    expect(event).not.toHaveProperty('propagate_mode');
    expect(event!.flags).toEqual([]);
    expect(h.server.realm.messagesById.get(id)!.last_edit_timestamp).not.toBeNull();
  });

  it('keeps content as the real service does: no trailing whitespace or leading blank lines, leading spaces kept', async () => {
    const { member } = demoUsers(h.server);
    const id = await sendToChannel(h.as(member), 'general', freshTopic(), 'first');
    await h.as(member).ok('PATCH', `/messages/${id}`, { content: '\n\n    code line\nsecond  \n\n ' });
    expect(h.server.realm.messagesById.get(id)!.content).toBe('    code line\nsecond');
  });

  it('checks prev_content_sha256 against the current content', async () => {
    const { member } = demoUsers(h.server);
    const id = await sendToChannel(h.as(member), 'general', freshTopic(), 'v1');
    const sha = (t: string) => createHash('sha256').update(t).digest('hex');
    await h.as(member).ok('PATCH', `/messages/${id}`, { content: 'v2', prev_content_sha256: sha('v1') });
    const stale = await h
      .as(member)
      .call('PATCH', `/messages/${id}`, { content: 'v3', prev_content_sha256: sha('v1') });
    expect(stale.body.code).toBe('BAD_REQUEST');
    expect(h.server.realm.messagesById.get(id)!.content).toBe('v2');
  });

  it('lets nobody but the sender edit content, administrators included', async () => {
    const { member, admin, owner } = demoUsers(h.server);
    const id = await sendToChannel(h.as(member), 'general', freshTopic(), 'mine');
    for (const u of [admin, owner]) {
      const r = await h.as(u).call('PATCH', `/messages/${id}`, { content: 'theirs' });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({
        code: 'BAD_REQUEST',
        msg: "You don't have permission to edit this message",
      });
    }
  });

  it('refuses content together with stream_id (rule 1), nothing to change, and propagate_mode without a topic edit', async () => {
    const { member } = demoUsers(h.server);
    const id = await sendToChannel(h.as(member), 'general', freshTopic(), 'x');
    const both = await h
      .as(member)
      .call('PATCH', `/messages/${id}`, { content: 'y', stream_id: channelId(h.server, 'random') });
    expect(both.body).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'Cannot change message content while changing channel',
    });
    const nothing = await h.as(member).call('PATCH', `/messages/${id}`, {});
    expect(nothing.body.msg).toBe('Nothing to change');
    const mode = await h
      .as(member)
      .call('PATCH', `/messages/${id}`, { content: 'y', propagate_mode: 'change_all' });
    expect(mode.body.msg).toBe('Invalid propagate_mode without topic edit');
    const badMode = await h
      .as(member)
      .call('PATCH', `/messages/${id}`, { topic: 'z', propagate_mode: 'change_some' });
    expect(badMode.body.code).toBe('BAD_REQUEST');
  });

  it('refuses topics and channel moves for direct messages', async () => {
    const { member, owner } = demoUsers(h.server);
    const r = await h
      .as(member)
      .ok('POST', '/messages', { type: 'direct', to: [owner.user_id], content: 'dm' });
    const t = await h.as(member).call('PATCH', `/messages/${r.id}`, { topic: 'x' });
    expect(t.body.msg).toBe('Direct messages cannot have topics.');
    const s = await h
      .as(member)
      .call('PATCH', `/messages/${r.id}`, { stream_id: channelId(h.server, 'general') });
    expect(s.body.msg).toBe('Direct messages cannot be moved to channels.');
  });

  it('refuses messages the user cannot read', async () => {
    const { member, owner } = demoUsers(h.server);
    const id = await sendToChannel(h.as(owner), 'leadership', 'planning', 'secret');
    const r = await h.as(member).call('PATCH', `/messages/${id}`, { topic: 'leak' });
    expect(r.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid message(s)' });
  });

  it('enforces the content edit time limit and allow_message_editing', async () => {
    const { member } = demoUsers(h.server);
    const id = await sendToChannel(h.as(member), 'general', freshTopic(), 'x');
    age(h.server, id, 700); // limit 600 s plus grace
    const late = await h.as(member).call('PATCH', `/messages/${id}`, { content: 'y' });
    expect(late.body.msg).toBe('The time limit for editing this message has passed');
    const id2 = await sendToChannel(h.as(member), 'general', freshTopic(), 'x');
    h.server.realm.settings.allow_message_editing = false;
    try {
      const off = await h.as(member).call('PATCH', `/messages/${id2}`, { content: 'y' });
      expect(off.body.msg).toBe('Your organization has turned off message editing');
    } finally {
      h.server.realm.settings.allow_message_editing = true;
    }
  });

  it('moves one, later or all messages of a topic by propagate_mode (rule 2)', async () => {
    const { member, member2 } = demoUsers(h.server);
    const one = await topicOf3();
    await h
      .as(member)
      .ok('PATCH', `/messages/${one.ids[1]}`, { topic: 'moved one', propagate_mode: 'change_one' });
    expect(one.ids.map(topicOfId)).toEqual([one.topic, 'moved one', one.topic]);

    const later = await topicOf3();
    await h
      .as(member)
      .ok('PATCH', `/messages/${later.ids[1]}`, { topic: 'moved later', propagate_mode: 'change_later' });
    expect(later.ids.map(topicOfId)).toEqual([later.topic, 'moved later', 'moved later']);

    const all = await topicOf3();
    const q = await h.as(member2).register();
    await h.as(member).ok('PATCH', `/messages/${all.ids[1]}`, {
      topic: 'moved all',
      propagate_mode: 'change_all',
      send_notification_to_new_thread: false,
    });
    expect(all.ids.map(topicOfId)).toEqual(['moved all', 'moved all', 'moved all']);
    const [event] = await q.ofType('update_message');
    expect(event).toMatchObject({
      message_id: all.ids[1],
      message_ids: all.ids,
      propagate_mode: 'change_all',
      orig_subject: all.topic,
      subject: 'moved all',
      stream_id: channelId(h.server, 'general'),
    });
    expect(event).not.toHaveProperty('new_stream_id');
    expect(event).not.toHaveProperty('orig_content');
  });

  it('posts move notices per send_notification_to_old_thread / new_thread', async () => {
    const { member } = demoUsers(h.server);
    const general = channelId(h.server, 'general');
    const a = await topicOf3();
    await h.as(member).ok('PATCH', `/messages/${a.ids[0]}`, {
      topic: 'notice target',
      propagate_mode: 'change_all',
      send_notification_to_old_thread: true,
    });
    const inNew = h.server.realm.messages.filter(
      (m) => m.stream_id === general && m.topic === 'notice target',
    );
    expect(inNew.at(-1)!.content).toBe(
      `This topic was moved here from #**general>${a.topic}** by @_**Dmitri Ivanov|${member.user_id}**.`,
    );
    const inOld = h.server.realm.messages.filter((m) => m.stream_id === general && m.topic === a.topic);
    expect(inOld.map((m) => m.content)).toEqual([
      `This topic was moved to #**general>notice target** by @_**Dmitri Ivanov|${member.user_id}**.`,
    ]);
    const b = await topicOf3();
    await h.as(member).ok('PATCH', `/messages/${b.ids[0]}`, {
      topic: 'quiet target',
      propagate_mode: 'change_all',
      send_notification_to_new_thread: false,
    });
    expect(h.server.realm.messages.filter((m) => m.topic === 'quiet target').map((m) => m.id)).toEqual(b.ids);
  });

  it('moves between channels, with new_stream_id and permission to post in the destination', async () => {
    const { member, member3 } = demoUsers(h.server);
    const a = await topicOf3();
    const random = channelId(h.server, 'random');
    const q = await h.as(member3).register(); // subscribed to #random and #general
    await h.as(member).ok('PATCH', `/messages/${a.ids[0]}`, {
      stream_id: random,
      propagate_mode: 'change_all',
      send_notification_to_new_thread: false,
    });
    for (const id of a.ids) expect(h.server.realm.messagesById.get(id)!.stream_id).toBe(random);
    const [event] = await q.ofType('update_message');
    expect(event).toMatchObject({
      new_stream_id: random,
      stream_id: channelId(h.server, 'general'),
      orig_subject: a.topic,
      propagate_mode: 'change_all',
    });
    expect(event).not.toHaveProperty('subject');
    const b = await topicOf3();
    const ann = await h.as(member).call('PATCH', `/messages/${b.ids[0]}`, {
      stream_id: channelId(h.server, 'announcements'),
      propagate_mode: 'change_all',
    });
    expect(ann.body.msg).toBe('You do not have permission to post in this channel.');
    const bad = await h.as(member).call('PATCH', `/messages/${b.ids[0]}`, { stream_id: 9999 });
    expect(bad.body.msg).toBe('Invalid channel ID');
  });

  it('a move to a channel a user is not subscribed to takes their copies: no longer unread or starred for them, still readable when public', async () => {
    const { member, member2 } = demoUsers(h.server);
    const realm = h.server.realm;
    const away = createChannel(realm, { name: `away-${++topicCounter}` });
    subscribe(realm, away, member.user_id);
    const a = await topicOf3(); // by member in #general, unread for member2
    await h.as(member2).ok('POST', '/messages/flags', { messages: [a.ids[0]], op: 'add', flag: 'starred' });
    const unreadIds = async () => {
      const state = await h.as(member2).ok('POST', '/register', { fetch_event_types: ['message'] });
      const streams = (state.unread_msgs as { streams: { unread_message_ids: number[] }[] }).streams;
      return streams.flatMap((e) => e.unread_message_ids);
    };
    expect(await unreadIds()).toEqual(expect.arrayContaining(a.ids));
    await h.as(member).ok('PATCH', `/messages/${a.ids[0]}`, {
      stream_id: away.stream_id,
      propagate_mode: 'change_all',
      send_notification_to_new_thread: false,
    });
    const after = await unreadIds();
    for (const id of a.ids) expect(after).not.toContain(id);
    const fetched = await h.as(member2).ok('GET', '/messages', {
      anchor: a.ids[0],
      num_before: 0,
      num_after: 2,
      narrow: JSON.stringify([{ operator: 'channel', operand: away.stream_id }]),
    });
    const got = fetched.messages as { id: number; flags: string[] }[];
    expect(got.map((m) => m.id)).toEqual(a.ids);
    // Read (no copy), and the star went with the copy.
    for (const m of got) expect(m.flags).toContain('read');
    expect(got[0]!.flags).not.toContain('starred');
  });

  it('applies the move permission groups by role (rule 3)', async () => {
    const { member, moderator, admin, guest } = demoUsers(h.server);
    const s = h.server.realm.settings;
    s.can_move_messages_between_topics_group = SYSTEM_GROUPS.moderators;
    try {
      const a = await topicOf3();
      const denied = await h
        .as(member)
        .call('PATCH', `/messages/${a.ids[0]}`, { topic: 'nope', propagate_mode: 'change_all' });
      expect(denied.body).toMatchObject({
        code: 'BAD_REQUEST',
        msg: "You don't have permission to edit this message",
      });
      await h
        .as(moderator)
        .ok('PATCH', `/messages/${a.ids[0]}`, { topic: 'by moderator', propagate_mode: 'change_all' });
      await h
        .as(admin)
        .ok('PATCH', `/messages/${a.ids[0]}`, { topic: 'by admin', propagate_mode: 'change_all' });
    } finally {
      s.can_move_messages_between_topics_group = SYSTEM_GROUPS.everyone;
    }
    // Channel moves default to members: guests may not.
    const g = await sendToChannel(h.as(guest), 'general', freshTopic(), 'guest msg');
    const r = await h
      .as(guest)
      .call('PATCH', `/messages/${g}`, { stream_id: channelId(h.server, 'announcements') });
    expect(r.body.msg).toBe("You don't have permission to move this message");
  });

  it('returns MOVE_MESSAGES_TIME_LIMIT_EXCEEDED with its fields, and a change_later retry succeeds (rules 4, 9)', async () => {
    const { member } = demoUsers(h.server);
    const a = await topicOf3();
    age(h.server, a.ids[0]!, 8 * DAY); // older than the 7-day move limit
    const r = await h
      .as(member)
      .call('PATCH', `/messages/${a.ids[2]}`, { topic: 'too late', propagate_mode: 'change_all' });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      result: 'error',
      code: 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
      first_message_id_allowed_to_move: a.ids[1],
      total_messages_in_topic: 3,
      total_messages_allowed_to_move: 2,
    });
    expect(a.ids.map(topicOfId)).toEqual([a.topic, a.topic, a.topic]);
    await h.as(member).ok('PATCH', `/messages/${r.body.first_message_id_allowed_to_move}`, {
      topic: 'in time',
      propagate_mode: 'change_later',
    });
    expect(a.ids.map(topicOfId)).toEqual([a.topic, 'in time', 'in time']);
    // A single old message.
    const one = await h
      .as(member)
      .call('PATCH', `/messages/${a.ids[0]}`, { topic: 'x', propagate_mode: 'change_one' });
    expect(one.body).toMatchObject({
      code: 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
      first_message_id_allowed_to_move: null,
      total_messages_in_topic: 1,
      total_messages_allowed_to_move: 0,
    });
  });

  it('exempts moderators and administrators from the move time limits', async () => {
    const { moderator, admin } = demoUsers(h.server);
    for (const u of [moderator, admin]) {
      const a = await topicOf3();
      age(h.server, a.ids[0]!, 30 * DAY);
      await h.as(u).ok('PATCH', `/messages/${a.ids[0]}`, {
        topic: `old moved by ${u.user_id}`,
        propagate_mode: 'change_all',
      });
      expect(topicOfId(a.ids[0]!)).toBe(`old moved by ${u.user_id}`);
    }
  });

  it('applies the channel-move time limit to channel moves', async () => {
    const { member } = demoUsers(h.server);
    h.server.realm.settings.move_messages_between_streams_limit_seconds = 60;
    try {
      const a = await topicOf3();
      age(h.server, a.ids[0]!, 120);
      const r = await h.as(member).call('PATCH', `/messages/${a.ids[0]}`, {
        stream_id: channelId(h.server, 'random'),
        propagate_mode: 'change_all',
      });
      expect(r.body).toMatchObject({
        code: 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
        total_messages_in_topic: 3,
        total_messages_allowed_to_move: 2,
      });
    } finally {
      h.server.realm.settings.move_messages_between_streams_limit_seconds = 604800;
    }
  });

  it('resolves a topic with the check-mark prefix for members of can_resolve_topics_group', async () => {
    const { member, member2 } = demoUsers(h.server);
    const a = await topicOf3();
    age(h.server, a.ids[0]!, 30 * DAY); // resolving is not a move subject to the limit
    const q = await h.as(member2).register();
    await h
      .as(member)
      .ok('PATCH', `/messages/${a.ids[2]}`, { topic: `✔ ${a.topic}`, propagate_mode: 'change_all' });
    expect(a.ids.map(topicOfId)).toEqual(a.ids.map(() => `✔ ${a.topic}`));
    const events = await q.drain();
    expect(events.find((e) => e.type === 'update_message')).toMatchObject({
      subject: `✔ ${a.topic}`,
      orig_subject: a.topic,
    });
    // A resolve notice, not a "moved here" notice.
    const newMessages = events
      .filter((e) => e.type === 'message')
      .map((e) => (e.message as { content: string }).content);
    expect(newMessages).toHaveLength(1);
    expect(newMessages[0]).toContain('has marked this topic as resolved.');
    // Unresolve.
    await h.as(member).ok('PATCH', `/messages/${a.ids[2]}`, { topic: a.topic, propagate_mode: 'change_all' });
    expect(topicOfId(a.ids[0]!)).toBe(a.topic);
  });

  it("sends the actor's own resolve and move notices already read, and unread to everyone else", async () => {
    const { member, member2 } = demoUsers(h.server);
    const a = await topicOf3();
    const q = await h.as(member).register();
    const other = await h.as(member2).register();
    await h
      .as(member)
      .ok('PATCH', `/messages/${a.ids[2]}`, { topic: `✔ ${a.topic}`, propagate_mode: 'change_all' });
    const [mine] = await q.ofType('message');
    const [theirs] = await other.ofType('message');
    expect(mine!.flags).toContain('read');
    expect(theirs!.flags).not.toContain('read');
    const noticeId = (mine!.message as { id: number }).id;
    expect(h.server.realm.flagStates.get(member.user_id)!.unread.has(noticeId)).toBe(false);
    expect(h.server.realm.flagStates.get(member2.user_id)!.unread.has(noticeId)).toBe(true);

    await h.as(member).ok('PATCH', `/messages/${a.ids[2]}`, {
      topic: `${a.topic} moved`,
      propagate_mode: 'change_all',
      send_notification_to_old_thread: true,
    });
    const notices = await q.ofType('message');
    expect(notices).toHaveLength(2);
    for (const notice of notices) expect(notice.flags).toContain('read');
  });

  it("carries each user's mute and follow state with a moved topic and tells their clients (user_topic)", async () => {
    const { member, member2 } = demoUsers(h.server);
    const a = await topicOf3();
    const general = channelId(h.server, 'general');
    await h.as(member2).ok('POST', '/user_topics', {
      stream_id: general,
      topic: a.topic,
      visibility_policy: 1,
    });
    await h
      .as(member)
      .ok('POST', '/user_topics', { stream_id: general, topic: a.topic, visibility_policy: 3 });
    const q = await h.as(member2).register();
    await h
      .as(member)
      .ok('PATCH', `/messages/${a.ids[0]}`, { topic: `✔ ${a.topic}`, propagate_mode: 'change_all' });
    const events = await q.ofType('user_topic');
    expect(events).toEqual([
      expect.objectContaining({ stream_id: general, topic_name: a.topic, visibility_policy: 0 }),
      expect.objectContaining({ stream_id: general, topic_name: `✔ ${a.topic}`, visibility_policy: 1 }),
    ]);
    const policies = (userId: number) =>
      h.server.realm.userTopics
        .filter((t) => t.user_id === userId && t.topic_name.endsWith(a.topic))
        .map((t) => [t.topic_name, t.visibility_policy]);
    expect(policies(member2.user_id)).toEqual([[`✔ ${a.topic}`, 1]]);
    expect(policies(member.user_id)).toEqual([[`✔ ${a.topic}`, 3]]);
    // A fresh registration sees the policy under the new name.
    const state = await h.as(member2).ok('POST', '/register', { fetch_event_types: ['user_topic'] });
    expect(state.user_topics).toContainEqual(
      expect.objectContaining({ topic_name: `✔ ${a.topic}`, visibility_policy: 1 }),
    );
  });

  it('merges policies when a topic moves into one the user already set: the more visible one wins', async () => {
    const { member } = demoUsers(h.server);
    const a = await topicOf3();
    const b = await topicOf3();
    const general = channelId(h.server, 'general');
    await h
      .as(member)
      .ok('POST', '/user_topics', { stream_id: general, topic: a.topic, visibility_policy: 1 });
    await h
      .as(member)
      .ok('POST', '/user_topics', { stream_id: general, topic: b.topic, visibility_policy: 3 });
    await h.as(member).ok('PATCH', `/messages/${a.ids[0]}`, { topic: b.topic, propagate_mode: 'change_all' });
    const left = h.server.realm.userTopics.filter(
      (t) => t.user_id === member.user_id && [a.topic, b.topic].includes(t.topic_name),
    );
    expect(left.map((t) => [t.topic_name, t.visibility_policy])).toEqual([[b.topic, 3]]);
  });

  it('refuses resolving for users outside can_resolve_topics_group and for the empty topic', async () => {
    const { member, moderator } = demoUsers(h.server);
    const s = h.server.realm.settings;
    s.can_resolve_topics_group = SYSTEM_GROUPS.moderators;
    s.can_move_messages_between_topics_group = SYSTEM_GROUPS.nobody;
    try {
      const a = await topicOf3();
      const r = await h
        .as(member)
        .call('PATCH', `/messages/${a.ids[0]}`, { topic: `✔ ${a.topic}`, propagate_mode: 'change_all' });
      expect(r.body.msg).toBe("You don't have permission to resolve topics in this channel.");
      await h
        .as(moderator)
        .ok('PATCH', `/messages/${a.ids[0]}`, { topic: `✔ ${a.topic}`, propagate_mode: 'change_all' });
      // Resolving does not grant renaming.
      const rename = await h
        .as(moderator)
        .call('PATCH', `/messages/${a.ids[0]}`, { topic: 'renamed', propagate_mode: 'change_all' });
      expect(rename.body.msg).toBe("You don't have permission to edit this message");
    } finally {
      s.can_resolve_topics_group = SYSTEM_GROUPS.everyone;
      s.can_move_messages_between_topics_group = SYSTEM_GROUPS.everyone;
    }
    const empty = await sendToChannel(h.as(member), 'general', '', 'no topic');
    const r = await h
      .as(member)
      .call('PATCH', `/messages/${empty}`, { topic: '✔ ', propagate_mode: 'change_all' });
    expect(r.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'general chat cannot be marked as resolved' });
    const byDisplayName = await h
      .as(member)
      .call('PATCH', `/messages/${empty}`, { topic: '✔ general chat', propagate_mode: 'change_all' });
    expect(byDisplayName.body).toMatchObject({ msg: 'general chat cannot be marked as resolved' });
    expect(topicOfId(empty)).toBe('');
  });

  it('gives messages without a topic the same topic-edit rules (rule 5)', async () => {
    const { member } = demoUsers(h.server);
    h.server.realm.settings.can_move_messages_between_topics_group = SYSTEM_GROUPS.moderators;
    try {
      const id = await sendToChannel(h.as(member), 'general', '', 'no topic yet');
      const r = await h.as(member).call('PATCH', `/messages/${id}`, { topic: 'now with topic' });
      expect(r.body.msg).toBe("You don't have permission to edit this message");
    } finally {
      h.server.realm.settings.can_move_messages_between_topics_group = SYSTEM_GROUPS.everyone;
    }
  });

  it('reads the empty-topic display name as the empty topic, and refuses it when topics are required', async () => {
    const { member } = demoUsers(h.server);
    const id = await sendToChannel(h.as(member), 'general', freshTopic(), 'x');
    await h.as(member).ok('PATCH', `/messages/${id}`, { topic: 'general chat' });
    expect(topicOfId(id)).toBe('');
    const id2 = await sendToChannel(h.as(member), 'general', freshTopic(), 'x');
    h.server.realm.settings.topics_policy = 'disable_empty_topic';
    try {
      for (const topic of ['', 'general chat', '(no topic)']) {
        const r = await h.as(member).call('PATCH', `/messages/${id2}`, { topic });
        expect(r.body.msg, topic).toBe('Topics are required in this organization.');
      }
    } finally {
      h.server.realm.settings.topics_policy = 'allow_empty_topic';
    }
  });

  it('moves only the accessible part of a protected-history topic, without error (rule 6)', async () => {
    const { moderator, owner } = demoUsers(h.server);
    const leadership = channelId(h.server, 'leadership');
    const inTopic = h.server.realm.messages.filter(
      (m) => m.stream_id === leadership && m.topic === 'planning',
    );
    const sub = h.server.realm.channels.get(leadership)!.subscriptions.get(moderator.user_id)!;
    const visible = inTopic.filter((m) => m.id >= sub.first_accessible_message_id);
    const hidden = inTopic.filter((m) => m.id < sub.first_accessible_message_id);
    expect(hidden.length).toBeGreaterThan(0);
    await h.as(moderator).ok('PATCH', `/messages/${visible[0]!.id}`, {
      topic: 'planning (recent)',
      propagate_mode: 'change_all',
      send_notification_to_new_thread: false,
    });
    for (const m of visible) expect(m.topic).toBe('planning (recent)');
    for (const m of hidden) expect(m.topic).toBe('planning');
    void owner;
  });

  it('applies the wildcard-mention rules to content edits (rule 8)', async () => {
    const { member, admin } = demoUsers(h.server);
    const realm = h.server.realm;
    const general = realm.channels.get(channelId(h.server, 'general'))!;
    // Grow #general past the threshold of 15 subscribers.
    for (let i = 0; i < 10; i++) {
      const u = createUser(realm, { email: `extra${i}@northwind.example`, full_name: `Extra Person ${i}` });
      subscribe(realm, general, u.user_id);
    }
    const topic = freshTopic();
    const id = await sendToChannel(h.as(member), 'general', topic, 'hello');
    const r = await h.as(member).call('PATCH', `/messages/${id}`, { content: 'hello @**everyone**' });
    expect(r.body).toMatchObject({
      code: 'STREAM_WILDCARD_MENTION_NOT_ALLOWED',
      msg: 'You do not have permission to use channel wildcard mentions in this channel.',
    });
    // Silent wildcard mentions notify nobody and are allowed.
    await h.as(member).ok('PATCH', `/messages/${id}`, { content: 'hello @_**everyone**' });
    const mine = await sendToChannel(h.as(admin), 'general', topic, 'admin here');
    await h.as(admin).ok('PATCH', `/messages/${mine}`, { content: '@**all** admin may' });
    // Topic wildcard: a topic with many participants.
    const busy = freshTopic();
    for (const u of [...realm.users.values()].filter((x) => x.email.startsWith('extra'))) {
      realm.messages.push({
        ...realm.messagesById.get(id)!,
        id: realm.nextId('message'),
        sender_id: u.user_id,
        topic: busy,
        edits: [],
        reactions: [],
      });
      realm.messagesById.set(realm.messages.at(-1)!.id, realm.messages.at(-1)!);
    }
    const t = await sendToChannel(h.as(member), 'general', busy, 'hi');
    for (let i = 0; i < 6; i++)
      await sendToChannel(h.as([...realm.users.values()][i]!), 'general', busy, 'me too');
    const tr = await h.as(member).call('PATCH', `/messages/${t}`, { content: 'hi @**topic**' });
    expect(tr.body).toMatchObject({
      code: 'TOPIC_WILDCARD_MENTION_NOT_ALLOWED',
      msg: 'You do not have permission to use topic wildcard mentions in this topic.',
    });
  });

  it('reports detached uploads of the acting user (rule 7)', async () => {
    const { member } = demoUsers(h.server);
    const file = createAttachment(h.server.realm, member.user_id, 'notes.pdf', 1234);
    const id = await sendToChannel(
      h.as(member),
      'general',
      freshTopic(),
      `see [notes.pdf](/user_uploads/${file.path_id})`,
    );
    const shared = createAttachment(h.server.realm, member.user_id, 'shared.png', 99);
    await sendToChannel(h.as(member), 'general', freshTopic(), `[a](/user_uploads/${shared.path_id})`);
    const id2 = await sendToChannel(
      h.as(member),
      'general',
      freshTopic(),
      `[b](/user_uploads/${shared.path_id})`,
    );
    const body = await h.as(member).ok('PATCH', `/messages/${id}`, { content: 'never mind' });
    expect(body.detached_uploads).toEqual([
      {
        id: file.id,
        name: 'notes.pdf',
        path_id: file.path_id,
        size: 1234,
        create_time: file.create_time,
        messages: [],
      },
    ]);
    expect(file.create_time).toBeGreaterThan(1e12); // UNIX timestamp times 1000 (2.5)
    // Still referenced elsewhere: not detached.
    const body2 = await h.as(member).ok('PATCH', `/messages/${id2}`, { content: 'gone' });
    expect(body2.detached_uploads).toEqual([]);
    // Someone else's file linked in the acting user's message is not the acting user's to report.
    const { member2 } = demoUsers(h.server);
    const theirs = createAttachment(h.server.realm, member2.user_id, 'theirs.txt', 5);
    const id3 = await sendToChannel(
      h.as(member),
      'general',
      freshTopic(),
      `[t](/user_uploads/${theirs.path_id})`,
    );
    const body3 = await h.as(member).ok('PATCH', `/messages/${id3}`, { content: 'unlinked' });
    expect(body3.detached_uploads).toEqual([]);
  });

  it('tells users who lose access through a channel move that the messages are gone', async () => {
    const { owner, member, moderator } = demoUsers(h.server);
    const a = await topicOf3(h.as(owner));
    const bulk = await h.as(member).register({ client_capabilities: { bulk_message_deletion: true } });
    const legacy = await h.as(member).register();
    const stays = await h.as(moderator).register(); // subscribed to #leadership
    await h.as(owner).ok('PATCH', `/messages/${a.ids[0]}`, {
      stream_id: channelId(h.server, 'leadership'),
      propagate_mode: 'change_all',
      send_notification_to_new_thread: false,
    });
    const events = await bulk.drain();
    expect(events.filter((e) => e.type === 'update_message')).toEqual([]);
    expect(events.find((e) => e.type === 'delete_message')).toMatchObject({
      message_type: 'stream',
      message_ids: a.ids,
      stream_id: channelId(h.server, 'general'),
      topic: a.topic,
    });
    expect((await legacy.ofType('delete_message')).map((e) => e.message_id)).toEqual(a.ids);
    expect((await stays.ofType('update_message'))[0]).toMatchObject({
      new_stream_id: channelId(h.server, 'leadership'),
    });
    const r = await h.as(member).call('GET', `/messages/${a.ids[0]}`);
    expect(r.body.msg).toBe('Invalid message(s)');
  });

  it('tells a sender who keeps their own messages through a channel move where those went', async () => {
    const { owner, member } = demoUsers(h.server);
    const topic = freshTopic();
    const theirs = await sendToChannel(h.as(owner), 'general', topic, 'from the owner');
    const mine = await sendToChannel(h.as(member), 'general', topic, 'from the member');
    const q = await h.as(member).register({ client_capabilities: { bulk_message_deletion: true } });
    await h.as(owner).ok('PATCH', `/messages/${theirs}`, {
      stream_id: channelId(h.server, 'leadership'),
      propagate_mode: 'change_all',
      send_notification_to_new_thread: false,
      send_notification_to_old_thread: false,
    });
    const events = await q.drain();
    expect(events.find((e) => e.type === 'update_message')).toMatchObject({
      message_ids: [mine],
      stream_id: channelId(h.server, 'general'),
      new_stream_id: channelId(h.server, 'leadership'),
      orig_subject: topic,
    });
    expect(events.find((e) => e.type === 'delete_message')).toMatchObject({ message_ids: [theirs] });
    const r = await h.as(member).ok('GET', `/messages/${mine}`);
    expect(r.message).toMatchObject({ stream_id: channelId(h.server, 'leadership') });
  });

  it('sends topic moves to users who can see the messages only', async () => {
    const { member, member3 } = demoUsers(h.server);
    const a = await topicOf3(h.as(member), 'engineering');
    const farid = await h.as(member3).register(); // not subscribed to #engineering
    await h
      .as(member)
      .ok('PATCH', `/messages/${a.ids[0]}`, { topic: 'eng moved', propagate_mode: 'change_all' });
    expect(await farid.ofType('update_message')).toEqual([]);
  });

  it('defaults: propagate_mode change_one, old thread not notified, new thread notified; subject is the topic alias', async () => {
    const { member } = demoUsers(h.server);
    const general = channelId(h.server, 'general');
    const a = await topicOf3();
    const target = freshTopic();
    const body = await h.as(member).ok('PATCH', `/messages/${a.ids[1]}`, { subject: target });
    expect(body).not.toHaveProperty('ignored_parameters_unsupported');
    expect(body.detached_uploads).toEqual([]);
    expect(a.ids.map(topicOfId)).toEqual([a.topic, target, a.topic]);
    const inNew = h.server.realm.messages.filter((m) => m.stream_id === general && m.topic === target);
    expect(inNew.map((m) => m.content)).toEqual([
      'message 1',
      `A message was moved here from #**general>${a.topic}** by @_**Dmitri Ivanov|${member.user_id}**.`,
    ]);
    const inOld = h.server.realm.messages.filter((m) => m.stream_id === general && m.topic === a.topic);
    expect(inOld.map((m) => m.content)).toEqual(['message 0', 'message 2']);
  });

  it('content and topic may change together; content and channel may not (rule 1)', async () => {
    const { member } = demoUsers(h.server);
    const id = await sendToChannel(h.as(member), 'general', freshTopic(), 'before');
    const target = freshTopic();
    await h.as(member).ok('PATCH', `/messages/${id}`, {
      topic: target,
      content: 'after',
      send_notification_to_new_thread: false,
    });
    expect(h.server.realm.messagesById.get(id)).toMatchObject({ topic: target, content: 'after' });
    const history = (await h.as(member).ok('GET', `/messages/${id}/history`)).message_history as Record<
      string,
      unknown
    >[];
    expect(Object.keys(history[1]!).sort()).toEqual(
      [
        'content',
        'content_html_diff',
        'prev_content',
        'prev_rendered_content',
        'prev_topic',
        'rendered_content',
        'timestamp',
        'topic',
        'user_id',
      ].sort(),
    );
    const r = await h
      .as(member)
      .call('PATCH', `/messages/${id}`, { content: 'x', stream_id: channelId(h.server, 'random') });
    expect(r.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
    expect(h.server.realm.messagesById.get(id)!.content).toBe('after');
  });

  it('bounds an edited topic by max_topic_length and content by max_message_length', async () => {
    const { member } = demoUsers(h.server);
    const state = (await h.as(member).register()).state;
    const maxTopic = state.max_topic_length as number;
    const maxMessage = state.max_message_length as number;
    const id = await sendToChannel(h.as(member), 'general', freshTopic(), 'short');
    await h.as(member).ok('PATCH', `/messages/${id}`, {
      topic: 'y'.repeat(maxTopic + 20),
      send_notification_to_new_thread: false,
    });
    const topic = topicOfId(id);
    expect([...topic].length).toBe(maxTopic);
    expect(topic.startsWith('y'.repeat(maxTopic - 1))).toBe(true);
    await h.as(member).ok('PATCH', `/messages/${id}`, { content: 'z'.repeat(maxMessage + 100) });
    expect(h.server.realm.messagesById.get(id)!.content.length).toBeLessThanOrEqual(maxMessage);
  });

  it('protected history: the time-limit counts only cover messages the mover can access (rules 4, 6, 9)', async () => {
    const { owner, member, member2 } = demoUsers(h.server);
    const realm = h.server.realm;
    const c = createChannel(realm, {
      name: `protected-${++topicCounter}`,
      invite_only: true,
      history_public_to_subscribers: false,
    });
    subscribe(realm, c, owner.user_id);
    const topic = freshTopic();
    const early = [];
    for (let i = 0; i < 2; i++) early.push(await sendToChannel(h.as(owner), c.name, topic, `early ${i}`));
    subscribe(realm, c, member.user_id);
    subscribe(realm, c, member2.user_id);
    const late = [];
    for (let i = 0; i < 3; i++) late.push(await sendToChannel(h.as(member2), c.name, topic, `late ${i}`));
    for (const id of [...early, late[0]!]) age(h.server, id, 8 * DAY);
    const r = await h
      .as(member)
      .call('PATCH', `/messages/${late[2]}`, { topic: 'moved late', propagate_mode: 'change_all' });
    expect(r.body).toMatchObject({
      code: 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
      first_message_id_allowed_to_move: late[1],
      total_messages_in_topic: 3,
      total_messages_allowed_to_move: 2,
    });
    await h.as(member).ok('PATCH', `/messages/${late[1]}`, {
      topic: 'moved late',
      propagate_mode: 'change_later',
      send_notification_to_new_thread: false,
    });
    expect([...early, ...late].map(topicOfId)).toEqual([topic, topic, topic, 'moved late', 'moved late']);
  });
});
