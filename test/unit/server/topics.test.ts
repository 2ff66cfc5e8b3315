import { describe, expect, it } from 'vitest';
import { demoUsers, sendToChannel, useServer } from './helpers';
import { channelByName, createChannel } from '../../../server/realm/channels';
import { subscribe } from '../../../server/realm/subscriptions';

const h = useServer();
const id = (name: string) => channelByName(h.server.realm, name)!.stream_id;
type Topic = { name: string; max_id: number };

describe('GET /users/me/{stream_id}/topics (4.18)', () => {
  it('lists topics sorted by recency with the newest message id', async () => {
    const { member } = demoUsers(h.server);
    const body = await h.as(member).ok('GET', `/users/me/${id('engineering')}/topics`);
    const topics = body.topics as Topic[];
    const realm = h.server.realm;
    const expected = new Map<string, number>();
    for (const m of realm.messages) if (m.stream_id === id('engineering')) expected.set(m.topic, m.id);
    expect(new Set(topics.map((t) => t.name))).toEqual(new Set(expected.keys()));
    for (const t of topics) expect(t.max_id).toBe(expected.get(t.name));
    const ids = topics.map((t) => t.max_id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('a new message moves its topic to the front; topics differing in case are one topic', async () => {
    const { member } = demoUsers(h.server);
    const client = h.as(member);
    const msgId = await sendToChannel(client, 'design', 'Style Guide', 'bump');
    const topics = (await client.ok('GET', `/users/me/${id('design')}/topics`)).topics as Topic[];
    expect(topics[0]).toEqual({ name: 'Style Guide', max_id: msgId });
    expect(topics.filter((t) => t.name.toLowerCase() === 'style guide')).toHaveLength(1);
  });

  it('the empty topic reads as realm_empty_topic_display_name unless allow_empty_topic_name', async () => {
    const { member } = demoUsers(h.server);
    const plain = (await h.as(member).ok('GET', `/users/me/${id('random')}/topics`)).topics as Topic[];
    expect(plain.map((t) => t.name)).toContain(h.server.realm.emptyTopicDisplayName);
    expect(plain.map((t) => t.name)).not.toContain('');
    const allowed = (
      await h.as(member).ok('GET', `/users/me/${id('random')}/topics`, { allow_empty_topic_name: true })
    ).topics as Topic[];
    expect(allowed.map((t) => t.name)).toContain('');
  });

  it('"Invalid channel ID" for unknown channels and channels without content access', async () => {
    const { member, guest, admin } = demoUsers(h.server);
    for (const [user, channel] of [
      [member, 99999],
      [member, id('leadership')],
      [guest, id('engineering')], // public, but guests need a subscription
      [admin, id('design')], // ok: public
    ] as const) {
      const r = await h.as(user).call('GET', `/users/me/${channel}/topics`);
      if (user === admin) expect(r.body.result).toBe('success');
      else expect(r.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg: 'Invalid channel ID' });
    }
  });

  it('protected history: only topics of messages sent after the user subscribed', async () => {
    const { owner, member } = demoUsers(h.server);
    const realm = h.server.realm;
    const c = createChannel(realm, {
      name: 'protected-topics',
      invite_only: true,
      history_public_to_subscribers: false,
    });
    subscribe(realm, c, owner.user_id);
    await sendToChannel(h.as(owner), c.name, 'before', 'old news');
    subscribe(realm, c, member.user_id);
    const after = await sendToChannel(h.as(owner), c.name, 'after', 'new news');
    const mine = (await h.as(member).ok('GET', `/users/me/${c.stream_id}/topics`)).topics as Topic[];
    expect(mine).toEqual([{ name: 'after', max_id: after }]);
    const owners = (await h.as(owner).ok('GET', `/users/me/${c.stream_id}/topics`)).topics as Topic[];
    expect(owners.map((t) => t.name)).toEqual(['after', 'before']);
  });
});
