import type { Page } from '@playwright/test';
import type { FaultProxy } from '../support/fault-proxy';
import { newestContents } from './server-state';
import { expect, test, type ChatEnvironment } from './fixtures';

// What the connection banner tells a person, and what it lets them do: a countdown that runs, a
// "Retry now" that retries at once, and a server that accepts connections but never answers told
// apart from one that cannot be reached, within seconds.
test.describe.configure({ mode: 'serial' });
test.use({
  chatSetup: {
    behindProxy: true,
    // Heartbeats every 2 s, while the long-poll timeout stays at a real-life 30 s: only a client
    // that learns the heartbeat notices a hung server before that.
    timings: { heartbeatSeconds: 2, longpollTimeoutSeconds: 30 },
    core: {
      // Waits of 1.5, 3, 6, 12 s (always the top of the jittered range), so a countdown shows.
      backoff: { baseMs: 1500, capMs: 12_000 },
      random: () => 0.99,
      requestTimeoutMs: 30_000,
    },
  },
});

const secondsLeft = async (page: Page): Promise<number | null> => {
  const text = (await page.getByTestId('connection-banner-text').textContent()) ?? '';
  const match = /Retrying in (\d+) s/.exec(text);
  return match ? Number(match[1]) : null;
};

/** Starts recording, in the page, each "Retrying in N s" value the banner shows, in order. */
async function recordCountdown(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { countdownSeen: number[] }).countdownSeen = seen;
    const read = () => {
      const text = document.querySelector('[data-testid="connection-banner-text"]')?.textContent ?? '';
      const match = /Retrying in (\d+) s/.exec(text);
      if (match && Number(match[1]) !== seen[seen.length - 1]) seen.push(Number(match[1]));
    };
    read();
    new MutationObserver(read).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
}

/** The longest run of recorded values, each one second less than the one before. */
async function countdownRun(page: Page): Promise<number> {
  const seen = await page.evaluate(() => (window as unknown as { countdownSeen: number[] }).countdownSeen);
  let best = seen.length ? 1 : 0;
  let run = best;
  for (let i = 1; i < seen.length; i++) {
    run = seen[i] === seen[i - 1]! - 1 ? run + 1 : 1;
    best = Math.max(best, run);
  }
  return best;
}

const quietPolls = (proxy: FaultProxy) =>
  proxy.requests.filter((r) => r.path.endsWith('/events') && r.fault === 'forwarded').length;

async function post(chat: ChatEnvironment, who: string, topic: string, content: string): Promise<number> {
  const { body } = await chat.api(who).post('/messages', { type: 'channel', to: 'general', topic, content });
  return body.id as number;
}

test('offline: "Retrying in N s" counts down each second, and Retry now retries at once', async ({
  page,
  chat,
  signIn,
  faultProxy,
}) => {
  await signIn(page, 'member');
  await expect(page.getByTestId('channel-general')).toBeVisible();
  await faultProxy.down();
  const banner = page.getByTestId('connection-banner');
  // The third failure in a row brings the banner, with a 6 s wait ahead.
  await expect(banner).toContainText(/cannot reach the server/i, { timeout: 10_000 });
  // Every value the banner shows is recorded in the page as it appears (polling from here could
  // miss one on a busy machine): the countdown goes down one second at a time.
  await recordCountdown(page);
  await expect.poll(() => countdownRun(page), { timeout: 8000 }).toBeGreaterThanOrEqual(3);
  await page.screenshot({ path: 'test-results/screens/connection-countdown.png' });

  // Retry now while the server is still away: tried at once, and the wait starts over (≤ 1.5 s).
  const retry = page.getByTestId('retry-now');
  await expect(retry).toBeVisible();
  await retry.click();
  await expect.poll(() => secondsLeft(page), { timeout: 3000 }).toBeLessThanOrEqual(2);

  // Let the waits grow again, then bring the server back and ask: connected long before the
  // countdown would have ended.
  await expect.poll(() => secondsLeft(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(5);
  await faultProxy.up();
  const left = (await secondsLeft(page))!;
  const clicked = Date.now();
  await retry.click();
  await expect(banner).toHaveCount(0, { timeout: 3000 });
  expect(Date.now() - clicked).toBeLessThan((left - 1) * 1000);
  // Live again: a new message arrives.
  const topic = `after retry now ${Date.now()}`;
  await page.getByTestId('channel-general').click();
  const id = await post(chat, 'admin', topic, 'Back');
  await page.getByTestId(`topic-${topic}`).click();
  await expect(page.getByTestId(`content-${id}`)).toBeVisible();
});

test('a server that hangs is "not responding" within seconds, and a send says so too', async ({
  page,
  chat,
  signIn,
  faultProxy,
}) => {
  const me = await signIn(page, 'member');
  const topic = `hung server ${Date.now()}`;
  await post(chat, 'admin', topic, 'Before the hang');
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
  // A couple of quiet polls answered by heartbeats: the app knows how often the server speaks.
  const polls = quietPolls(faultProxy);
  await expect.poll(() => quietPolls(faultProxy), { timeout: 10_000 }).toBeGreaterThanOrEqual(polls + 2);

  // From now on the server accepts every request and answers none.
  faultProxy.setRule(() => ({ kind: 'hang' }));
  const hungAt = Date.now();
  const text = `Sent into the void ${Date.now()}`;
  await page.getByTestId('compose-input').fill(text);
  await page.getByTestId('compose-send').click();
  const echo = page.getByTestId('pending-message').filter({ hasText: text });
  await expect(echo.getByTestId('pending-status')).toHaveText('Sending…');
  const banner = page.getByTestId('connection-banner');
  await expect(banner).toContainText(/the server is not responding/i, { timeout: 8000 });
  // Within seconds, not the 30 s of the long-poll or request timeout.
  expect(Date.now() - hungAt).toBeLessThan(8000);
  await expect(page.getByTestId('retry-now')).toBeVisible();
  await expect(echo).toHaveCount(1);
  await page.screenshot({ path: 'test-results/screens/connection-not-responding.png' });
  // Not "offline": the server is there, it just does not answer.
  await expect(banner).not.toContainText(/offline|cannot reach/i);

  // The server recovers (its stuck requests die with it): the banner goes, and the message, kept
  // by the outbox, is delivered once by itself.
  faultProxy.setRule(null);
  faultProxy.releaseHeld();
  await expect(banner).toHaveCount(0, { timeout: 8000 });
  await expect(page.getByTestId('message-feed').getByText(text)).toHaveCount(1);
  await expect(echo).toHaveCount(0);
  const contents = await newestContents(chat.api(me.email), 'general', topic);
  expect(contents.filter((c) => c.includes(text))).toHaveLength(1);
});

test('with Settings open, a server that hangs is said at the top of the settings screen', async ({
  page,
  signIn,
  faultProxy,
}) => {
  await signIn(page, 'member');
  const polls = quietPolls(faultProxy);
  await expect.poll(() => quietPolls(faultProxy), { timeout: 10_000 }).toBeGreaterThanOrEqual(polls + 2);
  await page.getByTestId('open-settings').click();
  const settings = page.getByTestId('settings-screen');
  await expect(settings).toBeVisible();

  faultProxy.setRule(() => ({ kind: 'hang' }));
  const banner = settings.getByTestId('connection-banner');
  await expect(banner).toContainText(/the server is not responding/i, { timeout: 8000 });
  // Drawn on top, not under the screen: what is at its middle is the banner itself.
  const onTop = await banner.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return el.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
  });
  expect(onTop).toBe(true);
  await expect(settings.getByTestId('retry-now')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/settings-not-responding.png' });

  faultProxy.setRule(null);
  faultProxy.releaseHeld();
  await expect(banner).toHaveCount(0, { timeout: 8000 });
});
