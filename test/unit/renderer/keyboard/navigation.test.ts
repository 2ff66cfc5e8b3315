import { describe, expect, it } from 'vitest';
import type { InitialState, Subscription } from '../../../../renderer/src/api/model';
import { nextUnreadConversation } from '../../../../renderer/src/features/keyboard/next-unread';
import { firstUnreadId, unreadAfter } from '../../../../renderer/src/features/messages/first-unread';
import {
  nextSelectedIndex,
  offsetForSelection,
  selectionMargin,
} from '../../../../renderer/src/features/messages/feed-selection';

type Unread = NonNullable<InitialState['unread_msgs']>;
const SELF = 10;
const channels = [
  { stream_id: 2, name: 'design' },
  { stream_id: 1, name: 'general' },
] as Subscription[];
const unread: Unread = {
  streams: [
    { stream_id: 1, topic: 'lunch', unread_message_ids: [5, 9] },
    { stream_id: 1, topic: 'Deploy', unread_message_ids: [30] },
    { stream_id: 2, topic: 'mockups', unread_message_ids: [12] },
    { stream_id: 1, topic: 'deploy', unread_message_ids: [3] },
  ],
  pms: [
    { other_user_id: 20, unread_message_ids: [40, 41] },
    { other_user_id: SELF, unread_message_ids: [2] },
  ],
  huddles: [{ user_ids_string: '10,20,30', unread_message_ids: [50] }],
  mentions: [],
};
const input = { unread, selfId: SELF, channels, userTopics: [] };

describe('n and p: the next unread conversation', () => {
  it('goes through topics in the Inbox order: channels as the sidebar lists them, newest unread first', () => {
    const first = nextUnreadConversation('topic', input, null);
    expect(first).toEqual({ kind: 'topic', streamId: 2, topic: 'mockups' });
    const second = nextUnreadConversation('topic', input, first);
    // "Deploy" and "deploy" are one topic, its newest unread (30) before lunch's (9).
    expect(second).toEqual({ kind: 'topic', streamId: 1, topic: 'Deploy' });
    const third = nextUnreadConversation('topic', input, { kind: 'topic', streamId: 1, topic: 'DEPLOY' });
    expect(third).toEqual({ kind: 'topic', streamId: 1, topic: 'lunch' });
    // After the last, back to the first.
    expect(nextUnreadConversation('topic', input, third)).toEqual(first);
  });

  it('goes on from the channel shown when its topic has nothing unread left, not back to the first', () => {
    // general (the second channel) > a topic read just now: general's unread topics come next.
    expect(
      nextUnreadConversation('topic', input, { kind: 'topic', streamId: 1, topic: 'read already' }),
    ).toEqual({ kind: 'topic', streamId: 1, topic: 'Deploy' });
    // design (the first) > a topic read just now: design's own, then general's.
    expect(
      nextUnreadConversation('topic', input, { kind: 'topic', streamId: 2, topic: 'read already' }),
    ).toEqual({ kind: 'topic', streamId: 2, topic: 'mockups' });
    // A channel with nothing unread, before others in the sidebar: the channels after it, wrapping.
    const three = [...channels, { stream_id: 3, name: 'zeta' }] as Subscription[];
    expect(
      nextUnreadConversation(
        'topic',
        { ...input, channels: three },
        { kind: 'topic', streamId: 3, topic: 'x' },
      ),
    ).toEqual({ kind: 'topic', streamId: 2, topic: 'mockups' });
    expect(nextUnreadConversation('topic', input, { kind: 'all' })?.kind).toBe('topic');
  });

  it('goes through direct messages newest first, group conversations included', () => {
    const first = nextUnreadConversation('dm', input, null);
    expect(first).toEqual({ kind: 'dm', userIds: [20, 30] });
    // The narrow of a DM may name the user too.
    expect(nextUnreadConversation('dm', input, { kind: 'dm', userIds: [30, SELF, 20] })).toEqual({
      kind: 'dm',
      userIds: [20],
    });
    expect(nextUnreadConversation('dm', input, { kind: 'dm', userIds: [20] })).toEqual({
      kind: 'dm',
      userIds: [],
    });
  });

  it('has nowhere to go when nothing else is unread', () => {
    const only: Unread = {
      streams: [{ stream_id: 1, topic: 'lunch', unread_message_ids: [5] }],
      mentions: [],
    };
    const one = { ...input, unread: only };
    expect(nextUnreadConversation('topic', one, { kind: 'topic', streamId: 1, topic: 'lunch' })).toBeNull();
    expect(nextUnreadConversation('dm', one, null)).toBeNull();
  });
});

describe('the first unread message of a narrow', () => {
  const source = { unread, selfId: SELF };
  it('is the oldest unread id of the conversation', () => {
    expect(firstUnreadId({ kind: 'topic', streamId: 1, topic: 'DEPLOY' }, source)).toBe(3);
    expect(firstUnreadId({ kind: 'channel', streamId: 1 }, source)).toBe(3);
    expect(firstUnreadId({ kind: 'dm', userIds: [20] }, source)).toBe(40);
    expect(firstUnreadId({ kind: 'dm', userIds: [SELF, 20, 30] }, source)).toBe(50);
    expect(firstUnreadId({ kind: 'dm', userIds: [] }, source)).toBe(2);
    expect(firstUnreadId({ kind: 'all' }, source)).toBe(2);
  });

  it('leaves out muted topics in the combined feed, and has no answer for starred or search', () => {
    const hiddenTopic = (streamId: number, topic: string) =>
      streamId === 1 && topic.toLowerCase() === 'deploy';
    expect(
      firstUnreadId(
        { kind: 'all' },
        { unread: { ...unread, pms: [], huddles: [] }, selfId: SELF, hiddenTopic },
      ),
    ).toBe(5);
    expect(firstUnreadId({ kind: 'starred' }, source)).toBeNull();
    expect(firstUnreadId({ kind: 'search', query: 'x' }, source)).toBeNull();
    expect(firstUnreadId({ kind: 'topic', streamId: 9, topic: 'none' }, source)).toBeNull();
    expect(firstUnreadId({ kind: 'all' }, { unread: undefined, selfId: SELF })).toBeNull();
  });
});

describe('the unread messages of a narrow after a message', () => {
  const source = { unread, selfId: SELF };
  it('counts those newer than it across the conversation’s lists, with the oldest of them', () => {
    expect(unreadAfter({ kind: 'channel', streamId: 1 }, source, 5)).toEqual({ count: 2, first: 9 });
    expect(unreadAfter({ kind: 'channel', streamId: 1 }, source, 30)).toEqual({ count: 0, first: null });
    expect(unreadAfter({ kind: 'topic', streamId: 1, topic: 'lunch' }, source, 4)).toEqual({
      count: 2,
      first: 5,
    });
  });

  it('has no answer for starred or search', () => {
    expect(unreadAfter({ kind: 'starred' }, source, 0)).toBeNull();
    expect(unreadAfter({ kind: 'search', query: 'x' }, source, 0)).toBeNull();
  });
});

describe('moving the selected message', () => {
  const visible = { first: 10, last: 15 };
  it('moves one row from a selection on screen, stopping at either end', () => {
    expect(nextSelectedIndex(20, 12, visible, 1)).toBe(13);
    expect(nextSelectedIndex(20, 12, visible, -1)).toBe(11);
    expect(nextSelectedIndex(3, 2, null, 1)).toBe(2);
    expect(nextSelectedIndex(3, 0, null, -1)).toBe(0);
  });

  it('continues from what is on screen when the selection was scrolled away or is not loaded', () => {
    expect(nextSelectedIndex(20, 2, visible, 1)).toBe(10);
    expect(nextSelectedIndex(20, 2, visible, -1)).toBe(15);
    expect(nextSelectedIndex(20, -1, visible, 1)).toBe(10);
    expect(nextSelectedIndex(20, -1, null, -1)).toBe(19);
    expect(nextSelectedIndex(0, -1, null, 1)).toBeNull();
  });
});

describe('the context kept around a message selected from the keyboard', () => {
  it('is a fifth of the view, at least what clears the buttons over its edges, at most a quarter', () => {
    expect(selectionMargin(600)).toBe(120);
    expect(selectionMargin(200)).toBe(48);
    expect(selectionMargin(120)).toBe(30);
  });

  const view = { top: 1000, height: 600 };
  it('scrolls only when the row comes within the margin of an edge, and then just enough', () => {
    expect(offsetForSelection({ start: 1200, end: 1250 }, view, 120)).toBeNull();
    // Near the bottom: the view goes down until the margin is below the row.
    expect(offsetForSelection({ start: 1440, end: 1490 }, view, 120)).toBe(1010);
    // Near the top: up, the margin above it.
    expect(offsetForSelection({ start: 1100, end: 1150 }, view, 120)).toBe(980);
    expect(offsetForSelection({ start: 50, end: 100 }, { top: 60, height: 600 }, 120)).toBe(0);
  });

  it('shows the top of a row too tall for the margins, with the context above it', () => {
    expect(offsetForSelection({ start: 1300, end: 1800 }, view, 120)).toBe(1180);
    expect(offsetForSelection({ start: 1120, end: 1800 }, view, 120)).toBeNull();
  });
});
