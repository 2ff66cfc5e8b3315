import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { feedKey, type FeedData, type FeedPageParam } from '../../../renderer/src/api/keys';
import type { Narrow } from '../../../renderer/src/api/narrow';
import { extendFeed, MAX_BATCH, MAX_PAGES, PAGE_SIZE } from '../../../renderer/src/features/messages/useFeed';
import { FakeBridge } from './fake-bridge';
import { channelMessage } from './fixtures';

// Fetching ahead: a batch that comes in may ask for the next one before it is drawn, so that
// request is on the wire while the batch is drawn; never more than one ahead per extendFeed.

const narrow: Narrow = { kind: 'topic', streamId: 1, topic: 'firehose' };

function setup(firstId: number) {
  const bridge = new FakeBridge();
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const param: FeedPageParam = { anchor: 'newest', before: 50, after: 50, includeAnchor: true };
  const ids = Array.from({ length: PAGE_SIZE }, (_, i) => firstId + i);
  qc.setQueryData<FeedData>(feedKey(narrow, null), {
    pages: [
      {
        messages: ids.map((id) => channelMessage({ id })),
        found_oldest: false,
        found_newest: true,
        found_anchor: true,
        anchor: firstId,
      } as never,
    ],
    pageParams: [param],
  });
  /** The window's oldest message id when each getMessages left. */
  const oldestWhenAsked: number[] = [];
  bridge.handlers.getMessages = (params) => {
    oldestWhenAsked.push(window().messages[0]!.id);
    const anchor = params.anchor as number;
    const count = Math.min(params.num_before ?? 0, anchor - 1);
    const messages = Array.from({ length: count }, (_, i) => channelMessage({ id: anchor - count + i }));
    return {
      result: 'success',
      msg: '',
      messages,
      anchor,
      found_anchor: false,
      found_oldest: count < (params.num_before ?? 0),
      found_newest: false,
      history_limited: false,
    };
  };
  const window = () => {
    const data = qc.getQueryData<FeedData>(feedKey(narrow, null))!;
    return { messages: data.pages.flatMap((p) => p.messages), pages: data.pages.length };
  };
  return { bridge, qc, oldestWhenAsked, window };
}

describe('extendFeed fetching ahead', () => {
  it('asks for the next batch before drawing the one that came in, then merges both in order', async () => {
    const { bridge, qc, oldestWhenAsked, window } = setup(10_001);
    const asked: number[] = [];
    await extendFeed(qc, bridge, narrow, null, 'older', MAX_BATCH, (received) => {
      asked.push(received);
      return MAX_BATCH;
    });
    expect(bridge.callsTo('getMessages').map((p) => [p.anchor, p.num_before])).toEqual([
      [10_001, MAX_BATCH],
      [10_001 - MAX_BATCH, MAX_BATCH],
    ]);
    // The second request left while the window still started where it did: before the first
    // batch was merged (drawn).
    expect(oldestWhenAsked).toEqual([10_001, 10_001]);
    // One batch ahead at most: asked once, after the first batch.
    expect(asked).toEqual([MAX_BATCH]);
    const { messages, pages } = window();
    expect(pages).toBeLessThanOrEqual(MAX_PAGES);
    expect(messages[0]!.id).toBe(10_001 - 2 * MAX_BATCH);
    const ids = messages.map((m) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('asks for nothing more when told not to, or when the oldest message came in', async () => {
    const still = setup(10_001);
    await extendFeed(still.qc, still.bridge, narrow, null, 'older', MAX_BATCH, () => null);
    expect(still.bridge.callsTo('getMessages')).toHaveLength(1);

    const short = setup(101);
    await extendFeed(short.qc, short.bridge, narrow, null, 'older', MAX_BATCH, () => MAX_BATCH);
    expect(short.bridge.callsTo('getMessages')).toHaveLength(1);
    expect(short.window().messages[0]!.id).toBe(1);
  });
});
