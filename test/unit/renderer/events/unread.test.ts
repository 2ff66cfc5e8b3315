import { describe, expect, it } from 'vitest';
import type { InitialState } from '../../../../renderer/src/api/model';
import {
  addUnread,
  addUnreads,
  removeUnread,
  topicCountKey,
  unreadCounts,
  type UnreadAddition,
} from '../../../../renderer/src/events/unread';
import { foldCountedTopics } from '../../work-counters';

const me = 10;
const base = (): InitialState => ({
  result: 'success',
  msg: '',
  queue_id: 'q',
  last_event_id: -1,
  user_id: me,
  unread_msgs: {
    streams: [{ stream_id: 1, topic: 'deploy', unread_message_ids: [5, 9] }],
    pms: [{ other_user_id: 20, unread_message_ids: [7] }],
    huddles: [{ user_ids_string: '10,20,30', unread_message_ids: [8] }],
    mentions: [],
  },
});

describe('addUnreads', () => {
  it('gives the same result as adding the ids one by one', () => {
    const additions: UnreadAddition[] = [
      { id: 12, target: { type: 'stream', stream_id: 1, topic: 'deploy' } },
      { id: 3, target: { type: 'stream', stream_id: 1, topic: 'deploy' } },
      { id: 9, target: { type: 'stream', stream_id: 1, topic: 'deploy' } },
      { id: 14, target: { type: 'stream', stream_id: 2, topic: 'new topic' } },
      { id: 15, target: { type: 'private', otherUserIds: [20] } },
      { id: 16, target: { type: 'private', otherUserIds: [21] } },
      { id: 17, target: { type: 'private', otherUserIds: [30, 20] } },
      { id: 18, target: { type: 'private', otherUserIds: [] } },
    ];
    const oneByOne = additions.reduce((state, a) => addUnread(state, a.id, a.target), base());
    const batched = addUnreads(base(), additions);
    const sortAll = (s: InitialState) => ({
      streams: s.unread_msgs!.streams!.map((e) => ({
        ...e,
        unread_message_ids: [...e.unread_message_ids].sort(),
      })),
      pms: s.unread_msgs!.pms!.map((e) => ({ ...e, unread_message_ids: [...e.unread_message_ids].sort() })),
      huddles: s.unread_msgs!.huddles!.map((e) => ({
        ...e,
        unread_message_ids: [...e.unread_message_ids].sort(),
      })),
    });
    expect(sortAll(batched)).toEqual(sortAll(oneByOne));
    expect(batched.unread_msgs!.streams![0]!.unread_message_ids).toEqual([3, 5, 9, 12]);
    expect(batched.unread_msgs!.pms!).toContainEqual({ other_user_id: me, unread_message_ids: [18] });
    expect(batched.unread_msgs!.huddles![0]!.unread_message_ids).toEqual([8, 17]);
  });

  it('returns the very same state when every id is already unread', () => {
    const state = base();
    expect(addUnreads(state, [{ id: 5, target: { type: 'stream', stream_id: 1, topic: 'deploy' } }])).toBe(
      state,
    );
  });

  it("looks only at the entries of the message's channel, not at every unread topic", () => {
    // Unread topics of other channels, counting every read of their topic name.
    let topicReads = 0;
    const others = Array.from({ length: 1000 }, (_, i) => {
      const entry = { stream_id: 100 + (i % 50), unread_message_ids: [10_000 + i] } as {
        stream_id: number;
        topic: string;
        unread_message_ids: number[];
      };
      Object.defineProperty(entry, 'topic', {
        enumerable: true,
        get: () => {
          topicReads++;
          return `topic ${i}`;
        },
      });
      return entry;
    });
    const state = base();
    state.unread_msgs!.streams!.push(...others);

    const next = addUnreads(state, [
      { id: 20_000, target: { type: 'stream', stream_id: 1, topic: 'deploy' } },
    ]);
    expect(topicReads).toBe(0);

    expect(next.unread_msgs!.streams![0]!.unread_message_ids).toEqual([5, 9, 20_000]);
    expect(next.unread_msgs!.streams!.slice(1)).toEqual(others);
  });

  it('takes a hundred thousand ids for one topic in one pass and counts them', () => {
    const additions: UnreadAddition[] = Array.from({ length: 100_000 }, (_, i) => ({
      id: 1_000_000 - i,
      target: { type: 'stream', stream_id: 3, topic: 'firehose' },
    }));
    const next = addUnreads(base(), additions);
    const entry = next.unread_msgs!.streams!.find((e) => e.stream_id === 3)!;
    expect(entry.unread_message_ids).toHaveLength(100_000);
    expect(entry.unread_message_ids[0]).toBe(900_001);
    expect(unreadCounts(next).byChannel.get(3)).toBe(100_000);
  });
});

describe("unreadCounts for some channels' topics", () => {
  it('counts every channel but folds the topic names of those channels only', () => {
    // Unread topics of other channels, counting every time their name is folded into a key.
    const others = foldCountedTopics(1000, 10_000);
    const state = base();
    state.unread_msgs!.streams!.push(...others.entries);

    const counts = unreadCounts(state, undefined, { topicsIn: new Set([1]) });

    expect(others.folds()).toBe(0);
    expect(counts.byTopic).toEqual(new Map([[topicCountKey(1, 'deploy'), 2]]));
    expect(counts.byChannel.get(1)).toBe(2);
    expect(counts.byChannel.get(100)).toBe(20);
    expect(counts.total).toBe(2 + 1000 + 2);
  });
});

describe('removeUnread', () => {
  const withUnread = (): InitialState => ({
    ...base(),
    unread_msgs: {
      streams: [
        { stream_id: 1, topic: 'deploy', unread_message_ids: [5, 9] },
        { stream_id: 1, topic: 'lunch', unread_message_ids: [6, 11, 40] },
        { stream_id: 2, topic: 'ops', unread_message_ids: [2, 50] },
      ],
      pms: [{ other_user_id: 20, unread_message_ids: [7] }],
      huddles: [{ user_ids_string: '10,20,30', unread_message_ids: [8, 12] }],
      mentions: [9, 12],
    },
  });

  it('takes the ids out, drops emptied conversations, and keeps the untouched ones as they were', () => {
    const before = withUnread();
    const after = removeUnread(before, [9, 5, 11, 12, 7]);
    expect(after.unread_msgs).toMatchObject({
      streams: [
        { topic: 'lunch', unread_message_ids: [6, 40] },
        { topic: 'ops', unread_message_ids: [2, 50] },
      ],
      pms: [],
      huddles: [{ unread_message_ids: [8] }],
      mentions: [],
    });
    expect(after.unread_msgs!.streams).toHaveLength(2);
    // #ops spans 2–50, around every removed id, yet held none of them: the same entry.
    expect(after.unread_msgs!.streams![1]).toBe(before.unread_msgs!.streams![2]);
  });

  it('returns the very same state when none of the ids is unread', () => {
    const before = withUnread();
    expect(removeUnread(before, [1, 3, 10, 45, 100])).toBe(before);
    expect(removeUnread(before, [])).toBe(before);
  });

  it('keeps each list that held none of the ids', () => {
    const before = withUnread();
    const after = removeUnread(before, [7]);
    expect(after.unread_msgs!.streams).toBe(before.unread_msgs!.streams);
    expect(after.unread_msgs!.huddles).toBe(before.unread_msgs!.huddles);
    expect(after.unread_msgs!.mentions).toBe(before.unread_msgs!.mentions);
    expect(after.unread_msgs!.pms).toEqual([]);
  });

  it('finds the ids of a big unread state by conversation range, as a full scan would', () => {
    const streams = Array.from({ length: 10_000 }, (_, i) => ({
      stream_id: i % 500,
      topic: `t${i}`,
      unread_message_ids: [i * 10, i * 10 + 3, i * 10 + 7],
    }));
    const state: InitialState = { ...base(), unread_msgs: { streams, pms: [], huddles: [], mentions: [] } };
    const fullScan = (gone: ReadonlySet<number>) =>
      streams
        .map((e) => ({ ...e, unread_message_ids: e.unread_message_ids.filter((id) => !gone.has(id)) }))
        .filter((e) => e.unread_message_ids.length > 0);
    // A few ids (looked for by range), and a whole page of them (too many to sort: every conversation).
    for (const gone of [[13, 70_007, 99_990, 5], Array.from({ length: 3000 }, (_, i) => i * 13)]) {
      const after = removeUnread(state, gone);
      expect(after.unread_msgs!.streams).toEqual(fullScan(new Set(gone)));
    }
  });
});
