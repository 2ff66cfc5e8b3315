import { describe, expect, it } from 'vitest';
import {
  filterConversations,
  mergeMessages,
  moveMessages,
  recentConversations,
  recentMessageOf,
  removeMessages,
  type RecentData,
  type RecentMessage,
} from '../../../../renderer/src/features/recent/recent-model';
import { lastActiveLabel } from '../../../../renderer/src/features/recent/last-active';
import { channelMessage, dmMessage, OTHER, SELF, THIRD } from '../fixtures';

const topicMsg = (id: number, senderId: number, topic = 'plans', streamId = 1): RecentMessage => ({
  id,
  senderId,
  timestamp: 1000 + id,
  streamId,
  topic,
});
const dmMsg = (id: number, senderId: number, userIds: number[]): RecentMessage => ({
  id,
  senderId,
  timestamp: 1000 + id,
  userIds,
});
const empty: RecentData = { messages: [], foundOldest: false };

describe('recent conversations model', () => {
  it('keeps from a message who wrote where and when; DMs by their other participants', () => {
    expect(recentMessageOf(channelMessage({ id: 5, subject: 'lunch', stream_id: 2 }), SELF)).toEqual({
      id: 5,
      senderId: OTHER,
      timestamp: 1_700_000_000,
      streamId: 2,
      topic: 'lunch',
    });
    expect(recentMessageOf(dmMessage([THIRD, SELF, OTHER], { id: 6 }), SELF).userIds).toEqual([OTHER, THIRD]);
    expect(recentMessageOf(dmMessage([SELF], { id: 7, sender_id: SELF }), SELF).userIds).toEqual([]);
  });

  it('lists conversations by their newest message, participants most recent first', () => {
    const messages = [
      topicMsg(1, OTHER),
      topicMsg(2, THIRD, 'lunch'),
      topicMsg(3, SELF),
      dmMsg(4, OTHER, [OTHER]),
      topicMsg(5, THIRD, 'Plans'),
    ];
    const list = recentConversations(messages, SELF);
    expect(list.map((c) => [c.key, c.newestId, c.timestamp, c.participants, c.participated])).toEqual([
      ['topic:1:plans', 5, 1005, [THIRD, SELF, OTHER], true],
      [`dm:${OTHER}`, 4, 1004, [OTHER], true],
      ['topic:1:lunch', 2, 1002, [THIRD], false],
    ]);
    // The newest message's spelling of the topic is the one shown.
    expect(list[0]!.topic).toBe('Plans');
  });

  it('merges pages and live messages by id, in order, without duplicates', () => {
    const page = mergeMessages(empty, [topicMsg(10, OTHER), topicMsg(12, OTHER)]);
    const live = mergeMessages(page, [topicMsg(13, THIRD)]);
    expect(live.messages.map((m) => m.id)).toEqual([10, 12, 13]);
    const older = mergeMessages(live, [topicMsg(5, OTHER), topicMsg(12, OTHER)], true);
    expect(older.messages.map((m) => m.id)).toEqual([5, 10, 12, 13]);
    expect(older.foundOldest).toBe(true);
    expect(mergeMessages(older, [])).toBe(older);
  });

  it('follows moves and deletions of single messages', () => {
    const data = mergeMessages(empty, [topicMsg(1, OTHER), topicMsg(2, OTHER), dmMsg(3, OTHER, [OTHER])]);
    const moved = moveMessages(data, new Set([2, 3]), { streamId: 4, topic: 'elsewhere' });
    expect(recentConversations(moved.messages, SELF).map((c) => c.key)).toEqual([
      `dm:${OTHER}`,
      'topic:4:elsewhere',
      'topic:1:plans',
    ]);
    expect(moveMessages(data, new Set([99]), { topic: 'x' })).toBe(data);
    const deleted = removeMessages(moved, new Set([1]));
    expect(recentConversations(deleted.messages, SELF).map((c) => c.key)).toEqual([
      `dm:${OTHER}`,
      'topic:4:elsewhere',
    ]);
  });

  it('filters: participated, unread, muted left out unless included', () => {
    const list = recentConversations(
      [topicMsg(1, SELF, 'mine'), topicMsg(2, OTHER, 'theirs'), topicMsg(3, OTHER, 'muted')],
      SELF,
    );
    const unreadOf = (c: { topic?: string }) => (c.topic === 'theirs' || c.topic === 'muted' ? 1 : 0);
    const isMuted = (c: { topic?: string }) => c.topic === 'muted';
    const topics = (filters: { participated: boolean; unread: boolean; includeMuted: boolean }) =>
      filterConversations(list, filters, unreadOf, isMuted, () => true).map((c) => c.topic);
    expect(topics({ participated: false, unread: false, includeMuted: false })).toEqual(['theirs', 'mine']);
    expect(topics({ participated: false, unread: false, includeMuted: true })).toEqual([
      'muted',
      'theirs',
      'mine',
    ]);
    expect(topics({ participated: true, unread: false, includeMuted: true })).toEqual(['mine']);
    expect(topics({ participated: false, unread: true, includeMuted: true })).toEqual(['muted', 'theirs']);
  });

  it('lists no conversation of a channel the user is not subscribed to, whatever the filters', () => {
    const list = recentConversations(
      [topicMsg(1, SELF, 'kept'), topicMsg(2, OTHER, 'left', 2), dmMsg(3, OTHER, [OTHER])],
      SELF,
    );
    const shown = (includeMuted: boolean) =>
      filterConversations(
        list,
        { participated: false, unread: false, includeMuted },
        () => 0,
        () => false,
        (streamId) => streamId === 1,
      ).map((c) => c.key);
    expect(shown(false)).toEqual([`dm:${OTHER}`, 'topic:1:kept']);
    expect(shown(true)).toEqual([`dm:${OTHER}`, 'topic:1:kept']);
  });
});

describe('lastActiveLabel', () => {
  const now = new Date(2026, 5, 15, 12, 0, 0).getTime() / 1000;
  it('says minutes and hours within a day, "Yesterday" the day before, a date further back', () => {
    expect(lastActiveLabel(now - 20, now, false)).toBe('Just now');
    expect(lastActiveLabel(now - 5 * 60, now, false)).toBe('5 min ago');
    expect(lastActiveLabel(now - 3600, now, false)).toBe('1 hour ago');
    expect(lastActiveLabel(now - 5 * 3600, now, false)).toBe('5 hours ago');
    expect(lastActiveLabel(now - 25 * 3600, now, true)).toMatch(/^Yesterday, 11:00$/);
    expect(lastActiveLabel(now - 3 * 86400, now, false)).not.toMatch(/2026/);
    expect(lastActiveLabel(now - 400 * 86400, now, false)).toMatch(/2025/);
  });
});
