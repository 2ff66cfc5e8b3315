/**
 * When the feed asks for another page. Two rules keep it from ever fetching in a loop:
 * one page request at a time (a second request would cancel the first, and the cancelled
 * direction asks again on the next render: the storm of issue 17), and a bound on the pages fetched
 * while the reader stays on the same message (with a bounded window, fetching at one end trims the
 * other, which could ask for it again).
 */

export type PageDirection = 'older' | 'newer';

export interface FeedEdges {
  /** Index of the first and last rendered rows (overscan included). */
  firstVisible: number;
  lastVisible: number;
  count: number;
  hasOlder: boolean;
  hasNewer: boolean;
  /** Any request of the feed under way (a page, or a refetch of the whole window). */
  fetching: boolean;
}

/**
 * The page to ask for now, or null: the edge nearer the view first when both are close.
 * `prefetchRows`: how close to an edge asks for the next page, the same or per direction.
 */
export function pageToFetch(
  edges: FeedEdges,
  prefetchRows: number | Record<PageDirection, number>,
): PageDirection | null {
  const { firstVisible, lastVisible, count, hasOlder, hasNewer, fetching } = edges;
  if (fetching || count === 0) return null;
  const ahead =
    typeof prefetchRows === 'number' ? { older: prefetchRows, newer: prefetchRows } : prefetchRows;
  const nearTop = hasOlder && firstVisible < ahead.older;
  const nearBottom = hasNewer && lastVisible > count - 1 - ahead.newer;
  if (nearTop && nearBottom) return firstVisible <= count - 1 - lastVisible ? 'older' : 'newer';
  if (nearTop) return 'older';
  if (nearBottom) return 'newer';
  return null;
}

/**
 * Whether the batch being fetched `fetching` way is no longer needed: the reader now flies the
 * other way (`heading`) and is not within `edgeRows` of that edge, where it would soon wait for it.
 * A reader at the edge keeps the batch it waits on, whichever way it last moved.
 */
export function batchNoLongerNeeded(
  fetching: PageDirection | null,
  heading: PageDirection | null,
  view: Pick<FeedEdges, 'firstVisible' | 'lastVisible' | 'count'>,
  edgeRows: number,
): boolean {
  if (fetching === null || heading === null || heading === fetching) return false;
  const nearEdge =
    fetching === 'older' ? view.firstVisible < edgeRows : view.lastVisible > view.count - 1 - edgeRows;
  return !nearEdge;
}

/**
 * Allows at most `limit` page fetches while the first rendered message stays the same. Opening a
 * conversation in the middle of its history takes two (one each way); a reader who scrolls moves
 * the first message and starts a new allowance. What it refuses is a fetch nobody's reading asked for.
 */
export class StillViewAllowance {
  private messageId: number | null = null;
  private used = 0;

  constructor(private readonly limit: number) {}

  /** True when a fetch may start now with `firstMessageId` at the top; counts it. */
  take(firstMessageId: number): boolean {
    if (firstMessageId !== this.messageId) {
      this.messageId = firstMessageId;
      this.used = 0;
    }
    if (this.used >= this.limit) return false;
    this.used += 1;
    return true;
  }
}

/**
 * How many messages the next request asks for: a reader who reached the edge while a batch was on
 * its way (waiting at "Loading older messages…") gets the next one twice as large, up to `max`; a
 * batch that came in time lets the size fall back by half towards `min`. A change of direction
 * starts again at `min`.
 */
export class BatchSizer {
  private size: number;
  private waited = false;
  private direction: PageDirection | null = null;

  constructor(
    private readonly min: number,
    private readonly max: number,
  ) {
    this.size = min;
  }

  /** The size of the batch under way (or of the last one). */
  get current(): number {
    return this.size;
  }

  /** The reader is at the edge a batch is being fetched for. */
  readerWaiting(): void {
    this.waited = true;
  }

  /**
   * The size of the batch to ask for now, `direction`; `max` at once for a reader `flying` (more
   * than a screen a frame), who would otherwise wait at the edge for every doubling.
   */
  next(direction: PageDirection, flying = false): number {
    if (direction !== this.direction) {
      this.direction = direction;
      this.size = flying ? this.max : this.min;
    } else if (flying) this.size = this.max;
    else if (this.waited) this.size = Math.min(this.max, this.size * 2);
    else this.size = Math.max(this.min, Math.floor(this.size / 2));
    this.waited = false;
    return this.size;
  }
}
