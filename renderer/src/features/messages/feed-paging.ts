import { useEffect, useRef } from 'react';
import type { Message } from '../../api/model';
import {
  BatchSizer,
  batchNoLongerNeeded,
  pageToFetch,
  StillViewAllowance,
  type PageDirection,
} from './page-fetch';
import { MAX_BATCH, PAGE_SIZE, type FetchAhead } from './useFeed';

/**
 * Rows this close to an end of the loaded range trigger fetching the next page that way: over half a
 * page ahead, so a fast scroll rarely waits at the edge (npm run bench, 3: 40% more messages a second
 * than at 10 rows, with no slower frame). It grows with the batch: a reader fast enough to need
 * larger batches gets them asked for that much earlier.
 */
const PREFETCH_ROWS = 60;
/**
 * How close to each edge asks for the next batch: PREFETCH_ROWS per page of the batch under way,
 * and while the reader flies (screens a frame: a batch lasts a few frames) a whole batch ahead in
 * the direction of flight, so the next one leaves as soon as the last one is in, and only
 * PREFETCH_ROWS behind (more there would fetch back what the window just trimmed).
 */
export function prefetchRows(batch: number, heading: PageDirection | null): Record<PageDirection, number> {
  const usual = Math.round((PREFETCH_ROWS * batch) / PAGE_SIZE);
  if (heading === 'older') return { older: Math.max(batch, MAX_BATCH), newer: PREFETCH_ROWS };
  if (heading === 'newer') return { older: PREFETCH_ROWS, newer: Math.max(batch, MAX_BATCH) };
  return { older: usual, newer: usual };
}
/** Page fetches allowed while the first rendered message stays the same (two open a conversation). */
const STILL_VIEW_FETCHES = 4;

export interface FeedPages {
  hasOlder: boolean;
  hasNewer: boolean;
  extending: PageDirection | null;
  extendError: unknown;
  extend(direction: PageDirection, size?: number, ahead?: FetchAhead): void;
  /** Gives up the batch in flight, if any (its request is aborted; no error is shown). */
  cancel(): void;
}

/**
 * Fetches pages by anchors near either end of what is shown: one request at a time, and only while
 * the reader moves; larger batches while the reader keeps catching up with them (BatchSizer). A
 * batch fetched ahead is given up when the reader turns back (batchNoLongerNeeded), so the other
 * way's batch need not wait behind it; leaving the conversation gives it up too (useFeed).
 * Returns the direction last asked for (what "Retry" asks again).
 */
export function usePageFetching(
  pages: FeedPages,
  view: {
    settled: boolean;
    firstVisible: number;
    lastVisible: number;
    messages: readonly Message[];
    /** Which way a reader faster than anyone reads travels, if one does (useLightRows). */
    heading: PageDirection | null;
  },
  queryFetching: boolean,
) {
  const { hasOlder, hasNewer, extending, extendError, extend, cancel } = pages;
  const { settled, firstVisible, lastVisible, messages, heading } = view;
  const allowance = useRef(new StillViewAllowance(STILL_VIEW_FETCHES));
  const lastDirection = useRef<PageDirection>('older');
  const sizer = useRef(new BatchSizer(PAGE_SIZE, MAX_BATCH));
  // The view as last drawn, for deciding when a batch comes in whether to ask for the next at once.
  const latest = useRef({ firstVisible, lastVisible, count: messages.length, heading });
  useEffect(() => {
    latest.current = { firstVisible, lastVisible, count: messages.length, heading };
  });
  useEffect(() => {
    // After a failure the reader asks again (the retry button), rather than every render.
    if (!settled || extendError) return;
    if (
      batchNoLongerNeeded(
        extending,
        heading,
        { firstVisible, lastVisible, count: messages.length },
        PREFETCH_ROWS,
      )
    ) {
      cancel();
      return;
    }
    const waitingAtEdge =
      extending === 'older'
        ? firstVisible === 0
        : extending === 'newer' && lastVisible >= messages.length - 1;
    if (waitingAtEdge) sizer.current.readerWaiting();
    const direction = pageToFetch(
      {
        firstVisible,
        lastVisible,
        count: messages.length,
        hasOlder,
        hasNewer,
        fetching: extending !== null || queryFetching,
      },
      prefetchRows(sizer.current.current, heading),
    );
    const firstId = messages[firstVisible]?.id;
    if (!direction || firstId === undefined) return;
    if (!allowance.current.take(firstId)) {
      console.warn(`Message feed: not fetching ${direction} pages again until the view moves.`);
      return;
    }
    lastDirection.current = direction;
    // A reader flying this way and already at the edge when the batch comes in will need the next
    // one as soon as it is drawn: it is asked for then, and fetched while this one is drawn.
    const ahead: FetchAhead = (received) => {
      const v = latest.current;
      const atEdge =
        direction === 'older' ? v.firstVisible < PREFETCH_ROWS : v.lastVisible > v.count - 1 - PREFETCH_ROWS;
      if (received === 0 || v.heading !== direction || !atEdge) return null;
      return sizer.current.next(direction, true);
    };
    extend(direction, sizer.current.next(direction, heading === direction), ahead);
  }, [
    settled,
    firstVisible,
    lastVisible,
    messages,
    hasOlder,
    hasNewer,
    extending,
    extendError,
    queryFetching,
    extend,
    cancel,
    heading,
  ]);
  return lastDirection;
}
