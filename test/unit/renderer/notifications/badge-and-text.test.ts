import { describe, expect, it } from 'vitest';
import type { InitialState } from '../../../../renderer/src/api/model';
import { notificationText } from '../../../../renderer/src/features/notifications/content';
import { badgeCount, windowTitle } from '../../../../renderer/src/features/notifications/unread-badge';
import { unreadCountLabel } from '../../../../renderer/src/api/unread-count';
import { foldCountedTopics } from '../../work-counters';

function state(mode: number | undefined): InitialState {
  return {
    queue_id: 'q',
    last_event_id: 0,
    user_id: 10,
    user_settings: mode === undefined ? {} : { desktop_icon_count_display: mode },
    subscriptions: [
      { stream_id: 1, name: 'general' },
      { stream_id: 2, name: 'noise', is_muted: true },
    ],
    user_topics: [
      { stream_id: 1, topic_name: 'Muted Topic', visibility_policy: 1, last_updated: 0 },
      { stream_id: 1, topic_name: 'followed', visibility_policy: 3, last_updated: 0 },
      { stream_id: 2, topic_name: 'rescued', visibility_policy: 2, last_updated: 0 },
    ],
    unread_msgs: {
      count: 0,
      pms: [{ other_user_id: 20, unread_message_ids: [1, 2] }],
      huddles: [{ user_ids_string: '10,20,30', unread_message_ids: [3] }],
      streams: [
        { stream_id: 1, topic: 'lunch', unread_message_ids: [4, 5] },
        { stream_id: 1, topic: 'muted topic', unread_message_ids: [6] },
        { stream_id: 1, topic: 'followed', unread_message_ids: [7] },
        { stream_id: 2, topic: 'whatever', unread_message_ids: [8] },
        { stream_id: 2, topic: 'rescued', unread_message_ids: [9] },
        // A channel left (or one was removed from): not counted, as in the real service.
        { stream_id: 3, topic: 'left', unread_message_ids: [10, 11] },
      ],
      mentions: [4],
    },
  } as unknown as InitialState;
}

describe('the unread badge', () => {
  it('counts what the user chose in desktop_icon_count_display', () => {
    // All unread, without muted topics and muted channels (an unmuted topic of a muted channel counts).
    expect(badgeCount(state(undefined))).toBe(7);
    expect(badgeCount(state(1))).toBe(7);
    // DMs, mentions and followed topics.
    expect(badgeCount(state(2))).toBe(5);
    // DMs and mentions.
    expect(badgeCount(state(3))).toBe(4);
    expect(badgeCount(state(4))).toBe(0);
    expect(badgeCount(undefined)).toBe(0);
  });

  it('folds no topic name of a channel without muted or followed topics (on every unread change)', () => {
    const s = state(undefined);
    const quiet = foldCountedTopics(1000, 1000);
    const busy = {
      ...s,
      // The channels of the quiet topics (100 to 149) are subscribed ones.
      subscriptions: [
        ...s.subscriptions!,
        ...Array.from({ length: 50 }, (_, i) => ({ stream_id: 100 + i, name: `quiet ${i}` })),
      ],
      unread_msgs: { ...s.unread_msgs!, streams: [...s.unread_msgs!.streams!, ...quiet.entries] },
    };
    expect(badgeCount(busy as InitialState)).toBe(7 + 1000);
    expect(quiet.folds()).toBe(0);
  });

  it('counts mentions in muted conversations only where the user chose DMs and mentions', () => {
    const withMutedMentions = (mode: number) => {
      const s = state(mode);
      return { ...s, unread_msgs: { ...s.unread_msgs!, mentions: [4, 6, 8] } } as InitialState;
    };
    // As the Inbox: the muted topic's and the muted channel's messages are left out, mentions or not.
    expect(badgeCount(withMutedMentions(1))).toBe(7);
    expect(badgeCount(withMutedMentions(2))).toBe(7);
    expect(badgeCount(withMutedMentions(3))).toBe(6);
  });

  it('puts the count first in the window title', () => {
    expect(windowTitle(3, 'Northwind Labs')).toBe('(3) Northwind Labs – Team Chat');
    expect(windowTitle(0, 'Northwind Labs')).toBe('Northwind Labs – Team Chat');
    // The server left older unread messages out (old_unreads_missing): the count is a lower bound.
    expect(windowTitle(50_000, 'Northwind Labs', true)).toBe('(50,000+) Northwind Labs – Team Chat');
    expect(unreadCountLabel(1234, false)).toBe('1,234');
  });
});

describe('what a notification says', () => {
  const base = {
    senderName: 'Ben Okafor',
    topicLabel: 'lunch',
    otherRecipients: 1,
    text: '  Table\n for   twelve ',
  };
  it('names the sender and where the message is', () => {
    expect(
      notificationText(
        { ...base, type: 'stream', channelName: 'general' },
        { reason: 'channel', sound: false },
        true,
      ),
    ).toEqual({ title: 'Ben Okafor (#general › lunch)', body: 'Table for twelve' });
    expect(
      notificationText(
        { ...base, type: 'private', otherRecipients: 3 },
        { reason: 'direct', sound: true },
        true,
      ),
    ).toEqual({ title: 'Ben Okafor (to you and 2 others)', body: 'Table for twelve' });
  });

  it('keeps a DM’s words private when the user said so, and shortens long text', () => {
    expect(notificationText({ ...base, type: 'private' }, { reason: 'direct', sound: true }, false)).toEqual({
      title: 'Ben Okafor',
      body: 'New direct message',
    });
    const long = notificationText(
      { ...base, type: 'private', text: 'x'.repeat(500) },
      { reason: 'direct', sound: true },
      true,
    );
    expect(long.body).toHaveLength(200);
    expect(long.body.endsWith('…')).toBe(true);
  });
});
