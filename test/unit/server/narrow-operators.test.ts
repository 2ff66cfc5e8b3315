import { describe, expect, it } from 'vitest';
import { demoUsers, sendToChannel, useServer, type Client } from './helpers';

// GET /messages with each narrow operator a search box produces (the real service's search
// operators), its aliases and its negation: what comes back, and what is refused.
type Msg = { id: number; sender_id: number; subject: string; type: string; content: string; flags: string[] };

describe('GET /messages: search operators', () => {
  const h = useServer();

  async function fetch(client: Client, narrow: unknown[]): Promise<Msg[]> {
    const body = await client.ok('GET', '/messages', {
      anchor: 'newest',
      num_before: 1000,
      num_after: 0,
      apply_markdown: false,
      narrow,
    });
    return body.messages as Msg[];
  }

  async function seed() {
    const { admin, member } = demoUsers(h.server);
    const ben = h.as(admin);
    const topic = `narrow ops ${Math.random()}`;
    const link = await sendToChannel(ben, 'general', topic, 'The table is at https://example.com/tables');
    const image = await sendToChannel(ben, 'general', topic, 'A photo: https://example.com/table.png');
    const plain = await sendToChannel(h.as(member), 'general', topic, 'No table here, only chairs');
    return { admin, member, topic, link, image, plain };
  }

  it('channel, topic (quoted operand with spaces) and search words combine', async () => {
    const { member, topic, link, image, plain } = await seed();
    const me = h.as(member);
    const ids = (
      await fetch(me, [
        { operator: 'channel', operand: 'general' },
        { operator: 'topic', operand: topic },
        { operator: 'search', operand: 'table' },
      ])
    ).map((m) => m.id);
    expect(ids).toEqual([link, image, plain]);
    // The old names mean the same.
    const legacy = await fetch(me, [
      { operator: 'stream', operand: 'general' },
      { operator: 'subject', operand: topic },
    ]);
    expect(legacy.map((m) => m.id)).toEqual([link, image, plain]);
  });

  it('sender by email or "me", and its negation', async () => {
    const { admin, member, topic, link, image, plain } = await seed();
    const me = h.as(member);
    const inTopic = { operator: 'topic', operand: topic };
    expect(
      (await fetch(me, [inTopic, { operator: 'sender', operand: admin.email }])).map((m) => m.id),
    ).toEqual([link, image]);
    expect((await fetch(me, [inTopic, { operator: 'sender', operand: 'me' }])).map((m) => m.id)).toEqual([
      plain,
    ]);
    expect(
      (await fetch(me, [inTopic, { operator: 'sender', operand: admin.email, negated: true }])).map(
        (m) => m.id,
      ),
    ).toEqual([plain]);
  });

  it('has:link, has:image, and is:starred / -is:starred', async () => {
    const { member, topic, link, image, plain } = await seed();
    const me = h.as(member);
    const inTopic = { operator: 'topic', operand: topic };
    expect((await fetch(me, [inTopic, { operator: 'has', operand: 'link' }])).map((m) => m.id)).toEqual([
      link,
      image,
    ]);
    expect((await fetch(me, [inTopic, { operator: 'has', operand: 'image' }])).map((m) => m.id)).toEqual([
      image,
    ]);
    await me.ok('POST', '/messages/flags', { messages: [plain], op: 'add', flag: 'starred' });
    expect((await fetch(me, [inTopic, { operator: 'is', operand: 'starred' }])).map((m) => m.id)).toEqual([
      plain,
    ]);
    expect(
      (await fetch(me, [inTopic, { operator: 'is', operand: 'starred', negated: true }])).map((m) => m.id),
    ).toEqual([link, image]);
  });

  it('is:unread and -is:unread split a topic; -is:read is is:unread', async () => {
    const { member, topic, link, image, plain } = await seed();
    const me = h.as(member);
    await me.ok('POST', '/messages/flags', { messages: [link], op: 'add', flag: 'read' });
    const inTopic = { operator: 'topic', operand: topic };
    const unread = (await fetch(me, [inTopic, { operator: 'is', operand: 'unread' }])).map((m) => m.id);
    expect(unread).toEqual([image]);
    expect(
      (await fetch(me, [inTopic, { operator: 'is', operand: 'read', negated: true }])).map((m) => m.id),
    ).toEqual(unread);
    expect(
      (await fetch(me, [inTopic, { operator: 'is', operand: 'unread', negated: true }])).map((m) => m.id),
    ).toEqual([link, plain]);
  });

  it('id picks one message, near is accepted and filters nothing (the anchor does that)', async () => {
    const { member, topic, link, image, plain } = await seed();
    const me = h.as(member);
    expect((await fetch(me, [{ operator: 'id', operand: image }])).map((m) => m.id)).toEqual([image]);
    expect(
      (
        await fetch(me, [
          { operator: 'topic', operand: topic },
          { operator: 'near', operand: link },
        ])
      ).map((m) => m.id),
    ).toEqual([link, image, plain]);
  });

  it('dm by email list, its old name pm-with, dm-including and is:dm', async () => {
    const { admin, member } = demoUsers(h.server);
    const sent = await h.as(admin).ok('POST', '/messages', {
      type: 'direct',
      to: [member.user_id],
      content: `A direct word ${Math.random()}`,
    });
    const me = h.as(member);
    for (const operator of ['dm', 'pm-with']) {
      const messages = await fetch(me, [{ operator, operand: admin.email }]);
      expect(messages.map((m) => m.id)).toContain(sent.id);
      expect(messages.every((m) => m.type === 'private')).toBe(true);
    }
    expect(
      (await fetch(me, [{ operator: 'dm-including', operand: admin.email }])).map((m) => m.id),
    ).toContain(sent.id);
    const dms = await fetch(me, [{ operator: 'is', operand: 'dm' }]);
    expect(dms.map((m) => m.id)).toContain(sent.id);
    expect(dms.every((m) => m.type === 'private')).toBe(true);
  });

  it('is:resolved and channels:public', async () => {
    const { member } = demoUsers(h.server);
    const me = h.as(member);
    const resolved = await fetch(me, [{ operator: 'is', operand: 'resolved' }]);
    expect(resolved.every((m) => m.subject.startsWith('✔ '))).toBe(true);
    const pub = await fetch(me, [{ operator: 'channels', operand: 'public' }]);
    expect(pub.length).toBeGreaterThan(0);
  });

  it('refuses operators and operands it does not know with BAD_NARROW', async () => {
    const { member } = demoUsers(h.server);
    for (const narrow of [
      [{ operator: 'colour', operand: 'red' }],
      [{ operator: 'is', operand: 'shiny' }],
      [{ operator: 'has', operand: 'poem' }],
      [{ operator: 'sender', operand: 'nobody@nowhere.example' }],
    ]) {
      const r = await h
        .as(member)
        .call('GET', '/messages', { anchor: 'newest', num_before: 1, num_after: 0, narrow });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('BAD_NARROW');
    }
  });
});
