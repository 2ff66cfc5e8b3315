/**
 * Whether the feed moves faster than anyone can read: more rows in one frame than a screen holds.
 * While it does, rows are drawn light (their frame and plain text); they are drawn in full again
 * once the feed has gone SETTLE_MS without such a move. Movement is counted in rows (which message
 * is first in view), not pixels: rows added above the view keep the reader where they are and
 * shift the scroll offset without being a move.
 */

/** One 60 Hz frame. */
export const FRAME_MS = 1000 / 60;
/** Time without a fast move after which rows are drawn in full again. */
export const SETTLE_MS = 150;
/**
 * Fast moves this close together make a journey (for fetching ahead); one alone is a jump (a
 * "Jump to" button, the End key, a scroll to a message), which draws light rows but fetches as usual.
 */
export const JOURNEY_GAP_MS = 100;

export class FlingDetector {
  private lastMove = -Infinity;
  private lastFast = -Infinity;
  private fastSign = 0;
  private streak = 0;
  /** Where the last fast moves went, until a move at a reading pace (standing still keeps it). */
  private travel: 'older' | 'newer' | null = null;

  /**
   * The first row in view moved by `rows` at `time` (ms) with `screenRows` rows in view; returns
   * whether the feed is flying. A move after a pause counts as one frame's, so a fling is
   * drawn light from its first frame.
   */
  moved(rows: number, time: number, screenRows: number): boolean {
    if (rows !== 0) {
      const elapsed = time - this.lastMove;
      // Renders of a moving feed come a frame or two apart: a move after a longer gap is one jump
      // (a fling's first frame), not a glide spread over the gap.
      const frames = elapsed > 2 * FRAME_MS ? 1 : Math.max(1, elapsed / FRAME_MS);
      if (Math.abs(rows) / frames > Math.max(1, screenRows)) {
        const sign = Math.sign(rows);
        this.streak = time - this.lastFast <= JOURNEY_GAP_MS && sign === this.fastSign ? this.streak + 1 : 1;
        this.lastFast = time;
        this.fastSign = sign;
        if (this.streak >= 2) this.travel = rows < 0 ? 'older' : 'newer';
      } else if (!this.flying(time)) {
        this.travel = null;
        this.streak = 0;
      }
      this.lastMove = time;
    }
    return this.flying(time);
  }

  flying(time: number): boolean {
    return time - this.lastFast < SETTLE_MS;
  }

  /** Which way the feed flies at `time`: towards older rows (up), newer ones, or not at all. */
  heading(time: number): 'older' | 'newer' | null {
    if (!this.flying(time)) return null;
    return this.fastSign < 0 ? 'older' : 'newer';
  }

  /**
   * Which way the reader travels, for fetching ahead: the way of the last fast moves (two or more
   * in a row, JOURNEY_GAP_MS apart at most), kept while
   * the reader stands still (blocked at the edge, waiting for the next batch), dropped once they
   * move at a reading pace.
   */
  get traveling(): 'older' | 'newer' | null {
    return this.travel;
  }

  /** Milliseconds from `time` until the feed counts as settled (0 when it does). */
  untilSettled(time: number): number {
    return Math.max(0, this.lastFast + SETTLE_MS - time);
  }
}
