import type { Page } from '@playwright/test';

/**
 * One clock for every process. Node and Chromium both expose `performance.timeOrigin + performance.now()`
 * as a high-resolution wall-clock time in milliseconds since the epoch, but each process fixes its
 * origin separately, so the page's reading is aligned to the driver's explicitly, NTP style: the
 * driver reads its clock (a), asks the page for its clock (p), reads again (b); the page's reading
 * was taken somewhere in [a, b], so offset = p - (a + b) / 2 with an error of at most (b - a) / 2.
 * The sample with the shortest round trip wins.
 */

export function now(): number {
  return performance.timeOrigin + performance.now();
}

export interface ClockOffset {
  /** page clock - driver clock, in ms. */
  offset: number;
  /** Half the best round trip: the offset is exact within ± this. */
  uncertainty: number;
}

export const PAGE_NOW = 'performance.timeOrigin + performance.now()';

export async function pageClockOffset(page: Page, samples = 20): Promise<ClockOffset> {
  let best: ClockOffset = { offset: 0, uncertainty: Infinity };
  for (let i = 0; i < samples; i++) {
    const a = now();
    const p = (await page.evaluate(PAGE_NOW)) as number;
    const b = now();
    const uncertainty = (b - a) / 2;
    if (uncertainty < best.uncertainty) best = { offset: p - (a + b) / 2, uncertainty };
  }
  return best;
}

/** A page timestamp on the driver's clock. */
export function toDriver(pageTime: number, clock: ClockOffset): number {
  return pageTime - clock.offset;
}
