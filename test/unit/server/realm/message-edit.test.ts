import { beforeEach, describe, expect, it } from 'vitest';
import { editMessage, type EditRequest } from '../../../../server/realm/message-edit';
import { readEditRequest } from '../../../../server/realm/message-edit-request';
import { topicMessages, type Message } from '../../../../server/realm/messages';
import { demoRealm, refusal, types, type DemoRealm } from './harness';

let d: DemoRealm;
beforeEach(() => {
  d = demoRealm();
});

const edit = (extra: Partial<EditRequest>): EditRequest => ({
  propagateMode: 'change_one',
  sendNotificationToOldThread: false,
  sendNotificationToNewThread: false,
  ...extra,
});

/** The newest message of a channel matching a test. */
function newest(streamId: number, test: (m: Message) => boolean = () => true): Message {
  return [...d.realm.messages].reverse().find((m) => m.stream_id === streamId && test(m))!;
}

describe('reading an edit request (realm)', () => {
  it('refuses malformed requests before looking at permissions', () => {
    const dm = d.realm.messages.find((m) => m.type === 'private' && m.sender_id === d.users.owner.user_id)!;
    const owner = d.users.owner;
    expect(refusal(() => readEditRequest(d.realm, owner, dm.id, edit({})))).toMatchObject({
      msg: 'Nothing to change',
    });
    expect(refusal(() => readEditRequest(d.realm, owner, dm.id, edit({ topic: 'x' })))).toMatchObject({
      msg: 'Direct messages cannot have topics.',
    });
    const m = newest(d.channels.general.stream_id);
    expect(
      refusal(() =>
        readEditRequest(d.realm, owner, m.id, edit({ propagateMode: 'change_all', content: 'x' })),
      ),
    ).toMatchObject({
      msg: 'Invalid propagate_mode without topic edit',
    });
    expect(
      refusal(() =>
        readEditRequest(
          d.realm,
          d.users.guest,
          newest(d.channels.leadership.stream_id).id,
          edit({ content: 'x' }),
        ),
      ),
    ).toMatchObject({
      msg: 'Invalid message(s)',
    });
  });

  it('keeps only what changes: the same topic and content are no change at all', () => {
    d.realm.settings.message_content_edit_limit_seconds = null;
    const m = newest(d.channels.general.stream_id, (x) => x.sender_id === d.users.members[1].user_id);
    const plan = readEditRequest(
      d.realm,
      d.users.members[1],
      m.id,
      edit({ topic: ` ${m.topic} `, content: m.content }),
    );
    expect(plan).toMatchObject({ isMove: false, resolve: null, newTopic: undefined, newContent: undefined });
    expect(
      editMessage(d.realm, d.users.members[1], m.id, edit({ topic: m.topic, content: m.content })),
    ).toEqual({
      detached_uploads: [],
    });
    expect(d.published).toEqual([]);
    expect(m.edits).toHaveLength(1); // the seeded edit only
  });
});

describe('editing content (realm)', () => {
  it('only the sender, within the time limit; a refusal changes and tells nothing', () => {
    const m = newest(d.channels.general.stream_id, (x) => x.sender_id === d.users.members[1].user_id);
    expect(
      refusal(() => editMessage(d.realm, d.users.owner, m.id, edit({ content: 'hijack' }))),
    ).toMatchObject({
      msg: "You don't have permission to edit this message",
    });
    const old = newest(d.channels.engineering.stream_id, (x) => x.sender_id === d.users.members[0].user_id);
    expect(
      refusal(() => editMessage(d.realm, d.users.members[0], old.id, edit({ content: 'late' }))),
    ).toMatchObject({
      msg: 'The time limit for editing this message has passed',
    });
    expect(m.content).toBe('Booked a table for twelve at noon.');
    expect(d.published).toEqual([]);
  });

  it('records one history entry with the topic and content together, detaches uploads, then publishes', () => {
    d.realm.settings.message_content_edit_limit_seconds = null;
    const m1 = d.users.members[0];
    const withFile = newest(d.channels.engineering.stream_id, (x) => x.content.includes('/user_uploads/'));
    const before = withFile.content;
    const result = editMessage(d.realm, m1, withFile.id, edit({ content: 'Log removed.', topic: 'ci' }));
    expect(result.detached_uploads).toMatchObject([{ name: 'build-log.txt', messages: [] }]);
    expect(withFile).toMatchObject({
      content: 'Log removed.',
      topic: 'ci',
      last_edit_timestamp: d.realm.now(),
    });
    expect(withFile.edits.at(-1)).toEqual({
      user_id: m1.user_id,
      timestamp: d.realm.now(),
      prev_topic: 'deploy pipeline',
      topic: 'ci',
      prev_content: before,
      prev_rendered_content: expect.stringContaining('build-log.txt'),
      content: 'Log removed.',
    });
    expect(types(d.published)).toEqual(['attachment', 'update_message']);
    const update = d.eventsFor(m1.user_id).find((e) => e.type === 'update_message')!;
    expect(update).toMatchObject({
      message_ids: [withFile.id],
      orig_subject: 'deploy pipeline',
      subject: 'ci',
      orig_content: before,
      content: '<p>Log removed.</p>',
      __raw_content: 'Log removed.',
      flags: expect.any(Array),
    });
  });
});

describe('moving messages (realm)', () => {
  it('resolving a topic is not a move: no last_moved_timestamp, as in the real service (level 365)', () => {
    const general = d.channels.general;
    const moving = topicMessages(d.realm, general.stream_id, 'team lunch');
    editMessage(
      d.realm,
      d.users.moderator,
      moving.at(-1)!.id,
      edit({ topic: '✔ team lunch', propagateMode: 'change_all' }),
    );
    for (const m of moving) expect(m).toMatchObject({ topic: '✔ team lunch', last_moved_timestamp: null });
  });

  it('a whole topic: every message moves with its own history entry, then the notice is posted', () => {
    const general = d.channels.general;
    const topic = 'team lunch';
    const moving = topicMessages(d.realm, general.stream_id, topic);
    expect(moving.length).toBeGreaterThan(1);
    const mod = d.users.moderator;
    editMessage(
      d.realm,
      mod,
      moving.at(-1)!.id,
      edit({ topic: 'lunch', propagateMode: 'change_all', sendNotificationToNewThread: true }),
    );
    expect(topicMessages(d.realm, general.stream_id, topic)).toEqual([]);
    for (const m of moving) {
      expect(m).toMatchObject({ topic: 'lunch', last_moved_timestamp: d.realm.now() });
      expect(m.edits.at(-1)).toEqual({
        user_id: mod.user_id,
        timestamp: d.realm.now(),
        prev_topic: topic,
        topic: 'lunch',
      });
    }
    expect(types(d.published)).toEqual(['update_message', 'message']);
    expect(d.eventsFor(d.users.owner.user_id)[0]).toMatchObject({
      message_ids: moving.map((m) => m.id),
      propagate_mode: 'change_all',
      stream_id: general.stream_id,
    });
    const notice = d.realm.messages.at(-1)!;
    expect(notice).toMatchObject({ sender_id: d.users.notificationBot.user_id, topic: 'lunch' });
    expect(notice.content).toBe(
      `This topic was moved here from #**general>${topic}** by @_**Chloé Martin|${mod.user_id}**.`,
    );
  });

  it('to a private channel: users who cannot read it lose their copies and get delete_message instead', () => {
    const { engineering, leadership } = d.channels;
    const m = newest(engineering.stream_id, (x) => x.content.startsWith('@**Dmitri Ivanov**'));
    const m1 = d.users.members[0];
    expect(m.recipients).toContain(m1.user_id);
    editMessage(d.realm, d.users.owner, m.id, edit({ streamId: leadership.stream_id }));
    expect(m.stream_id).toBe(leadership.stream_id);
    expect(m.recipients).not.toContain(m1.user_id);
    expect(m.edits.at(-1)).toMatchObject({
      prev_stream: engineering.stream_id,
      stream: leadership.stream_id,
    });
    expect(d.eventsFor(m1.user_id)).toEqual([
      {
        type: 'delete_message',
        message_ids: [m.id],
        message_type: 'stream',
        stream_id: engineering.stream_id,
        topic: m.topic,
      },
    ]);
    expect(d.eventsFor(d.users.owner.user_id)).toMatchObject([
      { type: 'update_message', message_ids: [m.id], new_stream_id: leadership.stream_id },
    ]);
  });

  it('members are held to the move time limit, with the counts in the error', () => {
    const general = d.channels.general;
    const member = d.users.members[1];
    const old = topicMessages(d.realm, general.stream_id, 'team lunch');
    d.realm.settings.move_messages_within_stream_limit_seconds = 60;
    expect(
      refusal(() =>
        editMessage(d.realm, member, old.at(-1)!.id, edit({ topic: 'x', propagateMode: 'change_all' })),
      ),
    ).toMatchObject({
      code: 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
      total_messages_in_topic: old.length,
      total_messages_allowed_to_move: 0,
      first_message_id_allowed_to_move: null,
    });
    expect(old.every((m) => m.topic === 'team lunch')).toBe(true);
    expect(d.published).toEqual([]);
  });
});
