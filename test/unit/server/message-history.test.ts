import { describe, expect, it } from 'vitest';
import { channelId, demoUsers, sendToChannel, useServer } from './helpers';

type Snapshot = Record<string, unknown>;

describe('GET /messages/{message_id}/history (4.15, 2.4)', () => {
  const h = useServer();

  it('returns the original snapshot with only its five fields for an unedited message', async () => {
    const { member } = demoUsers(h.server);
    const id = await sendToChannel(h.as(member), 'general', 'history a', 'original');
    const body = await h.as(member).ok('GET', `/messages/${id}/history`);
    const history = body.message_history as Snapshot[];
    expect(history).toHaveLength(1);
    expect(Object.keys(history[0]!).sort()).toEqual([
      'content',
      'rendered_content',
      'timestamp',
      'topic',
      'user_id',
    ]);
    expect(history[0]).toMatchObject({
      topic: 'history a',
      content: 'original',
      rendered_content: '<p>original</p>',
      user_id: member.user_id,
    });
  });

  it('adds per edit only the fields that edit changed, oldest to newest', async () => {
    const { member } = demoUsers(h.server);
    const general = channelId(h.server, 'general');
    const random = channelId(h.server, 'random');
    const id = await sendToChannel(h.as(member), 'general', 'history b', 'one two three');
    await h.as(member).ok('PATCH', `/messages/${id}`, { content: 'one 2 three' });
    await h
      .as(member)
      .ok('PATCH', `/messages/${id}`, { topic: 'history b2', send_notification_to_new_thread: false });
    await h
      .as(member)
      .ok('PATCH', `/messages/${id}`, { stream_id: random, send_notification_to_new_thread: false });
    const history = (await h.as(member).ok('GET', `/messages/${id}/history`)).message_history as Snapshot[];
    expect(history).toHaveLength(4);
    const [original, contentEdit, topicEdit, channelEdit] = history as [
      Snapshot,
      Snapshot,
      Snapshot,
      Snapshot,
    ];
    expect(original).toMatchObject({ topic: 'history b', content: 'one two three' });
    expect(contentEdit).toMatchObject({
      topic: 'history b',
      content: 'one 2 three',
      rendered_content: '<p>one 2 three</p>',
      prev_content: 'one two three',
      prev_rendered_content: '<p>one two three</p>',
      user_id: member.user_id,
    });
    expect(String(contentEdit.content_html_diff)).toContain('<span class="highlight_text_inserted">2</span>');
    expect(String(contentEdit.content_html_diff)).toContain(
      '<span class="highlight_text_deleted">two</span>',
    );
    expect(contentEdit).not.toHaveProperty('prev_topic');
    expect(contentEdit).not.toHaveProperty('stream');
    expect(topicEdit).toMatchObject({ topic: 'history b2', prev_topic: 'history b', content: 'one 2 three' });
    expect(topicEdit).not.toHaveProperty('prev_content');
    expect(topicEdit).not.toHaveProperty('content_html_diff');
    expect(channelEdit).toMatchObject({ stream: random, prev_stream: general, topic: 'history b2' });
    expect(channelEdit).not.toHaveProperty('prev_topic');
    expect(channelEdit).not.toHaveProperty('prev_content');
    // Exact field presence per 2.4: the five fields, plus only what each edit changed.
    const base = ['content', 'rendered_content', 'timestamp', 'topic', 'user_id'];
    const keys = (snap: Snapshot) => Object.keys(snap).sort();
    expect(keys(original)).toEqual(base);
    expect(keys(contentEdit)).toEqual(
      [...base, 'prev_content', 'prev_rendered_content', 'content_html_diff'].sort(),
    );
    expect(keys(topicEdit)).toEqual([...base, 'prev_topic'].sort());
    expect(keys(channelEdit)).toEqual([...base, 'stream', 'prev_stream'].sort());
    const times = history.map((s) => s.timestamp as number);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('shows the empty topic as the display name unless allow_empty_topic_name', async () => {
    const { member } = demoUsers(h.server);
    const id = await sendToChannel(h.as(member), 'general', '', 'x');
    await h
      .as(member)
      .ok('PATCH', `/messages/${id}`, { topic: 'named now', send_notification_to_new_thread: false });
    const legacy = (await h.as(member).ok('GET', `/messages/${id}/history`)).message_history as Snapshot[];
    expect(legacy[0]!.topic).toBe('general chat');
    expect(legacy[1]!.prev_topic).toBe('general chat');
    const modern = (await h.as(member).ok('GET', `/messages/${id}/history`, { allow_empty_topic_name: true }))
      .message_history as Snapshot[];
    expect(modern[0]!.topic).toBe('');
    expect(modern[1]!.prev_topic).toBe('');
  });

  it('refuses unknown or inaccessible messages with "Invalid message(s)"', async () => {
    const { member, owner } = demoUsers(h.server);
    const r = await h.as(member).call('GET', '/messages/987654/history');
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid message(s)' });
    const secret = await sendToChannel(h.as(owner), 'leadership', 'planning', 'x');
    expect((await h.as(member).call('GET', `/messages/${secret}/history`)).body.msg).toBe(
      'Invalid message(s)',
    );
  });

  it('honours an organization that disabled edit history', async () => {
    const { member } = demoUsers(h.server);
    const id = await sendToChannel(h.as(member), 'general', 'history c', 'x');
    h.server.realm.settings.message_edit_history_visibility_policy = 'none';
    try {
      const r = await h.as(member).call('GET', `/messages/${id}/history`);
      expect(r.body).toMatchObject({
        code: 'BAD_REQUEST',
        msg: 'Message edit history is disabled in this organization',
      });
    } finally {
      h.server.realm.settings.message_edit_history_visibility_policy = 'all';
    }
  });

  it('keeps the seeded edit of the demo', async () => {
    const { member2 } = demoUsers(h.server);
    const edited = h.server.realm.messages.find(
      (m) => m.edits.length > 0 && m.sender_id === member2.user_id,
    )!;
    const history = (await h.as(member2).ok('GET', `/messages/${edited.id}/history`))
      .message_history as Snapshot[];
    expect(history.map((s) => s.content)).toEqual([
      'Booked a table for ten.',
      'Booked a table for twelve at noon.',
    ]);
  });
});
