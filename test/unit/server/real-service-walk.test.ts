import { describe, expect, it } from 'vitest';
import { SYSTEM_GROUPS } from '../../../server/realm/groups';
import { boundFlagRange } from '../../../server/realm/message-fetch';
import { age, channelId, demoUsers, sendToChannel, useServer } from './helpers';

// The walk of issue 12 part 3: responses and events compared with the real service at feature
// level 400, each case failing before its fix (see "Checked against the real service" in
// server/README.md).
const h = useServer();
const DAY = 86400;

describe('errors', () => {
  it('sending to a channel that does not exist: STREAM_DOES_NOT_EXIST with `stream` or `stream_id`', async () => {
    const { member } = demoUsers(h.server);
    const byName = await h
      .as(member)
      .call('POST', '/messages', { type: 'stream', to: 'nowhere', topic: 't', content: 'x' });
    expect(byName.body).toEqual({
      result: 'error',
      code: 'STREAM_DOES_NOT_EXIST',
      msg: "Channel 'nowhere' does not exist",
      stream: 'nowhere',
    });
    const byId = await h
      .as(member)
      .call('POST', '/messages', { type: 'stream', to: 9999, topic: 't', content: 'x' });
    expect(byId.body).toEqual({
      result: 'error',
      code: 'STREAM_DOES_NOT_EXIST',
      msg: "Channel with ID '9999' does not exist",
      stream_id: 9999,
    });
  });

  it('a partial move past the time limit says how many of how many may move', async () => {
    const { member } = demoUsers(h.server);
    const topic = `walk ${Date.now()}`;
    const ids = [];
    for (const n of [1, 2, 3]) ids.push(await sendToChannel(h.as(member), 'general', topic, `m${n}`));
    age(h.server, ids[0]!, 8 * DAY);
    const r = await h
      .as(member)
      .call('PATCH', `/messages/${ids[2]}`, { topic: 'later', propagate_mode: 'change_all' });
    expect(r.body).toMatchObject({
      code: 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
      msg: 'You only have permission to move the 2/3 most recent messages in this topic.',
    });
  });

  it('moves are allowed for 20 seconds past the limit, as content edits', async () => {
    const { member } = demoUsers(h.server);
    const limit = h.server.realm.settings.move_messages_within_stream_limit_seconds!;
    const id = await sendToChannel(h.as(member), 'general', `grace ${Date.now()}`, 'x');
    age(h.server, id, limit + 10);
    await h.as(member).ok('PATCH', `/messages/${id}`, { topic: `graced ${Date.now()}` });
  });

  it('a channel move past the time limit: the real service’s text has no final period', async () => {
    const { member } = demoUsers(h.server);
    const id = await sendToChannel(h.as(member), 'general', `late ${Date.now()}`, 'x');
    age(h.server, id, 8 * DAY);
    const r = await h
      .as(member)
      .call('PATCH', `/messages/${id}`, { stream_id: channelId(h.server, 'random') });
    expect(r.body.msg).toBe("The time limit for editing this message's channel has passed");
  });
});

describe('POST /register at level 400', () => {
  it('has no can_subscribe_other_users (removed at level 341)', async () => {
    const { member } = demoUsers(h.server);
    const state = await h.as(member).ok('POST', '/register', { fetch_event_types: ['realm_user'] });
    expect(state).toHaveProperty('can_create_streams');
    expect(state).not.toHaveProperty('can_subscribe_other_users');
  });

  it('derives the deprecated realm_allow_edit_history and realm_mandatory_topics from their replacements', async () => {
    const { admin } = demoUsers(h.server);
    const s = h.server.realm.settings;
    const fetch = () => h.as(admin).ok('POST', '/register', { fetch_event_types: ['realm'] });
    expect(await fetch()).toMatchObject({
      realm_allow_edit_history: true,
      realm_mandatory_topics: false,
    });
    s.message_edit_history_visibility_policy = 'none';
    s.topics_policy = 'disable_empty_topic';
    try {
      expect(await fetch()).toMatchObject({
        realm_allow_edit_history: false,
        realm_mandatory_topics: true,
      });
    } finally {
      s.message_edit_history_visibility_policy = 'all';
      s.topics_policy = 'allow_empty_topic';
    }
  });
});

describe('PATCH /realm at level 400', () => {
  it('no longer takes mandatory_topics (392) or allow_edit_history (358)', async () => {
    const { admin } = demoUsers(h.server);
    const r = await h.as(admin).ok('PATCH', '/realm', { mandatory_topics: true, allow_edit_history: false });
    expect(r.ignored_parameters_unsupported).toEqual(['allow_edit_history', 'mandatory_topics']);
    expect(h.server.realm.settings.topics_policy).toBe('allow_empty_topic');
  });

  it('a topics_policy change carries the deprecated mandatory_topics beside it', async () => {
    const { admin } = demoUsers(h.server);
    const q = await h.as(admin).register({ event_types: ['realm'] });
    await h.as(admin).ok('PATCH', '/realm', { topics_policy: 'disable_empty_topic' });
    await h.as(admin).ok('PATCH', '/realm', { topics_policy: 'allow_empty_topic' });
    expect((await q.drain()).map((e) => [e.op, e.data])).toEqual([
      ['update_dict', { topics_policy: 'disable_empty_topic', mandatory_topics: true }],
      ['update_dict', { topics_policy: 'allow_empty_topic', mandatory_topics: false }],
    ]);
  });
});

describe('channel objects at level 400', () => {
  it('carry subscriber_count, topics_policy, folder_id and the two channel move groups everywhere', async () => {
    const { member } = demoUsers(h.server);
    const general = channelId(h.server, 'general');
    const expected = {
      subscriber_count: [...h.server.realm.channels.get(general)!.subscriptions.values()].filter(
        (s) => s.active,
      ).length,
      topics_policy: 'inherit',
      folder_id: null,
      can_move_messages_out_of_channel_group: SYSTEM_GROUPS.nobody,
      can_move_messages_within_channel_group: SYSTEM_GROUPS.nobody,
    };
    const one = await h.as(member).ok('GET', `/streams/${general}`);
    expect(one.stream).toMatchObject(expected);
    const all = await h.as(member).ok('GET', '/streams');
    expect((all.streams as { stream_id: number }[]).find((c) => c.stream_id === general)).toMatchObject(
      expected,
    );
    const subs = await h.as(member).ok('GET', '/users/me/subscriptions');
    expect(
      (subs.subscriptions as { stream_id: number }[]).find((c) => c.stream_id === general),
    ).toMatchObject(expected);
  });

  it('a channel’s can_move_messages_within_channel_group lets its members move topics there', async () => {
    const { admin, member } = demoUsers(h.server);
    const general = channelId(h.server, 'general');
    const s = h.server.realm.settings;
    s.can_move_messages_between_topics_group = SYSTEM_GROUPS.nobody;
    try {
      const id = await sendToChannel(h.as(member), 'general', `own ${Date.now()}`, 'x');
      const refused = await h.as(member).call('PATCH', `/messages/${id}`, { topic: 'elsewhere' });
      expect(refused.body.msg).toBe("You don't have permission to edit this message");
      await h.as(admin).ok('PATCH', `/streams/${general}`, {
        can_move_messages_within_channel_group: { new: SYSTEM_GROUPS.members },
      });
      await h.as(member).ok('PATCH', `/messages/${id}`, { topic: `moved ${Date.now()}` });
    } finally {
      s.can_move_messages_between_topics_group = SYSTEM_GROUPS.everyone;
      await h.as(admin).ok('PATCH', `/streams/${general}`, {
        can_move_messages_within_channel_group: { new: SYSTEM_GROUPS.nobody },
      });
    }
  });
});

describe('message fetching and flags', () => {
  it('GET /messages: num_before and num_after default to 0; message_ids answers found_* false', async () => {
    const { member } = demoUsers(h.server);
    const none = await h.as(member).ok('GET', '/messages', { anchor: 'newest' });
    expect(none.messages).toEqual([]);
    const id = await sendToChannel(h.as(member), 'general', `ids ${Date.now()}`, 'x');
    const byIds = await h.as(member).ok('GET', '/messages', { message_ids: [id] });
    expect(byIds).toMatchObject({ found_anchor: false, found_oldest: false, found_newest: false });
    expect(byIds).not.toHaveProperty('anchor');
  });

  it('GET /messages: message_ids with a range parameter names every parameter of both ways', async () => {
    const { member } = demoUsers(h.server);
    const parameters = 'num_before, num_after, anchor, message_ids, include_anchor, use_first_unread_anchor';
    for (const extra of [{ anchor: 'newest' }, { num_before: 5 }, { use_first_unread_anchor: true }]) {
      const r = await h.as(member).call('GET', '/messages', { message_ids: [1], ...extra });
      expect(r.body).toMatchObject({
        code: 'BAD_REQUEST',
        msg: `Unsupported parameter combination: ${parameters}`,
        parameters,
      });
    }
  });

  it('anchors: missing has a final period, negative reads as 0, an excluded anchor must be at an end', async () => {
    const { member } = demoUsers(h.server);
    const missing = await h.as(member).call('GET', '/messages', { num_before: 1 });
    expect(missing.body.msg).toBe("Missing 'anchor' argument.");
    const negative = await h.as(member).ok('GET', '/messages', { anchor: -5, num_after: 1 });
    expect(negative.anchor).toBe(0);
    const inside = await h.as(member).call('POST', '/messages/flags/narrow', {
      anchor: 'newest',
      include_anchor: false,
      num_before: 1,
      num_after: 1,
      op: 'add',
      flag: 'starred',
    });
    expect(inside.body.msg).toBe('The anchor can only be excluded at an end of the range');
  });

  it('POST /messages/flags repeats the requested IDs and lists the unsubscribed channels skipped', async () => {
    const { member, member2 } = demoUsers(h.server);
    const id = await sendToChannel(h.as(member), 'general', `flags ${Date.now()}`, 'x');
    await h.as(member2).ok('POST', '/messages/flags', { messages: [id], op: 'add', flag: 'read' });
    // Already read: nothing changes, and the answer still names the request's messages.
    const r = await h.as(member2).ok('POST', '/messages/flags', { messages: [id], op: 'add', flag: 'read' });
    expect(r.messages).toEqual([id]);
    expect(r.ignored_because_not_subscribed_channels).toEqual([]);
  });

  it('POST /messages/flags/narrow bounds the two counts together at 5000, keeping half for num_before', () => {
    expect(boundFlagRange(6000, 6000)).toEqual([2500, 2500]);
    expect(boundFlagRange(0, 6000)).toEqual([0, 5000]);
    expect(boundFlagRange(6000, 0)).toEqual([5000, 0]);
    expect(boundFlagRange(4000, 3000)).toEqual([2500, 2500]);
    expect(boundFlagRange(1000, 3000)).toEqual([1000, 3000]);
  });

  it('POST /mark_topic_as_read: a topic the user holds no message of does not exist for them', async () => {
    const { member, member2 } = demoUsers(h.server);
    const general = channelId(h.server, 'general');
    const topic = `not received ${Date.now()}`;
    const id = await sendToChannel(h.as(member), 'general', topic, 'x');
    // As if member2 had joined the channel after this message: no copy of it.
    const m = h.server.realm.messagesById.get(id)!;
    m.recipients = m.recipients.filter((u) => u !== member2.user_id);
    const r = await h
      .as(member2)
      .call('POST', '/mark_topic_as_read', { stream_id: general, topic_name: topic });
    expect(r.body.msg).toBe(`No such topic '${topic}'`);
  });
});

describe('message objects', () => {
  it('an edited or moved message carries edit_history, newest first, as far as the policy allows', async () => {
    const { member } = demoUsers(h.server);
    const topic = `history ${Date.now()}`;
    const id = await sendToChannel(h.as(member), 'general', topic, 'first');
    const fresh = await h.as(member).ok('GET', `/messages/${id}`);
    expect(fresh.message).not.toHaveProperty('edit_history');
    await h.as(member).ok('PATCH', `/messages/${id}`, { content: 'second' });
    await h.as(member).ok('PATCH', `/messages/${id}`, { topic: `${topic} moved` });
    const got = await h.as(member).ok('GET', `/messages/${id}`);
    const history = (got.message as { edit_history: Record<string, unknown>[] }).edit_history;
    expect(history).toEqual([
      { user_id: member.user_id, timestamp: expect.any(Number), prev_topic: topic, topic: `${topic} moved` },
      {
        user_id: member.user_id,
        timestamp: expect.any(Number),
        prev_content: 'first',
        prev_rendered_content: '<p>first</p>',
      },
    ]);
    h.server.realm.settings.message_edit_history_visibility_policy = 'moves';
    try {
      const moves = await h.as(member).ok('GET', `/messages/${id}`);
      expect((moves.message as { edit_history: unknown[] }).edit_history).toEqual([history[0]]);
    } finally {
      h.server.realm.settings.message_edit_history_visibility_policy = 'all';
    }
  });
});
