import { beforeEach, describe, expect, it } from 'vitest';
import { markTopicAsRead } from '../../../../server/realm/flag-updates';
import { SYSTEM_GROUPS } from '../../../../server/realm/groups';
import { isUnread } from '../../../../server/realm/message-flags';
import { channelTopics, topicMessages } from '../../../../server/realm/messages';
import { downloadableAttachment } from '../../../../server/realm/attachment-access';
import { accessibleUser, createUser } from '../../../../server/realm/users';
import { demoRealm, refusal, types, type DemoRealm } from './harness';

let d: DemoRealm;
beforeEach(() => {
  d = demoRealm();
});

describe('access rules the read routes rely on (realm)', () => {
  it("topics of a channel: only a readable channel's, newest first, the empty topic by its display name unless allowed", () => {
    expect(
      refusal(() => channelTopics(d.realm, d.users.guest, d.channels.leadership.stream_id, false)),
    ).toMatchObject({
      msg: 'Invalid channel ID',
    });
    const topics = channelTopics(d.realm, d.users.members[1], d.channels.random.stream_id, false);
    expect(topics[0]).toEqual({ name: d.realm.emptyTopicDisplayName, max_id: expect.any(Number) });
    const ids = topics.map((t) => t.max_id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(channelTopics(d.realm, d.users.members[1], d.channels.random.stream_id, true)[0]!.name).toBe('');
  });

  it('marking a topic read: the user’s unread copies there, with one flag event', () => {
    const user = d.users.members[0];
    const topic = 'deploy pipeline';
    expect(
      refusal(() => markTopicAsRead(d.realm, user, d.channels.engineering.stream_id, 'no such')),
    ).toMatchObject({
      msg: "No such topic 'no such'",
    });
    const inTopic = topicMessages(d.realm, d.channels.engineering.stream_id, topic);
    expect(inTopic.some((m) => isUnread(d.realm, user.user_id, m.id))).toBe(true);
    markTopicAsRead(d.realm, user, d.channels.engineering.stream_id, topic);
    expect(inTopic.some((m) => isUnread(d.realm, user.user_id, m.id))).toBe(false);
    expect(types(d.published)).toEqual(['update_message_flags']);
  });

  it('a user by ID: not the notification bot, and only one the viewer may access', () => {
    expect(
      refusal(() => accessibleUser(d.realm, d.users.owner, d.users.notificationBot.user_id)),
    ).toMatchObject({
      msg: 'No such user',
    });
    d.realm.settings.can_access_all_users_group = SYSTEM_GROUPS.members;
    // Someone the guest shares no channel or conversation with.
    const stranger = createUser(d.realm, { email: 'new@northwind.example', full_name: 'New Person' });
    expect(refusal(() => accessibleUser(d.realm, d.users.guest, stranger.user_id))).toMatchObject({
      msg: 'Insufficient permission',
    });
    expect(accessibleUser(d.realm, d.users.guest, d.users.owner.user_id)).toBe(d.users.owner);
  });

  it('a file: its owner and readers of a message linking it, 404 for anyone else', () => {
    const file = [...d.realm.attachments.values()][0]!;
    expect(downloadableAttachment(d.realm, d.users.members[0], file.path_id)).toBe(file);
    expect(downloadableAttachment(d.realm, d.users.admin, file.path_id)).toBe(file);
    expect(refusal(() => downloadableAttachment(d.realm, d.users.guest, file.path_id))).toEqual({
      status: 404,
      code: 'BAD_REQUEST',
      msg: 'File not found.',
    });
  });
});
