import { useEffect, useRef } from 'react';
import type { Message } from '../../api/model';
import { pageToFetch, StillViewAllowance, type PageDirection } from './page-fetch';

/**
 * Rows this close to an end of the loaded range trigger fetching the next page that way: over half a
 * page ahead, so a fast scroll rarely waits at the edge (npm run bench, 3: 40% more messages a second
 * than at 10 rows, with no slower frame).
 */
const PREFETCH_ROWS = 60;
/** Page fetches allowed while the first rendered message stays the same (two open a conversation). */
const STILL_VIEW_FETCHES = 4;

export interface FeedPages {
  hasOlder: boolean;
  hasNewer: boolean;
  extending: PageDirection | null;
  extendError: unknown;
  extend(direction: PageDirection): void;
}

/**
 * Fetches pages by anchors near either end of what is shown: one page at a time, and only while
 * the reader moves. Returns the direction last asked for (what "Retry" asks again).
 */
export function usePageFetching(
  pages: FeedPages,
  view: { settled: boolean; firstVisible: number; lastVisible: number; messages: readonly Message[] },
  queryFetching: boolean,
) {
  const { hasOlder, hasNewer, extending, extendError, extend } = pages;
  const { settled, firstVisible, lastVisible, messages } = view;
  const allowance = useRef(new StillViewAllowance(STILL_VIEW_FETCHES));
  const lastDirection = useRef<PageDirection>('older');
  useEffect(() => {
    // After a failure the reader asks again (the retry button), rather than every render.
    if (!settled || extendError) return;
    const direction = pageToFetch(
      {
        firstVisible,
        lastVisible,
        count: messages.length,
        hasOlder,
        hasNewer,
        fetching: extending !== null || queryFetching,
      },
      PREFETCH_ROWS,
    );
    const firstId = messages[firstVisible]?.id;
    if (!direction || firstId === undefined) return;
    if (!allowance.current.take(firstId)) {
      console.warn(`Message feed: not fetching ${direction} pages again until the view moves.`);
      return;
    }
    lastDirection.current = direction;
    extend(direction);
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
  ]);
  return lastDirection;
}
