// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { feedKey, getInitialState, sessionKey, type FeedData } from '../../../../renderer/src/api/keys';
import type { Message } from '../../../../renderer/src/api/model';
import type { Narrow } from '../../../../renderer/src/api/narrow';
import { applyEvents } from '../../../../renderer/src/events/apply';
import { recentMessageOf, type RecentData } from '../../../../renderer/src/features/recent/recent-model';
import { recentKey } from '../../../../renderer/src/features/recent/recent-query';
import { baseState, channelMessage, decoded, OTHER, SELF, THIRD } from '../fixtures';

// What a reload would show, kept by events while the app is open: the cases the random days of
// replay-matches-register.test.ts found, each on its own.

let qc: QueryClient;
let eventId = 0;
const apply = (type: string, fields: Record<string, unknown>) =>
  applyEvents(qc, decoded([{ id: ++eventId, type, ...fields }]));
const state = () => getInitialState(qc)!;

function feedOf(messages: Message[]) {
  const data: FeedData = {
    pages: [{ result: 'success', msg: '', messages, found_oldest: true, found_newest: true, anchor: 0 }],
    pageParams: [{ anchor: 'newest', before: 50, after: 0, includeAnchor: true }],
  };
  qc.setQueryData(feedKey({ kind: 'channel', streamId: 1 }), data);
}

/** One message moved from one channel to another (its topic kept). */
const move = (id: number, from: number, to: number) =>
  apply('update_message', {
    message_id: id,
    message_ids: [id],
    stream_id: from,
    new_stream_id: to,
    orig_subject: 'greetings',
    propagate_mode: 'change_one',
  });

beforeEach(() => {
  qc = new QueryClient();
  qc.setQueryData(sessionKey, { accountId: 'a', generation: 1, initialState: baseState() });
});

describe('user_status', () => {
  it('a status cleared leaves nobody listed, as the register lists only people with a status', () => {
    apply('user_status', { user_id: OTHER, status_text: 'On a train', away: true });
    expect(state().user_status).toEqual({ [OTHER]: { status_text: 'On a train', away: true } });
    apply('user_status', { user_id: OTHER, away: false });
    expect(state().user_status).toEqual({ [OTHER]: { status_text: 'On a train' } });
    apply('user_status', { user_id: OTHER, status_text: '' });
    expect(state().user_status).toEqual({});
  });

  it('an emoji cleared takes its code and type with it', () => {
    apply('user_status', {
      user_id: OTHER,
      emoji_name: 'car',
      emoji_code: '1f697',
      reaction_type: 'unicode_emoji',
    });
    apply('user_status', { user_id: OTHER, emoji_name: '', emoji_code: '', reaction_type: '' });
    expect(state().user_status).toEqual({});
  });
});

describe('a starred message moved to a channel the person is not in', () => {
  const moveTo = (ids: number[], streamId: number) =>
    apply('update_message', {
      message_id: ids[0],
      message_ids: ids,
      stream_id: 1,
      new_stream_id: streamId,
      orig_subject: 'greetings',
      propagate_mode: 'change_all',
    });

  it('is no longer starred: the server dropped the copy and its flags', () => {
    const theirs = channelMessage({ sender_id: OTHER });
    apply('update_message_flags', { op: 'add', flag: 'starred', messages: [theirs.id], all: false });
    expect(state().starred_messages).toEqual([theirs.id]);
    moveTo([theirs.id], 99);
    expect(state().starred_messages).toEqual([]);
  });

  it('stays starred when it is the person’s own message (a sender keeps their copy)', () => {
    const mine = channelMessage({ sender_id: SELF });
    feedOf([mine]);
    apply('update_message_flags', { op: 'add', flag: 'starred', messages: [mine.id], all: false });
    moveTo([mine.id], 99);
    expect(state().starred_messages).toEqual([mine.id]);
  });

  it('stays starred when moved to a channel the person is subscribed to', () => {
    const theirs = channelMessage({ sender_id: OTHER });
    apply('update_message_flags', { op: 'add', flag: 'starred', messages: [theirs.id], all: false });
    moveTo([theirs.id], 2);
    expect(state().starred_messages).toEqual([theirs.id]);
  });
});

describe('feeds after a move or a subscription change', () => {
  const seed = (narrow: Narrow, messages: Message[]) =>
    qc.setQueryData<FeedData>(feedKey(narrow), {
      pages: [{ result: 'success', msg: '', messages, found_oldest: true, found_newest: true, anchor: 0 }],
      pageParams: [{ anchor: 'newest', before: 50, after: 0, includeAnchor: true }],
    });
  const ids = (narrow: Narrow) =>
    qc.getQueryData<FeedData>(feedKey(narrow))!.pages.flatMap((p) => p.messages.map((m) => m.id));
  const invalidated = (narrow: Narrow) => qc.getQueryState(feedKey(narrow))?.isInvalidated ?? false;

  it('a message moved to a channel the person is not in leaves All messages, but for their own', () => {
    const theirs = channelMessage({ sender_id: OTHER });
    const mine = channelMessage({ sender_id: SELF });
    seed({ kind: 'all' }, [theirs, mine]);
    move(theirs.id, 1, 99);
    move(mine.id, 1, 99);
    expect(ids({ kind: 'all' })).toEqual([mine.id]);
  });

  it('a message moved into a channel the person is in from one they are not in makes All messages refetch', () => {
    seed({ kind: 'all' }, []);
    move(channelMessage({ stream_id: 99 }).id, 99, 1);
    expect(invalidated({ kind: 'all' })).toBe(true);
  });

  it('leaving or joining a channel makes its kept feeds refetch: no events came for it meanwhile', () => {
    const channel: Narrow = { kind: 'channel', streamId: 1 };
    const topic: Narrow = { kind: 'topic', streamId: 1, topic: 'greetings' };
    const other: Narrow = { kind: 'channel', streamId: 2 };
    for (const narrow of [channel, topic, other]) seed(narrow, []);
    apply('subscription', { op: 'remove', subscriptions: [{ stream_id: 1, name: 'general' }] });
    expect([invalidated(channel), invalidated(topic), invalidated(other)]).toEqual([true, true, false]);
  });
});

describe('Recent conversations after a move', () => {
  const seedRecent = (messages: Message[]) =>
    qc.setQueryData<RecentData>(recentKey, {
      messages: messages.map((m) => recentMessageOf(m, SELF)),
      foundOldest: true,
    });
  const recentIds = () => qc.getQueryData<RecentData>(recentKey)!.messages.map((m) => m.id);

  it('loses messages moved to a channel the person is not in, but not their own', () => {
    const theirs = channelMessage({ sender_id: OTHER });
    const mine = channelMessage({ sender_id: SELF });
    seedRecent([theirs, mine]);
    move(theirs.id, 1, 99);
    move(mine.id, 1, 99);
    expect(recentIds()).toEqual([mine.id]);
  });

  it('follows messages moved between channels the person is in', () => {
    const theirs = channelMessage({ sender_id: OTHER });
    seedRecent([theirs]);
    move(theirs.id, 1, 2);
    expect(qc.getQueryData<RecentData>(recentKey)!.messages).toMatchObject([{ id: theirs.id, streamId: 2 }]);
  });

  it('refetches when messages come in from a channel the person is not in', () => {
    seedRecent([]);
    move(channelMessage({ stream_id: 99 }).id, 99, 1);
    expect(qc.getQueryState(recentKey)?.isInvalidated).toBe(true);
  });
});

describe('subscriber counts', () => {
  const withCounts = (channels: { stream_id: number; subscribers?: number[]; subscriber_count: number }[]) =>
    qc.setQueryData(sessionKey, {
      accountId: 'a',
      generation: 1,
      initialState: {
        ...baseState(),
        subscriptions: baseState().subscriptions!.map((s) => ({
          ...s,
          ...channels.find((c) => c.stream_id === s.stream_id),
        })),
      },
    });
  const countOf = (id: number) =>
    [...(state().subscriptions ?? []), ...(state().unsubscribed ?? [])].find((s) => s.stream_id === id)
      ?.subscriber_count;

  it('follow people joining and leaving, with or without the list of subscribers', () => {
    withCounts([
      { stream_id: 1, subscribers: [SELF, OTHER], subscriber_count: 2 },
      { stream_id: 2, subscriber_count: 5 },
    ]);
    apply('subscription', { op: 'peer_add', stream_ids: [1, 2], user_ids: [THIRD] });
    expect([countOf(1), countOf(2)]).toEqual([3, 6]);
    apply('subscription', { op: 'peer_remove', stream_ids: [1, 2], user_ids: [OTHER] });
    expect([countOf(1), countOf(2)]).toEqual([2, 5]);
    // Leaving, the person counts no more (no peer event says so).
    apply('subscription', { op: 'remove', subscriptions: [{ stream_id: 1, name: 'general' }] });
    expect(countOf(1)).toBe(1);
  });
});
