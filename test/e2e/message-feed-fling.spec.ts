import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { markTopicRead } from './server-state';

// A fling (the feed moving more than a screen a frame) draws rows light: their frame and the
// message as plain text. Once the feed settles the same rows are drawn in full: links, bold and
// emoji come back, in the same elements.
test.describe.configure({ mode: 'serial' });

const TOPIC = 'fling';
const RICH = '**bold words** and a link https://example.com/fling and an emoji :smile:';
/** The rich message's id (the first test posts it). */
let richId = 0;

test('a fast fling shows light rows that become full rows when the feed stops', async ({
  page,
  chat,
  signIn,
}) => {
  test.setTimeout(120_000);
  const ben = chat.api('ben@northwind.example');
  for (let i = 1; i <= 120; i++) {
    const content = i === 90 ? RICH : `Fling filler ${i}: a message a reader would not stop at.`;
    const { body } = await ben.post('/messages', { type: 'channel', to: 'random', topic: TOPIC, content });
    if (i === 90) richId = body.id as number;
  }
  // Read: the topic opens at its newest message, and the fling goes up from there.
  await markTopicRead(chat.api('owner'), 'random', TOPIC);

  await signIn(page, 'owner');
  await page.getByTestId('channel-random').click();
  await page.getByTestId(`topic-${TOPIC}`).click();
  const feed = page.getByTestId('message-feed');
  await expect(feed.getByText('Fling filler 120:')).toBeVisible();
  // The opening scroll is the app's, not the reader's: a fling counts once it has come to rest.
  await expect(feed).not.toHaveAttribute('aria-busy');

  // Up by two screens a frame until the rich message's row is drawn; records how it was drawn.
  // Steps that long can leap over the row (the rows drawn for one frame need not meet the next
  // frame's): past it, the fling turns back with a shorter step, so it lands elsewhere.
  const seen = (await page.evaluate(
    (id) =>
      new Promise<{ light: boolean; text: string; strong: number }>((resolve, reject) => {
        const el = document.querySelector<HTMLElement>('[data-testid="message-feed"]')!;
        const screens = [2, 1.75, 1.5];
        let turns = 0;
        let way = -1;
        const started = performance.now();
        const frame = () => {
          const row = el.querySelector<HTMLElement>(`[data-testid="message-${id}"]`);
          if (row) {
            (row as HTMLElement & { flingMark?: boolean }).flingMark = true;
            const content = row.querySelector(`[data-testid="content-${id}"]`);
            resolve({
              light: row.dataset.light === 'true',
              text: content?.textContent ?? '',
              strong: content?.querySelectorAll('strong').length ?? -1,
            });
            return;
          }
          if (performance.now() - started > 20_000) return reject(new Error('never reached the message'));
          const drawn = [...el.querySelectorAll<HTMLElement>('article[data-message-id]')].map((a) =>
            Number(a.dataset.messageId),
          );
          const towards =
            drawn.length === 0 ? way : Math.min(...drawn) > id ? -1 : Math.max(...drawn) < id ? 1 : way;
          if (towards !== way) [way, turns] = [towards, turns + 1];
          el.scrollTop = Math.max(0, el.scrollTop + way * el.clientHeight * screens[turns % screens.length]!);
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    richId,
  )) as { light: boolean; text: string; strong: number };
  expect(seen.light).toBe(true);
  // What the reader sees of it mid-fling: its words, as plain text.
  expect(seen.text).toContain('bold words and a link https://example.com/fling and an emoji');
  expect(seen.strong).toBe(0);

  // Stopped: the same row, now drawn in full.
  const row = page.getByTestId(`message-${richId}`);
  await row.scrollIntoViewIfNeeded();
  const content = page.getByTestId(`content-${richId}`);
  await expect(content.locator('strong')).toHaveText('bold words');
  await expect(content.locator('a[href="https://example.com/fling"]')).toBeVisible();
  await expect(content.locator('.emoji')).toBeVisible();
  await expect(row).not.toHaveAttribute('data-light');
  await expect(page.getByTestId(`star-${richId}`)).toBeAttached();
  expect(await row.evaluate((el) => (el as HTMLElement & { flingMark?: boolean }).flingMark)).toBe(true);
  await page.screenshot({ path: 'test-results/screens/fling-full.png' });
});

test('rows stay light while the fling goes on, and are drawn in full after', async ({ page, signIn }) => {
  await signIn(page, 'owner');
  await page.getByTestId('channel-random').click();
  await page.getByTestId(`topic-${TOPIC}`).click();
  const feed = page.getByTestId('message-feed');
  await expect(feed.getByText('Fling filler 120:')).toBeVisible();
  // The opening scroll is the app's, not the reader's: a fling counts once it has come to rest.
  await expect(feed).not.toHaveAttribute('aria-busy');
  await creepTo(page, richId);
  await page.getByTestId(`message-${richId}`).scrollIntoViewIfNeeded();
  await expect(page.getByTestId(`content-${richId}`).locator('strong')).toBeVisible();
  // Back and forth by five screens every other frame (rows not yet measured count at their
  // estimated height, so a screen in pixels may be fewer rows than a screen holds), for as long as the screenshots take: the
  // rows for a position are drawn on the frame after it is set (on its scroll event), so the
  // frames between moves show them.
  await page.evaluate(() => {
    const el = document.querySelector<HTMLElement>('[data-testid="message-feed"]')!;
    const w = window as Window & { flinging?: boolean };
    w.flinging = true;
    const here = el.scrollTop;
    let n = 0;
    const frame = () => {
      // Stopped where it started, at the rich message.
      if (!w.flinging) return void (el.scrollTop = here);
      n += 1;
      if (n % 2 === 0) el.scrollTop = n % 4 === 0 ? here - el.clientHeight * 5 : here;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  await expect(feed.locator('article[data-light]').first()).toBeAttached();
  for (const shot of [1, 2, 3])
    await page.screenshot({ path: `test-results/screens/fling-light-${shot}.png` });
  await page.evaluate(() => ((window as Window & { flinging?: boolean }).flinging = false));
  await expect(feed.locator('article[data-light]')).toHaveCount(0);
  // Rows measured meanwhile moved the offsets: back to the rich message, slowly.
  await creepTo(page, richId);
  await page.getByTestId(`message-${richId}`).scrollIntoViewIfNeeded();
  await expect(page.getByTestId(`content-${richId}`).locator('strong')).toBeVisible();
});

/** Scrolls slowly (half a screen every other frame: rows stay full) until message `id` is drawn. */
async function creepTo(page: Page, id: number): Promise<void> {
  await page.evaluate(
    (id) =>
      new Promise<void>((resolve) => {
        const el = document.querySelector<HTMLElement>('[data-testid="message-feed"]')!;
        let n = 0;
        const frame = () => {
          if (el.querySelector(`[data-testid="message-${id}"]`)) return resolve();
          const first = Number(el.querySelector<HTMLElement>('article')?.dataset.messageId ?? 0);
          if (++n % 2 === 0) el.scrollTop += ((first > id ? -1 : 1) * el.clientHeight) / 2;
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    id,
  );
}
