// @vitest-environment jsdom
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { feedKey, getInitialState, sessionKey, type FeedData } from '../../../../renderer/src/api/keys';
import type { Narrow } from '../../../../renderer/src/api/narrow';
import { applyEvents } from '../../../../renderer/src/events/apply';
import { StagedCache } from '../../../../renderer/src/events/staged-cache';
import { unreadCounts } from '../../../../renderer/src/events/unread';
import { baseState, channelMessage, decoded } from '../fixtures';

const topic: Narrow = { kind: 'topic', streamId: 1, topic: 'greetings' };
let qc: QueryClient;

beforeEach(() => {
  qc = new QueryClient();
  qc.setQueryData(sessionKey, { accountId: 'a', generation: 1, initialState: baseState() });
  const empty: FeedData = {
    pages: [{ result: 'success', msg: '', messages: [], found_oldest: true, found_newest: true, anchor: 0 }],
    pageParams: [{ anchor: 'first_unread', before: 50, after: 50, includeAnchor: true }],
  };
  qc.setQueryData(feedKey(topic), empty);
});

/** How many times the cache told anyone that a query's data changed. */
function countUpdates(queryKey: readonly unknown[]): () => number {
  let updates = 0;
  qc.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success' && event.query.queryKey === queryKey)
      updates++;
  });
  return () => updates;
}

describe('a batch of events is written to the query cache once', () => {
  it('100 new messages update the feed and the register state once each, with every message applied', () => {
    const feedQuery = qc.getQueryCache().find({ queryKey: feedKey(topic) })!;
    const sessionQuery = qc.getQueryCache().find({ queryKey: sessionKey })!;
    const feedUpdates = countUpdates(feedQuery.queryKey);
    const sessionUpdates = countUpdates(sessionQuery.queryKey);
    const ids = Array.from({ length: 100 }, (_, i) => 1000 + i);
    applyEvents(
      qc,
      decoded(ids.map((id, i) => ({ id: i, type: 'message', message: channelMessage({ id }), flags: [] }))),
    );
    const feed = qc.getQueryData<FeedData>(feedKey(topic))!.pages.flatMap((p) => p.messages);
    expect(feed.map((m) => m.id)).toEqual(ids);
    expect(unreadCounts(getInitialState(qc)).total).toBe(100);
    expect(feedUpdates()).toBe(1);
    expect(sessionUpdates()).toBe(1);
  });

  it('observers hear of the whole batch in one notification', async () => {
    const observer = new QueryObserver(qc, { queryKey: sessionKey, enabled: false });
    const seen: number[] = [];
    observer.subscribe(() => seen.push(unreadCounts(getInitialState(qc)).total));
    applyEvents(
      qc,
      decoded(
        [1, 2, 3].map((i) => ({ id: i, type: 'message', message: channelMessage({ id: i }), flags: [] })),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(seen).toEqual([3]);
  });
});

describe('StagedCache', () => {
  it('reads see the batch’s own writes before commit, the client sees them only after', () => {
    const staged = new StagedCache(qc);
    staged.setQueryData(['drafts'], ['first']);
    staged.setQueryData(['drafts'], (old: unknown) => [...(old as string[]), 'second']);
    expect(staged.getQueryData(['drafts'])).toEqual(['first', 'second']);
    expect(qc.getQueryData(['drafts'])).toBeUndefined();
    // A query created in this batch is found by a prefix filter too.
    expect(staged.getQueriesData({ queryKey: ['drafts'] })).toEqual([[['drafts'], ['first', 'second']]]);
    staged.commit();
    expect(qc.getQueryData(['drafts'])).toEqual(['first', 'second']);
  });

  it('leaves data alone for undefined or unchanged results, and invalidates after writing', async () => {
    qc.setQueryData(['topics', 1], { topics: ['a'] });
    const before = qc.getQueryData(['topics', 1]);
    const updates = countUpdates(qc.getQueryCache().find({ queryKey: ['topics', 1] })!.queryKey);
    const staged = new StagedCache(qc);
    staged.setQueriesData({ queryKey: ['topics'] }, (old: unknown) => old);
    staged.setQueryData(['topics', 1], () => undefined);
    void staged.invalidateQueries({ queryKey: ['topics'] });
    expect(qc.getQueryCache().find({ queryKey: ['topics', 1] })!.state.isInvalidated).toBe(false);
    staged.commit();
    expect(updates()).toBe(0);
    expect(qc.getQueryData(['topics', 1])).toBe(before);
    expect(qc.getQueryCache().find({ queryKey: ['topics', 1] })!.state.isInvalidated).toBe(true);
  });
});
