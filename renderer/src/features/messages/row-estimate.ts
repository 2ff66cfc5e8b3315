import { measureElement, type Virtualizer } from '@tanstack/react-virtual';
import type { FeedRowLayout } from './feed-rows';

/**
 * How tall a feed row is before it is drawn, by what it carries: a sender line, a recipient header,
 * a day separator. A row drawn with the wrong height moves the rows after it once measured; a
 * single guess for all (a header row is twice a plain one) left the first frame of an opening
 * conversation half empty and the next one jumping. The figures are learned from the rows measured
 * so far in this window (the font, the width and the density settings all change them), starting
 * from the default theme's at its usual width.
 */

type RowParts = Pick<FeedRowLayout, 'showSender' | 'recipientHeader'> & { daySeparator: unknown };

/** A row's parts, as a key: sender, recipient header, day separator. */
function kindOf(row: RowParts): string {
  return `${row.showSender ? 's' : '-'}${row.recipientHeader ? 'h' : '-'}${row.daySeparator !== null ? 'd' : '-'}`;
}

/**
 * The rows with a sender line measured in the default theme at 1280 px (demo seed); those without
 * one are the same less the name line (24 px), not measured: the first measured row corrects them.
 */
const DEFAULT_HEIGHTS: Record<string, number> = {
  '---': 37,
  '-h-': 76,
  '--d': 68,
  '-hd': 103,
  's--': 61,
  'sh-': 100,
  's-d': 92,
  shd: 127,
};
const FALLBACK_HEIGHT = 64;
/** Weight of a new measurement in the running estimate of its kind. */
const LEARNING_RATE = 0.2;

const learned = new Map<string, number>();

/** The expected height of a row laid out as `row` (undefined: not laid out yet). */
export function estimateRowHeight(row: RowParts | undefined): number {
  if (!row) return FALLBACK_HEIGHT;
  const kind = kindOf(row);
  return Math.round(learned.get(kind) ?? DEFAULT_HEIGHTS[kind] ?? FALLBACK_HEIGHT);
}

/** Takes a drawn row's measured height into its kind's estimate. Light rows (drawn mid-fling) are not full rows. */
export function learnRowHeight(row: RowParts | undefined, height: number, light: boolean): void {
  if (!row || light || height <= 0) return;
  const kind = kindOf(row);
  const before = learned.get(kind);
  learned.set(kind, before === undefined ? height : before + (height - before) * LEARNING_RATE);
}

/** The virtualizer's own measuring of the feed laid out as `rows`, teaching the estimates as it goes. */
export function measuringAndLearning(rows: readonly RowParts[]) {
  return (
    element: Element,
    entry: ResizeObserverEntry | undefined,
    instance: Virtualizer<HTMLDivElement, Element>,
  ): number => {
    const size = measureElement(element, entry, instance);
    const light = element.firstElementChild?.hasAttribute('data-light') ?? false;
    learnRowHeight(rows[instance.indexFromElement(element)], size, light);
    return size;
  };
}

/**
 * The estimate each of a feed's rows was first laid out with, kept until the row is drawn and
 * measured (the virtualizer then uses the measurement). The feed lays out every held row again
 * whenever its messages change (a read flag is enough); a row above the view whose estimate had
 * moved meanwhile, learned from rows measured since, would move every row below it, and the view
 * with them. A row whose parts change (a neighbour deleted) is estimated afresh.
 */
export class FeedRowEstimates {
  private readonly given = new Map<number, { kind: string; height: number }>();

  estimate(id: number | undefined, row: RowParts | undefined): number {
    if (id === undefined || !row) return estimateRowHeight(row);
    const kind = kindOf(row);
    const pinned = this.given.get(id);
    if (pinned?.kind === kind) return pinned.height;
    const height = estimateRowHeight(row);
    this.given.set(id, { kind, height });
    return height;
  }

  /** The estimates, by message id (bounded with the feed's measured sizes, size-cache.ts). */
  get byId(): Map<number, { kind: string; height: number }> {
    return this.given;
  }
}

/** For tests: forget what was learned. */
export function forgetLearnedRowHeights(): void {
  learned.clear();
}
