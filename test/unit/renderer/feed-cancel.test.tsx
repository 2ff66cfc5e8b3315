// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { isCancelledCall } from '../../../shared/failures';
import { BridgeContext } from '../../../renderer/src/app/bridge-context';
import { feedKey, type FeedData, type FeedPageParam } from '../../../renderer/src/api/keys';
import type { Message } from '../../../renderer/src/api/model';
import type { Narrow } from '../../../renderer/src/api/narrow';
import { usePageFetching, type FeedPages } from '../../../renderer/src/features/messages/feed-paging';
import { batchNoLongerNeeded, type PageDirection } from '../../../renderer/src/features/messages/page-fetch';
import { extendFeed, MAX_BATCH, PAGE_SIZE, useFeed } from '../../../renderer/src/features/messages/useFeed';
import { FakeBridge } from './fake-bridge';
import { channelMessage } from './fixtures';

// Giving up batches nobody needs any more: one fetched ahead when the reader turns back, and
// whatever is in flight when the reader leaves the conversation; never the batch the reader
// waits on at its edge.

afterEach(cleanup);

const topic: Narrow = { kind: 'topic', streamId: 1, topic: 'firehose' };
const otherTopic: Narrow = { kind: 'topic', streamId: 1, topic: 'elsewhere' };

describe('batchNoLongerNeeded', () => {
  const view = { firstVisible: 500, lastVisible: 520, count: 1000 };
  it('gives up a batch when the reader flies the other way, away from its edge', () => {
    expect(batchNoLongerNeeded('older', 'newer', view, 60)).toBe(true);
    expect(batchNoLongerNeeded('newer', 'older', view, 60)).toBe(true);
  });

  it('keeps it while the reader heads its way, reads slowly, or nothing is in flight', () => {
    expect(batchNoLongerNeeded('older', 'older', view, 60)).toBe(false);
    expect(batchNoLongerNeeded('older', null, view, 60)).toBe(false);
    expect(batchNoLongerNeeded(null, 'newer', view, 60)).toBe(false);
  });

  it('keeps the batch the reader is at the edge for, whichever way it last moved', () => {
    expect(batchNoLongerNeeded('older', 'newer', { ...view, firstVisible: 0 }, 60)).toBe(false);
    expect(batchNoLongerNeeded('older', 'newer', { ...view, firstVisible: 59 }, 60)).toBe(false);
    expect(batchNoLongerNeeded('newer', 'older', { ...view, lastVisible: 999 }, 60)).toBe(false);
    expect(batchNoLongerNeeded('newer', 'older', { ...view, lastVisible: 930 }, 60)).toBe(true);
  });
});

describe('usePageFetching gives up what the reader turned away from', () => {
  const messages = Array.from({ length: 1000 }, (_, i) => channelMessage({ id: i + 1 })) as Message[];
  function run(extending: PageDirection | null, heading: PageDirection | null, firstVisible: number) {
    const seen = { cancels: 0, extends: [] as PageDirection[] };
    const pages: FeedPages = {
      hasOlder: true,
      hasNewer: true,
      extending,
      extendError: null,
      extend: (direction) => seen.extends.push(direction),
      cancel: () => (seen.cancels += 1),
    };
    renderHook(() =>
      usePageFetching(
        pages,
        { settled: true, firstVisible, lastVisible: firstVisible + 20, messages, heading },
        false,
      ),
    );
    return seen;
  }

  it('cancels the older batch in flight when the reader now flies newer, mid-window', () => {
    expect(run('older', 'newer', 500)).toEqual({ cancels: 1, extends: [] });
  });

  it('keeps it when the reader waits at the top for it, or still flies older', () => {
    expect(run('older', 'newer', 0).cancels).toBe(0);
    expect(run('older', 'older', 500).cancels).toBe(0);
    expect(run('older', null, 500).cancels).toBe(0);
  });
});

/** A window of one page (ids firstId..firstId+99) and a server that answers each batch by hand. */
function heldServer(firstId: number) {
  const bridge = new FakeBridge();
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const param: FeedPageParam = { anchor: 'newest', before: 50, after: 50, includeAnchor: true };
  const page = (ids: number[], oldest = false) => ({
    result: 'success',
    msg: '',
    messages: ids.map((id) => channelMessage({ id })),
    anchor: ids[0] ?? 0,
    found_anchor: true,
    found_oldest: oldest,
    found_newest: true,
    history_limited: false,
  });
  const seed = (narrow: Narrow) =>
    qc.setQueryData<FeedData>(feedKey(narrow, null), {
      pages: [page(Array.from({ length: PAGE_SIZE }, (_, i) => firstId + i)) as never],
      pageParams: [param],
    });
  seed(topic);
  const answers: (() => void)[] = [];
  bridge.handlers.getMessages = (params) =>
    new Promise((resolve) => {
      const anchor = params.anchor as number;
      const count = params.num_before ?? 0;
      answers.push(() =>
        resolve({
          ...page(Array.from({ length: count }, (_, i) => anchor - count + i)),
          found_newest: false,
        }),
      );
    });
  const oldest = (narrow: Narrow = topic) =>
    qc.getQueryData<FeedData>(feedKey(narrow, null))!.pages[0]!.messages[0]!.id;
  return { bridge, qc, answers, oldest, seed };
}

describe('extendFeed with a signal', () => {
  it('keeps the batch already merged and gives up the one fetched ahead', async () => {
    const { bridge, qc, answers, oldest } = heldServer(10_001);
    const controller = new AbortController();
    const done = extendFeed(qc, bridge, topic, null, 'older', MAX_BATCH, () => MAX_BATCH, controller.signal);
    await waitFor(() => expect(answers).toHaveLength(1));
    answers[0]!();
    // The batch ahead is on its way; the reader turns back.
    await waitFor(() => expect(answers).toHaveLength(2));
    controller.abort();
    const error = await done.catch((e: unknown) => e);
    expect(isCancelledCall(error)).toBe(true);
    expect(bridge.cancelled).toHaveLength(1);
    expect(bridge.cancelled[0]).toBe(bridge.cancelIds[1]);
    expect(oldest()).toBe(10_001 - MAX_BATCH);
  });
});

describe('useFeed', () => {
  function mountFeed(server: ReturnType<typeof heldServer>) {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <BridgeContext.Provider value={server.bridge}>
        <QueryClientProvider client={server.qc}>{children}</QueryClientProvider>
      </BridgeContext.Provider>
    );
    return renderHook(({ narrow }: { narrow: Narrow }) => useFeed(narrow, null), {
      wrapper,
      initialProps: { narrow: topic },
    });
  }

  it('gives up the batch in flight when the reader leaves the conversation', async () => {
    const server = heldServer(10_001);
    server.seed(otherTopic);
    const feed = mountFeed(server);
    act(() => feed.result.current.pages.extend('older', PAGE_SIZE));
    await waitFor(() => expect(server.answers).toHaveLength(1));
    expect(feed.result.current.pages.extending).toBe('older');
    feed.rerender({ narrow: otherTopic });
    await waitFor(() => expect(server.bridge.cancelled).toEqual([server.bridge.cancelIds[0]]));
    // Answered late, it changes nothing: the request was given up.
    server.answers[0]!();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.oldest(topic)).toBe(10_001);
  });

  it('shows no error for a batch it gave up, and may fetch again at once', async () => {
    const server = heldServer(10_001);
    const feed = mountFeed(server);
    act(() => feed.result.current.pages.extend('older', PAGE_SIZE));
    await waitFor(() => expect(server.answers).toHaveLength(1));
    act(() => feed.result.current.pages.cancel());
    await waitFor(() => expect(feed.result.current.pages.extending).toBeNull());
    expect(feed.result.current.pages.extendError).toBeNull();
    act(() => feed.result.current.pages.extend('older', PAGE_SIZE));
    await waitFor(() => expect(server.answers).toHaveLength(2));
    server.answers[1]!();
    await waitFor(() => expect(server.oldest()).toBe(10_001 - PAGE_SIZE));
  });

  it('gives up the batch in flight when the feed unmounts, and sends nothing when there is none', async () => {
    const idle = heldServer(10_001);
    mountFeed(idle).unmount();
    expect(idle.bridge.cancelled).toEqual([]);

    const server = heldServer(10_001);
    const feed = mountFeed(server);
    act(() => feed.result.current.pages.extend('older', PAGE_SIZE));
    await waitFor(() => expect(server.answers).toHaveLength(1));
    feed.unmount();
    await waitFor(() => expect(server.bridge.cancelled).toEqual([server.bridge.cancelIds[0]]));
  });
});
