import { describe, expect, it } from 'vitest';
import { channelId, demoUsers, sendToChannel, useServer } from './helpers';

describe('POST /messages', () => {
  const h = useServer();

  it('sends a channel message and delivers a message event to subscribers only, with per-user flags', async () => {
    const { member, member2, member3 } = demoUsers(h.server);
    const elena = await h.as(member2).register();
    const farid = await h.as(member3).register(); // not subscribed to #engineering
    const mine = await h.as(member).register();
    const body = await h.as(member).ok('POST', '/messages', {
      type: 'stream',
      to: 'engineering',
      topic: 'deploy pipeline',
      content: 'Ping @**Elena García**',
      queue_id: mine.queueId,
      local_id: 'local-1',
    });
    const id = body.id as number;
    const [event] = await elena.ofType('message');
    expect(event).toMatchObject({
      type: 'message',
      message: { id, display_recipient: 'engineering', subject: 'deploy pipeline' },
    });
    expect(event!.flags).toEqual(['mentioned']);
    expect(event).not.toHaveProperty('local_message_id');
    expect((event!.message as Record<string, unknown>).flags).toBeUndefined();
    expect(await farid.ofType('message')).toEqual([]);
    const [own] = await mine.ofType('message');
    expect(own!.local_message_id).toBe('local-1');
    expect(own!.flags).toContain('read');
    // Unread for the recipient, read for the sender.
    expect(h.server.realm.flagStates.get(member2.user_id)!.unread.has(id)).toBe(true);
    expect(h.server.realm.flagStates.get(member.user_id)?.unread.has(id) ?? false).toBe(false);
  });

  it('keeps content as the real service does: no trailing whitespace or leading blank lines, leading spaces kept', async () => {
    const { member } = demoUsers(h.server);
    const id = await sendToChannel(h.as(member), 'general', 'normalized', '\n\n    code line\nsecond \t\n\n');
    expect(h.server.realm.messagesById.get(id)!.content).toBe('    code line\nsecond');
  });

  it("puts local_message_id only on the sender's own named queue, never on a queue of someone else", async () => {
    const { member, member2 } = demoUsers(h.server);
    const elena = await h.as(member2).register();
    const mineOther = await h.as(member).register();
    const mine = await h.as(member).register();
    // Naming another person's queue does not tell them the local id.
    await h.as(member).ok('POST', '/messages', {
      type: 'stream',
      to: 'engineering',
      topic: 'local ids',
      content: 'first',
      queue_id: elena.queueId,
      local_id: 'local-2',
    });
    const [seen] = await elena.ofType('message');
    expect(seen).toBeDefined();
    expect(seen).not.toHaveProperty('local_message_id');
    // Of the sender's two queues, only the named one gets it.
    await h.as(member).ok('POST', '/messages', {
      type: 'stream',
      to: 'engineering',
      topic: 'local ids',
      content: 'second',
      queue_id: mine.queueId,
      local_id: 'local-3',
    });
    expect((await mine.ofType('message')).map((e) => e.local_message_id)).toEqual([undefined, 'local-3']);
    expect((await mineOther.ofType('message')).map((e) => e.local_message_id)).toEqual([
      undefined,
      undefined,
    ]);
  });

  it("limits message events to a queue's narrow, and shows all public channels with all_public_streams", async () => {
    const { member, member2, member3, guest } = demoUsers(h.server);
    const narrowed = await h.as(member2).register({ narrow: [['channel', 'engineering']] });
    const everything = await h.as(member3).register({ all_public_streams: true });
    const guestAll = await h.as(guest).register({ all_public_streams: true });
    const eng = await sendToChannel(h.as(member), 'engineering', 'queue narrow', 'in engineering');
    await sendToChannel(h.as(member), 'general', 'queue narrow', 'in general');
    expect((await narrowed.ofType('message')).map((e) => (e.message as { id: number }).id)).toEqual([eng]);
    // Farid is not subscribed to #engineering, yet sees it with all_public_streams; the guest does not.
    expect(
      (await everything.ofType('message')).map((e) => (e.message as { content: string }).content),
    ).toEqual(['in engineering', 'in general']);
    expect((await guestAll.ofType('message')).map((e) => (e.message as { content: string }).content)).toEqual(
      ['in general'],
    );
    const bad = await h.as(member).call('POST', '/register', { narrow: [['bogus', 'x']] });
    expect(bad.body.code).toBe('BAD_NARROW');
  });

  it('accepts a channel by id, JSON id or one-item list, and the legacy subject parameter', async () => {
    const { member } = demoUsers(h.server);
    const general = channelId(h.server, 'general');
    for (const to of [String(general), JSON.stringify([general]), 'General']) {
      const r = await h
        .as(member)
        .ok('POST', '/messages', { type: 'channel', to, subject: 'legacy', content: 'x' });
      expect(h.server.realm.messagesById.get(r.id as number)).toMatchObject({
        stream_id: general,
        topic: 'legacy',
      });
    }
  });

  it('sends direct messages to user ids and emails, delivering to participants only', async () => {
    const { member, owner, member2 } = demoUsers(h.server);
    const ownerQ = await h.as(owner).register();
    const elena = await h.as(member2).register();
    const r = await h
      .as(member)
      .ok('POST', '/messages', { type: 'direct', to: [owner.user_id], content: 'hi' });
    const [event] = await ownerQ.ofType('message');
    expect(event!.message).toMatchObject({ id: r.id, type: 'private' });
    expect(
      ((event!.message as Record<string, unknown>).display_recipient as { id: number }[])
        .map((u) => u.id)
        .sort(),
    ).toEqual([owner.user_id, member.user_id].sort());
    expect(await elena.ofType('message')).toEqual([]);
    const byEmail = await h
      .as(member)
      .ok('POST', '/messages', { type: 'private', to: owner.email, content: 'by email' });
    expect(h.server.realm.messagesById.get(byEmail.id as number)!.dm_user_ids).toEqual(
      [owner.user_id, member.user_id].sort((a, b) => a - b),
    );
    const bad = await h.as(member).call('POST', '/messages', { type: 'direct', to: [99999], content: 'x' });
    expect(bad.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid user ID 99999' });
  });

  it('reads the display name of the empty topic as the empty topic (part 1 rule 5)', async () => {
    const { member } = demoUsers(h.server);
    const id = await sendToChannel(h.as(member), 'random', 'general chat', 'empty topic');
    expect(h.server.realm.messagesById.get(id)!.topic).toBe('');
    const id2 = await sendToChannel(h.as(member), 'random', '', 'also empty');
    expect(h.server.realm.messagesById.get(id2)!.topic).toBe('');
  });

  it('delivers the empty topic as the display name to clients without empty_topic_name', async () => {
    const { member, member2 } = demoUsers(h.server);
    const legacy = await h.as(member2).register();
    const modern = await h.as(member2).register({ client_capabilities: { empty_topic_name: true } });
    await sendToChannel(h.as(member), 'random', '', 'hello');
    expect(((await legacy.ofType('message'))[0]!.message as Record<string, unknown>).subject).toBe(
      'general chat',
    );
    expect(((await modern.ofType('message'))[0]!.message as Record<string, unknown>).subject).toBe('');
  });

  it('refuses the empty topic when topics are required', async () => {
    const { member } = demoUsers(h.server);
    h.server.realm.settings.topics_policy = 'disable_empty_topic';
    try {
      for (const topic of ['', 'general chat', '(no topic)']) {
        const r = await h
          .as(member)
          .call('POST', '/messages', { type: 'stream', to: 'random', topic, content: 'x' });
        expect(r.body, topic).toMatchObject({
          code: 'BAD_REQUEST',
          msg: 'Topics are required in this organization.',
        });
      }
    } finally {
      h.server.realm.settings.topics_policy = 'allow_empty_topic';
    }
  });

  it('lets only administrators post in the announcements channel', async () => {
    const { member, moderator, admin, owner } = demoUsers(h.server);
    for (const u of [member, moderator]) {
      const r = await h
        .as(u)
        .call('POST', '/messages', { type: 'stream', to: 'announcements', topic: 't', content: 'x' });
      expect(r.body).toMatchObject({
        code: 'BAD_REQUEST',
        msg: 'You do not have permission to post in this channel.',
      });
    }
    for (const u of [admin, owner]) await sendToChannel(h.as(u), 'announcements', 't', 'ok');
  });

  it('refuses archived channels, unknown channels and unsubscribed channels for guests', async () => {
    const { member, guest } = demoUsers(h.server);
    const archived = await h
      .as(member)
      .call('POST', '/messages', { type: 'stream', to: 'old-projects', topic: 't', content: 'x' });
    expect(archived.body.msg).toBe("Not authorized to send to channel 'old-projects'");
    const unknown = await h
      .as(member)
      .call('POST', '/messages', { type: 'stream', to: 'nope', topic: 't', content: 'x' });
    expect(unknown.body.msg).toBe("Channel 'nope' does not exist");
    const unknownId = await h
      .as(member)
      .call('POST', '/messages', { type: 'stream', to: '9999', topic: 't', content: 'x' });
    expect(unknownId.body.msg).toBe("Channel with ID '9999' does not exist");
    const priv = await h
      .as(member)
      .call('POST', '/messages', { type: 'stream', to: 'leadership', topic: 't', content: 'x' });
    // As the real service: the channel is found, and sending to it refused.
    expect(priv.body).toMatchObject({
      code: 'BAD_REQUEST',
      msg: "Not authorized to send to channel 'leadership'",
    });
    const g = await h
      .as(guest)
      .call('POST', '/messages', { type: 'stream', to: 'engineering', topic: 't', content: 'x' });
    expect(g.body).toMatchObject({
      code: 'BAD_REQUEST',
      msg: "Not authorized to send to channel 'engineering'",
    });
  });

  it('refuses empty content and truncates overlong topics and content', async () => {
    const { member } = demoUsers(h.server);
    const r = await h
      .as(member)
      .call('POST', '/messages', { type: 'stream', to: 'random', topic: 't', content: '   ' });
    expect(r.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Message must not be empty' });
    const id = await sendToChannel(h.as(member), 'random', 'x'.repeat(80), 'long topic');
    expect([...h.server.realm.messagesById.get(id)!.topic]).toHaveLength(60);
    // Content is cut at 10,000 characters as the real service counts them: code points.
    const emoji = await sendToChannel(h.as(member), 'random', 'emoji', '👍'.repeat(6000));
    expect(h.server.realm.messagesById.get(emoji)!.content).toBe('👍'.repeat(6000));
    const long = await sendToChannel(h.as(member), 'random', 'emoji', '👍'.repeat(10_001));
    const cut = [...h.server.realm.messagesById.get(long)!.content];
    expect(cut).toHaveLength(10_000);
    expect(cut.join('')).toMatch(/^👍+\n\[message truncated\]$/u);
    const missing = await h
      .as(member)
      .call('POST', '/messages', { type: 'stream', to: 'random', topic: 't' });
    expect(missing.body).toMatchObject({
      code: 'REQUEST_VARIABLE_MISSING',
      msg: "Missing 'content' argument",
    });
  });

  it('renders mentions, emoji, channel links and linkifiers', async () => {
    const { member, owner } = demoUsers(h.server);
    const id = await sendToChannel(
      h.as(member),
      'random',
      'render',
      '@**Ada Park** :+1: :northwind: #**general>welcome** see #42',
    );
    const m = (await h.as(member).ok('GET', `/messages/${id}`)).message as Record<string, string>;
    expect(m.content).toContain(
      `<span class="user-mention" data-user-id="${owner.user_id}">@Ada Park</span>`,
    );
    expect(m.content).toContain('class="emoji emoji-1f44d"');
    expect(m.content).toContain('<img alt=":northwind:" class="emoji"');
    expect(m.content).toContain('class="stream-topic"');
    expect(m.content).toContain('<a href="https://tracker.northwind.example/issues/42"');
    const topicMsg = await sendToChannel(h.as(member), 'random', 'issue #7', 'x');
    const t = (await h.as(member).ok('GET', `/messages/${topicMsg}`)).message as Record<string, unknown>;
    expect(t.topic_links).toEqual([{ text: '#7', url: 'https://tracker.northwind.example/issues/7' }]);
  });

  it('applies the wildcard-mention rule when sending', async () => {
    const { member, admin } = demoUsers(h.server);
    h.server.realm.server.wildcardMentionThreshold = 3;
    try {
      const r = await h
        .as(member)
        .call('POST', '/messages', { type: 'stream', to: 'general', topic: 'w', content: '@**all** hello' });
      expect(r.body).toMatchObject({
        code: 'STREAM_WILDCARD_MENTION_NOT_ALLOWED',
        msg: 'You do not have permission to use channel wildcard mentions in this channel.',
      });
      await sendToChannel(h.as(admin), 'general', 'w', '@**all** hello');
    } finally {
      h.server.realm.server.wildcardMentionThreshold = 15;
    }
  });
});
