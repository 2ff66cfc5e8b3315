import { useEffect, useMemo, useReducer } from 'react';
import type { Virtualizer } from '@tanstack/react-virtual';
import type { Message } from '../../api/model';
import { FlingDetector } from './fling';
import type { PageDirection } from './page-fetch';

/** The index of message `id` in `messages` (ascending ids), or -1. */
export function indexOfId(messages: readonly Message[], id: number): number {
  let low = 0;
  let high = messages.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const at = (messages[mid] as Message).id;
    if (at === id) return mid;
    if (at < id) low = mid + 1;
    else high = mid - 1;
  }
  return -1;
}

export interface Flight {
  flying: PageDirection | null;
  heading: PageDirection | null;
}

/** Follows the first message in view from one render to the next, and times its moves. */
export class FeedFlight {
  private firstId: number | undefined;
  private readonly detector = new FlingDetector();
  private lastFlying = false;

  constructor(private readonly clock: () => number = () => performance.now()) {}

  /**
   * The view now starts at `messages[firstInView]`; returns which way the feed flies (rows are
   * drawn light, `flying`) and which way a fast reader travels (`heading`, see FlingDetector).
   */
  observe(messages: readonly Message[], firstInView: number, screenRows: number, settled = true): Flight {
    const firstId = messages[firstInView]?.id;
    let rows = 0;
    // The opening scroll (to the first unread, or the bottom) is the app's, not the reader's.
    if (settled && firstId !== undefined && this.firstId !== undefined && firstId !== this.firstId) {
      // A message no longer held (another window, a refetch) says nothing of a move.
      const before = indexOfId(messages, this.firstId);
      if (before >= 0) rows = firstInView - before;
    }
    this.firstId = firstId;
    const now = this.clock();
    this.detector.moved(rows, now, screenRows);
    const flying = this.detector.heading(now);
    this.lastFlying = flying !== null;
    return { flying, heading: this.detector.traveling };
  }

  /** Whether the feed flew at the last observation (what the next render's overscan follows). */
  get flew(): boolean {
    return this.lastFlying;
  }

  /** Milliseconds until a flight seen so far has settled. */
  untilSettled(): number {
    return this.detector.untilSettled(this.clock());
  }
}

/**
 * Which way the feed flies now, if it does (its rows are then drawn light, see fling.ts), and
 * which way a fast reader travels (for fetching ahead). The first row in view is observed
 * while the feed renders, as the virtualizer itself is read: the virtualizer renders the feed on
 * every scroll step, so each step is seen before its rows are drawn. After a fling, one more
 * render draws them in full once the feed settles. `flight` is the feed's own (kept in state).
 */
export function useLightRows(
  flight: FeedFlight,
  messages: readonly Message[],
  firstInView: number,
  screenRows: number,
  settled: boolean,
): Flight {
  const [, wake] = useReducer((n: number) => n + 1, 0);
  const seen = flight.observe(messages, firstInView, screenRows, settled);
  const flying = seen.flying;
  const heading = seen.heading;
  const wait = flying ? flight.untilSettled() : 0;
  useEffect(() => {
    if (!wait) return;
    const timer = setTimeout(wake, wait + 1);
    return () => clearTimeout(timer);
  });
  return useMemo(() => ({ flying, heading }), [flying, heading]);
}

/**
 * While the feed flies, a row measured above the view does not move the scroll position to make
 * up for its size. The virtualizer would set it from the offset it last saw, undoing a scroll made
 * since in the same frame (a fling's next step): the reader would lose every other frame. A few
 * pixels' shift of rows nobody can read is the lesser harm. Otherwise its own rule: a row measured
 * for the first time above the view, or again wholly above it while not scrolling up.
 */
export function keepFlightsMoving(
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  flight: FeedFlight,
): void {
  virtualizer.shouldAdjustScrollPositionOnItemSizeChange = (item, _delta, instance) => {
    if (flight.flew) return false;
    const offset = instance.scrollOffset ?? 0;
    if (!instance.itemSizeCache.has(item.key)) return item.start < offset;
    return item.end <= offset && instance.scrollDirection !== 'backward';
  };
}
