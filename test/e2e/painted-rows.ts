import type { Page } from '@playwright/test';

/**
 * Starts recording, after each frame has been painted (a task posted from requestAnimationFrame
 * runs after it), which messages the feed shows, until `frames` frames have shown some. With
 * `title`, only while the conversation's title contains it (another view shown first is another
 * conversation).
 */
export async function recordPaintedRows(page: Page, frames = 30, title = ''): Promise<void> {
  await page.evaluate(
    ({ frames, title }) => {
      const w = window as Window & { paintedRows?: number[][] };
      w.paintedRows = [];
      const inView = () => {
        const shown = document.querySelector('[data-testid="conversation-title"]')?.textContent ?? '';
        const feed = document.querySelector('[data-testid="message-feed"]');
        if (!feed || !shown.includes(title)) return [];
        const box = feed.getBoundingClientRect();
        return [...feed.querySelectorAll<HTMLElement>('article[data-message-id]')]
          .filter((row) => {
            const r = row.getBoundingClientRect();
            return r.bottom > box.top + 1 && r.top < box.bottom - 1;
          })
          .map((row) => Number(row.dataset.messageId));
      };
      const afterPaint = () => {
        const rows = inView();
        if (rows.length > 0) w.paintedRows!.push(rows);
        if (w.paintedRows!.length < frames) requestAnimationFrame(frame);
      };
      const frame = () => {
        const channel = new MessageChannel();
        channel.port1.onmessage = afterPaint;
        channel.port2.postMessage(null);
      };
      requestAnimationFrame(frame);
    },
    { frames, title },
  );
}

/** The rows of each recorded frame, once `frames` frames have been recorded. */
export async function paintedRows(page: Page, frames = 30): Promise<number[][]> {
  const read = () => page.evaluate(() => (window as Window & { paintedRows?: number[][] }).paintedRows ?? []);
  const deadline = Date.now() + 15_000;
  while ((await read()).length < frames && Date.now() < deadline) await page.waitForTimeout(50);
  return read();
}

/** The distinct views among recorded frames, in order (one means the feed never moved). */
export function distinctViews(frames: number[][]): string[] {
  return frames.map((rows) => rows.join(',')).filter((view, i, all) => i === 0 || view !== all[i - 1]);
}

/**
 * The most rows one frame brought into view that the frame before did not show. A view that jumps
 * or fills a half-empty screen brings many; the last row settling to its measured height, a row or
 * two (which a busy machine can leave to the second frame).
 */
export function largestShift(frames: number[][]): number {
  let largest = 0;
  for (let i = 1; i < frames.length; i++) {
    const before = new Set(frames[i - 1]);
    largest = Math.max(largest, frames[i]!.filter((id) => !before.has(id)).length);
  }
  return largest;
}
