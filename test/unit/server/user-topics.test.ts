import { describe, expect, it } from 'vitest';
import { demoUsers, useServer } from './helpers';
import { channelByName } from '../../../server/realm/channels';
import { getUserTopic } from '../../../server/realm/user-topics';

const h = useServer();
const id = (name: string) => channelByName(h.server.realm, name)!.stream_id;
const policy = (userId: number, channel: string, topic: string) =>
  getUserTopic(h.server.realm, userId, id(channel), topic)?.visibility_policy ?? 0;

describe('PATCH /users/me/subscriptions/muted_topics (4.7)', () => {
  it('mutes by stream_id and unmutes by channel name, with user_topic events', async () => {
    const { member2 } = demoUsers(h.server);
    const client = h.as(member2);
    const q = await client.register({ event_types: ['user_topic'] });
    await client.ok('PATCH', '/users/me/subscriptions/muted_topics', {
      stream_id: id('general'),
      topic: 'office move',
      op: 'add',
    });
    expect(policy(member2.user_id, 'general', 'office move')).toBe(1);
    const [muted] = await q.drain();
    expect(muted).toMatchObject({
      type: 'user_topic',
      stream_id: id('general'),
      topic_name: 'office move',
      visibility_policy: 1,
    });
    expect(typeof muted!.last_updated).toBe('number');
    await client.ok('PATCH', '/users/me/subscriptions/muted_topics', {
      stream: 'general',
      topic: 'office move',
      op: 'remove',
    });
    expect(policy(member2.user_id, 'general', 'office move')).toBe(0);
    expect((await q.drain()).map((e) => e.visibility_policy)).toEqual([0]);
  });

  it('muting twice (or unmuting an unmuted topic) is not an error and sends nothing more', async () => {
    const { member2 } = demoUsers(h.server);
    const client = h.as(member2);
    const q = await client.register({ event_types: ['user_topic'] });
    const mute = { stream_id: id('random'), topic: 'weekend plans', op: 'add' };
    await client.ok('PATCH', '/users/me/subscriptions/muted_topics', mute);
    await client.ok('PATCH', '/users/me/subscriptions/muted_topics', mute);
    expect(await q.drain()).toHaveLength(1);
    await client.ok('PATCH', '/users/me/subscriptions/muted_topics', {
      stream_id: id('random'),
      topic: 'never muted',
      op: 'remove',
    });
    expect(await q.drain()).toEqual([]);
  });

  it('succeeds for a topic without messages', async () => {
    const { member3 } = demoUsers(h.server);
    await h.as(member3).ok('PATCH', '/users/me/subscriptions/muted_topics', {
      stream_id: id('design'),
      topic: 'no messages here',
      op: 'add',
    });
    expect(policy(member3.user_id, 'design', 'no messages here')).toBe(1);
  });

  it('exactly one of stream_id and stream', async () => {
    const { member } = demoUsers(h.server);
    const none = await h
      .as(member)
      .call('PATCH', '/users/me/subscriptions/muted_topics', { topic: 't', op: 'add' });
    expect(none.body).toMatchObject({ result: 'error', msg: "Please supply 'stream'." });
    const both = await h.as(member).call('PATCH', '/users/me/subscriptions/muted_topics', {
      stream_id: id('general'),
      stream: 'general',
      topic: 't',
      op: 'add',
    });
    expect(both.body.msg).toBe("Please choose one: 'stream' or 'stream_id'.");
  });

  it('refuses bad ops, inaccessible channels and over-long topics', async () => {
    const { member } = demoUsers(h.server);
    const call = (params: Record<string, unknown>) =>
      h.as(member).call('PATCH', '/users/me/subscriptions/muted_topics', params);
    expect((await call({ stream_id: id('general'), topic: 't', op: 'toggle' })).body.result).toBe('error');
    expect((await call({ stream_id: id('leadership'), topic: 't', op: 'add' })).body.msg).toBe(
      'Invalid channel ID',
    );
    expect((await call({ stream: 'leadership', topic: 't', op: 'add' })).body.msg).toBe(
      "Invalid channel name 'leadership'",
    );
    expect((await call({ stream_id: id('general'), topic: 'x'.repeat(61), op: 'add' })).body.msg).toBe(
      'topic is too long (limit: 60 characters)',
    );
    const missing = await call({ stream_id: id('general'), op: 'add' });
    expect(missing.body).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING' });
  });

  it('realm_empty_topic_display_name means the empty topic', async () => {
    const { member3 } = demoUsers(h.server);
    await h.as(member3).ok('PATCH', '/users/me/subscriptions/muted_topics', {
      stream_id: id('random'),
      topic: h.server.realm.emptyTopicDisplayName,
      op: 'add',
    });
    expect(policy(member3.user_id, 'random', '')).toBe(1);
  });
});

describe('POST /user_topics', () => {
  it('sets each visibility policy (0 none, 1 muted, 2 unmuted, 3 followed) with user_topic events', async () => {
    const { moderator } = demoUsers(h.server);
    const client = h.as(moderator);
    const q = await client.register({ event_types: ['user_topic'] });
    for (const visibility_policy of [3, 2, 1, 0]) {
      await client.ok('POST', '/user_topics', {
        stream_id: id('engineering'),
        topic: 'code review',
        visibility_policy,
      });
      expect(policy(moderator.user_id, 'engineering', 'code review')).toBe(visibility_policy);
    }
    expect((await q.drain()).map((e) => e.visibility_policy)).toEqual([3, 2, 1, 0]);
  });

  it('refuses unknown policies and inaccessible channels', async () => {
    const { member } = demoUsers(h.server);
    const bad = await h.as(member).call('POST', '/user_topics', {
      stream_id: id('general'),
      topic: 't',
      visibility_policy: 4,
    });
    expect(bad.body).toMatchObject({ result: 'error', msg: 'Invalid visibility_policy' });
    const priv = await h.as(member).call('POST', '/user_topics', {
      stream_id: id('leadership'),
      topic: 't',
      visibility_policy: 1,
    });
    expect(priv.body.msg).toBe('Invalid channel ID');
  });

  it("events go only to the acting user's clients", async () => {
    const { member, member2 } = demoUsers(h.server);
    const other = await h.as(member2).register({ event_types: ['user_topic'] });
    await h
      .as(member)
      .ok('POST', '/user_topics', { stream_id: id('general'), topic: 'welcome', visibility_policy: 3 });
    expect(await other.drain()).toEqual([]);
  });
});
