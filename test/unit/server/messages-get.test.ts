import { describe, expect, it } from 'vitest';
import { channelId, demoUsers, sendToChannel, useServer } from './helpers';

type Msg = Record<string, unknown> & { id: number };

describe('GET /messages', () => {
  const h = useServer();

  it('returns the newest messages with found_newest and the resolved anchor', async () => {
    const { member } = demoUsers(h.server);
    const body = await h.as(member).ok('GET', '/messages', { anchor: 'newest', num_before: 5, num_after: 0 });
    const messages = body.messages as Msg[];
    expect(messages).toHaveLength(5);
    expect(body.found_newest).toBe(true);
    expect(body.found_oldest).toBe(false);
    expect(body.found_anchor).toBe(false);
    expect(body.history_limited).toBe(false);
    const ids = messages.map((m) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    // Only messages the member received.
    for (const m of messages)
      expect(h.server.realm.messagesById.get(m.id)!.recipients).toContain(member.user_id);
  });

  it('returns the message shape clients rely on', async () => {
    const { member } = demoUsers(h.server);
    const general = channelId(h.server, 'general');
    const body = await h.as(member).ok('GET', '/messages', {
      anchor: 'newest',
      num_before: 1,
      num_after: 0,
      narrow: [{ operator: 'channel', operand: general }],
    });
    const m = (body.messages as Msg[])[0]!;
    expect(m).toMatchObject({
      type: 'stream',
      stream_id: general,
      display_recipient: 'general',
      content_type: 'text/html',
      is_me_message: false,
    });
    for (const key of [
      'sender_id',
      'sender_email',
      'sender_full_name',
      'timestamp',
      'subject',
      'flags',
      'reactions',
      'topic_links',
      'recipient_id',
      'client',
    ]) {
      expect(m, key).toHaveProperty(key);
    }
    expect(String(m.content)).toMatch(/^<p>/);
  });

  it('pages around an integer anchor, honouring include_anchor', async () => {
    const { member } = demoUsers(h.server);
    const narrow = [{ operator: 'channel', operand: 'engineering' }];
    const all = (
      await h.as(member).ok('GET', '/messages', { anchor: 'oldest', num_before: 0, num_after: 1000, narrow })
    ).messages as Msg[];
    expect(all.length).toBeGreaterThan(20);
    const anchor = all[10]!.id;
    const around = await h.as(member).ok('GET', '/messages', { anchor, num_before: 3, num_after: 3, narrow });
    expect((around.messages as Msg[]).map((m) => m.id)).toEqual(all.slice(7, 14).map((m) => m.id));
    expect(around.found_anchor).toBe(true);
    expect(around.anchor).toBe(anchor);
    // The anchor may be left out only at an end of the range, as the real service requires.
    const without = await h
      .as(member)
      .ok('GET', '/messages', { anchor, num_before: 3, num_after: 0, narrow, include_anchor: false });
    expect((without.messages as Msg[]).map((m) => m.id)).toEqual(all.slice(7, 10).map((m) => m.id));
    expect(without.found_anchor).toBe(false);
    const inside = await h
      .as(member)
      .call('GET', '/messages', { anchor, num_before: 3, num_after: 3, narrow, include_anchor: false });
    expect(inside.body.msg).toBe('The anchor can only be excluded at an end of the range');
    const oldest = await h
      .as(member)
      .ok('GET', '/messages', { anchor: 'oldest', num_before: 0, num_after: 2, narrow });
    expect(oldest.found_oldest).toBe(true);
    expect(oldest.found_newest).toBe(false);
    expect(oldest.anchor).toBe(0);
  });

  it('anchors at the first unread message with first_unread', async () => {
    const { member } = demoUsers(h.server);
    const unread = [...h.server.realm.flagStates.get(member.user_id)!.unread].sort((a, b) => a - b);
    const body = await h
      .as(member)
      .ok('GET', '/messages', { anchor: 'first_unread', num_before: 0, num_after: 1 });
    expect(body.anchor).toBe(unread[0]);
    expect((body.messages as Msg[])[0]!.id).toBe(unread[0]);
    expect((body.messages as Msg[])[0]!.flags).not.toContain('read');
  });

  it('narrows by channel and topic, matching the empty topic through its display name', async () => {
    const { member } = demoUsers(h.server);
    const byTopic = await h.as(member).ok('GET', '/messages', {
      anchor: 'newest',
      num_before: 100,
      num_after: 0,
      narrow: [
        { operator: 'channel', operand: 'engineering' },
        { operator: 'topic', operand: 'Code Review' },
      ],
    });
    const list = byTopic.messages as Msg[];
    expect(list.length).toBeGreaterThan(0);
    for (const m of list) expect(m.subject).toBe('code review');
    const empty = await h.as(member).ok('GET', '/messages', {
      anchor: 'newest',
      num_before: 100,
      num_after: 0,
      narrow: [
        { operator: 'channel', operand: 'random' },
        { operator: 'topic', operand: 'general chat' },
      ],
    });
    const emptyList = empty.messages as Msg[];
    expect(emptyList.length).toBeGreaterThan(0);
    // Without allow_empty_topic_name the empty topic reads as the display name.
    for (const m of emptyList) expect(m.subject).toBe('general chat');
    const raw = await h.as(member).ok('GET', '/messages', {
      anchor: 'newest',
      num_before: 100,
      num_after: 0,
      allow_empty_topic_name: true,
      narrow: [
        { operator: 'channel', operand: 'random' },
        { operator: 'topic', operand: '' },
      ],
    });
    expect((raw.messages as Msg[]).map((m) => m.subject)).toEqual(emptyList.map(() => ''));
  });

  it('includes channel history the user never received when narrowed to a public channel', async () => {
    const { member3 } = demoUsers(h.server);
    // Farid is not subscribed to #engineering.
    const body = await h.as(member3).ok('GET', '/messages', {
      anchor: 'newest',
      num_before: 5,
      num_after: 0,
      narrow: [['stream', 'engineering']],
    });
    const list = body.messages as Msg[];
    expect(list).toHaveLength(5);
    for (const m of list) expect(m.flags).toEqual(expect.arrayContaining(['read', 'historical']));
  });

  it('hides a private channel from non-subscribers and protected history from late subscribers', async () => {
    const { member, moderator, owner } = demoUsers(h.server);
    const leadership = channelId(h.server, 'leadership');
    const narrow = [{ operator: 'channel', operand: leadership }];
    const memberView = await h
      .as(member)
      .ok('GET', '/messages', { anchor: 'newest', num_before: 50, num_after: 0, narrow });
    expect(memberView.messages).toEqual([]);
    const ownerView = (
      await h.as(owner).ok('GET', '/messages', { anchor: 'newest', num_before: 50, num_after: 0, narrow })
    ).messages as Msg[];
    const modView = (
      await h.as(moderator).ok('GET', '/messages', { anchor: 'newest', num_before: 50, num_after: 0, narrow })
    ).messages as Msg[];
    expect(ownerView.length).toBeGreaterThan(modView.length);
    expect(modView.length).toBeGreaterThan(0);
    const sub = h.server.realm.channels.get(leadership)!.subscriptions.get(moderator.user_id)!;
    for (const m of modView) expect(m.id).toBeGreaterThanOrEqual(sub.first_accessible_message_id);
  });

  it('narrows to direct messages with a user, is:unread and is:starred', async () => {
    const { member, owner } = demoUsers(h.server);
    const dms = (
      await h.as(member).ok('GET', '/messages', {
        anchor: 'newest',
        num_before: 50,
        num_after: 0,
        narrow: [{ operator: 'dm', operand: [owner.user_id] }],
      })
    ).messages as Msg[];
    expect(dms.map((m) => m.content)).toEqual([
      '<p>Can we talk about the roadmap tomorrow?</p>',
      '<p>Sure, 10am works for me.</p>',
    ]);
    const unread = (
      await h.as(member).ok('GET', '/messages', {
        anchor: 'newest',
        num_before: 500,
        num_after: 0,
        narrow: [{ operator: 'is', operand: 'unread' }],
      })
    ).messages as Msg[];
    expect(unread.length).toBe(h.server.realm.flagStates.get(member.user_id)!.unread.size);
    for (const m of unread) expect(m.flags).not.toContain('read');
    const starred = (
      await h.as(member).ok('GET', '/messages', {
        anchor: 'newest',
        num_before: 50,
        num_after: 0,
        narrow: [{ operator: 'is', operand: 'starred' }],
      })
    ).messages as Msg[];
    expect(starred).toHaveLength(1);
    expect(starred[0]!.flags).toContain('starred');
  });

  it('searches content and topics, highlighting matches', async () => {
    const { member } = demoUsers(h.server);
    const body = await h.as(member).ok('GET', '/messages', {
      anchor: 'newest',
      num_before: 50,
      num_after: 0,
      narrow: [{ operator: 'search', operand: 'rollback' }],
    });
    const list = body.messages as Msg[];
    expect(list.length).toBeGreaterThan(0);
    for (const m of list) {
      expect(String(m.match_content)).toContain('<span class="highlight">');
      expect(m).toHaveProperty('match_subject');
    }
    const negated = (
      await h.as(member).ok('GET', '/messages', {
        anchor: 'newest',
        num_before: 5000,
        num_after: 0,
        narrow: [{ operator: 'search', operand: 'rollback', negated: true }],
      })
    ).messages as Msg[];
    expect(negated.some((m) => String(m.content).toLowerCase().includes('rollback'))).toBe(false);
  });

  it('returns raw markdown with apply_markdown false', async () => {
    const { member } = demoUsers(h.server);
    const id = await sendToChannel(h.as(member), 'general', 'raw', '**bold** text');
    const body = await h
      .as(member)
      .ok('GET', '/messages', { anchor: id, num_before: 0, num_after: 0, apply_markdown: false });
    expect((body.messages as Msg[])[0]).toMatchObject({
      content: '**bold** text',
      content_type: 'text/x-markdown',
    });
  });

  it('rejects an unknown operator with BAD_NARROW and a bad anchor', async () => {
    const { member } = demoUsers(h.server);
    const r = await h.as(member).call('GET', '/messages', {
      anchor: 'newest',
      num_before: 1,
      num_after: 0,
      narrow: [{ operator: 'bogus', operand: 'x' }],
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('BAD_NARROW');
    const c = await h.as(member).call('GET', '/messages', {
      anchor: 'newest',
      num_before: 1,
      num_after: 0,
      narrow: [{ operator: 'channel', operand: 'nope' }],
    });
    expect(c.body.code).toBe('BAD_NARROW');
    const a = await h
      .as(member)
      .call('GET', '/messages', { anchor: 'sideways', num_before: 1, num_after: 0 });
    expect(a.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid anchor' });
  });

  it('fetches a single message with its raw content', async () => {
    const { member } = demoUsers(h.server);
    const id = await sendToChannel(h.as(member), 'general', 'single', 'hello *world*');
    const body = await h.as(member).ok('GET', `/messages/${id}`);
    expect(body.raw_content).toBe('hello *world*');
    expect((body.message as Msg).content).toBe('<p>hello <em>world</em></p>');
    const r = await h.as(member).call('GET', '/messages/999999');
    expect(r.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid message(s)' });
  });
});

describe('GET /messages on the large seed', () => {
  const h = useServer({ seed: 'large' });

  it('pages through a 100,000-message topic quickly', async () => {
    const { member } = demoUsers(h.server);
    const narrow = [
      { operator: 'channel', operand: 'general' },
      { operator: 'topic', operand: 'firehose' },
    ];
    const started = Date.now();
    const newest = await h
      .as(member)
      .ok('GET', '/messages', { anchor: 'newest', num_before: 100, num_after: 0, narrow });
    const oldest = await h
      .as(member)
      .ok('GET', '/messages', { anchor: 'oldest', num_before: 0, num_after: 100, narrow });
    expect(Date.now() - started).toBeLessThan(3000);
    expect((newest.messages as Msg[]).at(-1)!.content).toBe('<p>Load message 100000 of 100000</p>');
    expect((oldest.messages as Msg[])[0]!.content).toBe('<p>Load message 1 of 100000</p>');
    expect(oldest.found_oldest).toBe(true);
    expect(newest.found_newest).toBe(true);
  });
});
