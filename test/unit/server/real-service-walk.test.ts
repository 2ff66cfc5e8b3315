import { describe, expect, it } from 'vitest';
import { SYSTEM_GROUPS } from '../../../server/realm/groups';
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

  it('GET /messages with both anchor and message_ids names the `parameters`', async () => {
    const { member } = demoUsers(h.server);
    const r = await h.as(member).call('GET', '/messages', { anchor: 'newest', message_ids: [1] });
    expect(r.body).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'Unsupported parameter combination: anchor, message_ids',
      parameters: 'anchor, message_ids',
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
