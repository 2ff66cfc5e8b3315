import { describe, expect, it } from 'vitest';
import { prefetchRows } from '../../../renderer/src/features/messages/feed-paging';
import { estimatedOpeningOffset, openingScroll } from '../../../renderer/src/features/messages/opening';
import {
  BatchSizer,
  pageToFetch,
  StillViewAllowance,
  type FeedEdges,
} from '../../../renderer/src/features/messages/page-fetch';
import {
  MAX_BATCH,
  MAX_PAGES,
  mergePage,
  olderPage,
  PAGE_SIZE,
  splitBatch,
} from '../../../renderer/src/features/messages/useFeed';
import type { FeedData, FeedPageParam } from '../../../renderer/src/api/keys';
import type { GetMessagesResponse } from '../../../renderer/src/api/model';
import { channelMessage } from './fixtures';

const edges = (overrides: Partial<FeedEdges>): FeedEdges => ({
  firstVisible: 40,
  lastVisible: 55,
  count: 100,
  hasOlder: true,
  hasNewer: true,
  fetching: false,
  ...overrides,
});

describe('pageToFetch', () => {
  it('asks for nothing while any request of the feed is under way', () => {
    expect(pageToFetch(edges({ fetching: true }), 60)).toBeNull();
  });

  it('asks for one direction at a time, the nearer edge first, when both are close', () => {
    expect(pageToFetch(edges({ firstVisible: 10, lastVisible: 25 }), 60)).toBe('older');
    expect(pageToFetch(edges({ firstVisible: 80, lastVisible: 95 }), 60)).toBe('newer');
  });

  it('asks only where there is more to fetch, and only near an edge', () => {
    expect(pageToFetch(edges({ hasOlder: false }), 60)).toBe('newer');
    expect(pageToFetch(edges({ hasNewer: false }), 60)).toBe('older');
    expect(pageToFetch(edges({ hasOlder: false, hasNewer: false }), 60)).toBeNull();
    expect(pageToFetch(edges({ count: 1000, firstVisible: 500, lastVisible: 515 }), 60)).toBeNull();
    expect(pageToFetch(edges({ count: 0 }), 60)).toBeNull();
  });
});

describe('StillViewAllowance', () => {
  it('refuses fetches past the limit while the first message stays the same', () => {
    const allowance = new StillViewAllowance(4);
    const taken = Array.from({ length: 10 }, () => allowance.take(500));
    expect(taken.filter(Boolean)).toHaveLength(4);
    expect(taken.slice(4).some(Boolean)).toBe(false);
  });

  it('starts a new allowance when the reader moves', () => {
    const allowance = new StillViewAllowance(2);
    expect([allowance.take(1), allowance.take(1), allowance.take(1)]).toEqual([true, true, false]);
    expect(allowance.take(2)).toBe(true);
  });

  it('bounds the alternating fetches of a trimmed window (the storm) to the limit', () => {
    // Simulates the loop: each answer trims the other end, which then looks fetchable again.
    const allowance = new StillViewAllowance(4);
    let requests = 0;
    for (let render = 0; render < 10_000; render++) {
      const direction = pageToFetch(edges({ firstVisible: 10, lastVisible: 90 }), 60);
      if (direction && allowance.take(1234)) requests++;
    }
    expect(requests).toBe(4);
  });
});

describe('openingScroll', () => {
  const read = (id: number) => channelMessage({ id, flags: ['read'] });
  const unread = (id: number) => channelMessage({ id, flags: [] });

  it('opens at the anchor the server chose for first_unread, not an earlier unread it skipped', () => {
    // 2 is unread in a muted topic; the server's first unread is 4.
    const messages = [read(1), unread(2), read(3), unread(4), read(5)];
    expect(openingScroll(messages, null, 4)).toEqual({ index: 3, align: 'start' });
  });

  it('opens at the bottom when nothing is unread (the server answers with the newest message)', () => {
    expect(openingScroll([read(1), read(2)], null, 2)).toEqual({ index: 1, align: 'end' });
  });

  it('centres a linked message, and falls back to the bottom when it is missing', () => {
    expect(openingScroll([read(1), read(2), read(3)], 2, 3)).toEqual({ index: 1, align: 'center' });
    expect(openingScroll([read(1), read(2)], 9, 2)).toEqual({ index: 1, align: 'end' });
    expect(openingScroll([], null, null)).toBeNull();
  });
});

describe('estimatedOpeningOffset', () => {
  // Rows of 100, 50, 100, 50, ... px: ten of them, 750 px, in a 300 px view.
  const estimate = (i: number) => (i % 2 === 0 ? 100 : 50);

  it('puts the target at the top, the bottom or the middle of the view by the estimated heights', () => {
    expect(estimatedOpeningOffset({ index: 4, align: 'start' }, 10, estimate, 300)).toBe(300);
    expect(estimatedOpeningOffset({ index: 9, align: 'end' }, 10, estimate, 300)).toBe(450);
    expect(estimatedOpeningOffset({ index: 4, align: 'center' }, 10, estimate, 300)).toBe(200);
  });

  it('stays within what the list can scroll', () => {
    expect(estimatedOpeningOffset({ index: 0, align: 'end' }, 10, estimate, 300)).toBe(0);
    expect(estimatedOpeningOffset({ index: 9, align: 'start' }, 10, estimate, 300)).toBe(450);
    expect(estimatedOpeningOffset({ index: 1, align: 'end' }, 2, estimate, 300)).toBe(0);
  });
});

describe('mergePage', () => {
  const msg = (id: number) => channelMessage({ id, flags: ['read'] });
  const page = (ids: number[], overrides: Partial<GetMessagesResponse> = {}): GetMessagesResponse =>
    ({
      messages: ids.map(msg),
      anchor: ids[0] ?? 0,
      found_anchor: true,
      found_oldest: false,
      found_newest: false,
      ...overrides,
    }) as unknown as GetMessagesResponse;
  const param = (anchor: number, older: boolean): FeedPageParam => ({
    anchor,
    before: older ? PAGE_SIZE : 0,
    after: older ? 0 : PAGE_SIZE,
    includeAnchor: false,
  });

  it('keeps what an event added to the window while an older page was on its way', () => {
    const asked: FeedData = {
      pages: [page([10, 11], { found_newest: true })],
      pageParams: [param(10, true)],
    };
    // Meanwhile a `message` event appended 12 to the newest page.
    const now: FeedData = {
      pages: [page([10, 11, 12], { found_newest: true })],
      pageParams: asked.pageParams,
    };
    const merged = mergePage(now, page([8, 9]), param(10, true), 'older');
    expect(merged.pages.flatMap((p) => p.messages.map((m) => m.id))).toEqual([8, 9, 10, 11, 12]);
  });

  it('drops a page whose window was replaced meanwhile, and trims the far end to MAX_PAGES', () => {
    const window: FeedData = { pages: [page([50, 51])], pageParams: [param(50, true)] };
    expect(mergePage(window, page([8, 9]), param(10, true), 'older')).toBe(window);
    const full: FeedData = {
      pages: Array.from({ length: MAX_PAGES }, (_, i) => page([100 + 2 * i, 101 + 2 * i])),
      pageParams: Array.from({ length: MAX_PAGES }, (_, i) => param(100 + 2 * i, false)),
    };
    const newest = 101 + 2 * (MAX_PAGES - 1);
    const grown = mergePage(full, page([newest + 1]), param(newest, false), 'newer');
    expect(grown.pages).toHaveLength(MAX_PAGES);
    expect(grown.pages[0]!.messages[0]!.id).toBe(102);
    expect(grown.pages.at(-1)!.messages[0]!.id).toBe(newest + 1);
  });
});

describe('BatchSizer', () => {
  it('doubles the batch while the reader waits at the edge, up to the maximum', () => {
    const sizer = new BatchSizer(100, 400);
    expect(sizer.next('older')).toBe(100);
    const sizes = Array.from({ length: 4 }, () => {
      sizer.readerWaiting();
      return sizer.next('older');
    });
    expect(sizes).toEqual([200, 400, 400, 400]);
    expect(sizer.current).toBe(400);
  });

  it('falls back by half when a batch came in time, and starts small in a new direction', () => {
    const sizer = new BatchSizer(100, 400);
    sizer.next('older');
    sizer.readerWaiting();
    sizer.next('older');
    sizer.readerWaiting();
    expect(sizer.next('older')).toBe(400);
    expect(sizer.next('older')).toBe(200);
    expect(sizer.next('older')).toBe(100);
    expect(sizer.next('older')).toBe(100);
    sizer.readerWaiting();
    expect(sizer.next('newer')).toBe(100);
  });
});

describe('splitBatch', () => {
  const msg = (id: number) => channelMessage({ id, flags: ['read'] });
  const batch = (from: number, to: number, flags: Partial<GetMessagesResponse>) =>
    ({
      messages: Array.from({ length: to - from + 1 }, (_, i) => msg(from + i)),
      anchor: to + 1,
      found_anchor: false,
      found_oldest: false,
      found_newest: false,
      ...flags,
    }) as unknown as GetMessagesResponse;

  it('keeps an older batch as pages of PAGE_SIZE, the short one oldest, the edge flag on it only', () => {
    const asked: FeedPageParam = { anchor: 1001, before: 250, after: 0, includeAnchor: false };
    const { pages, pageParams } = splitBatch(batch(751, 1000, { found_oldest: true }), asked, 'older');
    expect(pages.map((p) => [p.messages[0]?.id, p.messages.length])).toEqual([
      [751, 50],
      [801, 100],
      [901, 100],
    ]);
    expect(pages.map((p) => p.found_oldest)).toEqual([true, false, false]);
    // Each piece's own parameter fetches it again from the piece above it.
    expect(pageParams.map((p) => p.anchor)).toEqual([801, 901, 1001]);
    expect(olderPage(pages[0]!)).toBeUndefined();
  });

  it('keeps a newer batch in order, the short piece newest with found_newest', () => {
    const asked: FeedPageParam = { anchor: 10, before: 0, after: 250, includeAnchor: false };
    const { pages, pageParams } = splitBatch(batch(11, 160, { found_newest: true }), asked, 'newer');
    expect(pages.map((p) => p.messages.length)).toEqual([100, 50]);
    expect(pages.map((p) => p.found_newest)).toEqual([false, true]);
    expect(pageParams.map((p) => p.anchor)).toEqual([10, 110]);
  });

  it('a batch of MAX_BATCH merged at the top still leaves the window at MAX_PAGES pages', () => {
    const window: FeedData = {
      pages: Array.from({ length: MAX_PAGES }, (_, i) => batch(10_000 + 100 * i, 10_099 + 100 * i, {})),
      pageParams: Array.from({ length: MAX_PAGES }, (_, i) => ({
        anchor: 10_000 + 100 * i,
        before: PAGE_SIZE,
        after: 0,
        includeAnchor: false,
      })),
    };
    const asked: FeedPageParam = { anchor: 10_000, before: MAX_BATCH, after: 0, includeAnchor: false };
    const merged = mergePage(window, batch(10_000 - MAX_BATCH, 9_999, {}), asked, 'older');
    expect(merged.pages).toHaveLength(MAX_PAGES);
    expect(merged.pages[0]?.messages[0]?.id).toBe(10_000 - MAX_BATCH);
    // The newest pages went: the reader, at the top, keeps every row around them.
    expect(merged.pages.at(-1)?.messages.at(-1)?.id).toBe(10_000 + 100 * (MAX_PAGES - MAX_BATCH / 100) - 1);
  });
});

describe('fetching ahead of a reader who flies', () => {
  it('asks a whole batch ahead in the direction of flight only', () => {
    expect(prefetchRows(100, null)).toEqual({ older: 60, newer: 60 });
    expect(prefetchRows(400, null)).toEqual({ older: 240, newer: 240 });
    expect(prefetchRows(100, 'older')).toEqual({ older: MAX_BATCH, newer: 60 });
    expect(prefetchRows(100, 'newer')).toEqual({ older: 60, newer: MAX_BATCH });
    // Behind the reader, no more than usual: the window just trimmed it, and would fetch it back.
    const e: FeedEdges = {
      firstVisible: 300,
      lastVisible: 320,
      count: 1000,
      hasOlder: true,
      hasNewer: true,
      fetching: false,
    };
    expect(pageToFetch(e, prefetchRows(400, 'older'))).toBe('older');
    expect(pageToFetch({ ...e, firstVisible: 500, lastVisible: 520 }, prefetchRows(400, 'older'))).toBeNull();
    expect(pageToFetch({ ...e, firstVisible: 900, lastVisible: 920 }, prefetchRows(400, 'older'))).toBeNull();
    expect(pageToFetch({ ...e, firstVisible: 930, lastVisible: 950 }, prefetchRows(400, 'older'))).toBe(
      'newer',
    );
  });

  it('asks for the largest batch at once while the reader flies that way', () => {
    const sizer = new BatchSizer(PAGE_SIZE, MAX_BATCH);
    expect(sizer.next('older', true)).toBe(MAX_BATCH);
    expect(sizer.next('older', false)).toBe(MAX_BATCH / 2);
    expect(sizer.next('newer', true)).toBe(MAX_BATCH);
    expect(sizer.next('older', false)).toBe(PAGE_SIZE);
  });
});
