import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startWebHost, type WebHost } from '../../electron/web-host';
import { markTopicRead } from './server-state';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { pickUser, serverApi, startReferenceServer, type RunningServer } from '../support/reference-server';
import { demoConfigFrom } from '../../electron/core/demo-accounts';

// The feed on a topic of 100,000 messages (`large` seed, #general > firehose): it opens quickly,
// keeps only a few dozen rows in the DOM, fetches older messages by anchor while scrolling, and
// the view never jumps.
test.describe.configure({ timeout: 180_000 });

let server: RunningServer;
let host: WebHost;
let dataDir: string;
/** Between the web host and the server, counting the app's requests. */
let proxy: FaultProxy;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startReferenceServer({ seed: 'large' });
  dataDir = mkdtempSync(join(tmpdir(), 'teamchat-e2e-large-'));
  const member = pickUser(server, 'member');
  proxy = await startFaultProxy(server.url);
  host = await startWebHost({
    port: 0,
    dataDir,
    demo: demoConfigFrom(proxy.url, [member]),
    log: () => {},
  });
  const added = await host.core.addDemo(member.email);
  if (!added.ok) throw new Error(JSON.stringify(added.error));
});

test.afterAll(async () => {
  await host?.close();
  await proxy?.down();
  await server?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('scrolls back through a 100,000-message topic smoothly', async ({ page }) => {
  await page.goto(host.url);
  await page.getByTestId('channel-general').click();
  const started = Date.now();
  await page.getByTestId('topic-firehose').click();
  const feed = page.getByTestId('message-feed');
  await expect(feed.locator('article').first()).toBeVisible();
  expect(Date.now() - started).toBeLessThan(10_000);

  const firstVisible = () =>
    page.evaluate(() => {
      const el = document.querySelector('[data-testid=message-feed]')!;
      const top = el.getBoundingClientRect().top;
      const rows = [...el.querySelectorAll<HTMLElement>('article')].filter(
        (a) => a.getBoundingClientRect().bottom > top + 5,
      );
      rows.sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top);
      return rows[0] ? Number(rows[0].dataset.messageId) : null;
    });
  const firstVisibleRow = async () => {
    for (let tries = 0; tries < 50; tries++) {
      const id = await firstVisible();
      if (id !== null) return id;
      await page.waitForTimeout(20);
    }
    throw new Error('the feed shows no message');
  };

  await feed.hover();
  const start = await firstVisibleRow();
  let previous = start;
  for (let i = 0; i < 40; i++) {
    await page.mouse.wheel(0, -2000);
    await page.waitForTimeout(50);
    const now = await firstVisibleRow();
    // Scrolling up only ever shows older messages, never a jump forward or a big leap back.
    expect(now).toBeLessThanOrEqual(previous + 2);
    expect(previous - now).toBeLessThan(120);
    previous = now;
  }
  expect(start - previous).toBeGreaterThan(300); // older pages were fetched by anchor
  expect(await feed.locator('article').count()).toBeLessThan(80); // virtualized
  await page.screenshot({ path: 'test-results/screens/message-feed-large.png' });

  // Past the kept window (useFeed's MAX_PAGES): the newest pages were dropped while going up, and
  // going down fetches them again and drops the oldest ones above the view, which must not move it.
  for (let i = 0; i < 80; i++) {
    await page.mouse.wheel(0, -2500);
    await page.waitForTimeout(40);
  }
  await page.waitForTimeout(300);
  const deepest = await firstVisibleRow();
  expect(start - deepest).toBeGreaterThan(2500);
  previous = deepest;
  for (let i = 0; i < 120; i++) {
    await page.mouse.wheel(0, 2500);
    await page.waitForTimeout(40);
    const now = await firstVisibleRow();
    expect(now).toBeGreaterThanOrEqual(previous - 2);
    expect(now - previous).toBeLessThan(150);
    previous = now;
  }
  expect(previous - deepest).toBeGreaterThan(2500);
});

test('new messages scroll into view at the bottom, and leave the view alone when the user reads above', async ({
  page,
}) => {
  const other = serverApi(server, pickUser(server, 'admin'));
  // Opened with nothing unread, the topic shows its newest message at the bottom.
  const me = serverApi(server, pickUser(server, 'member'));
  await markTopicRead(me, 'general', 'firehose');
  const post = (content: string) =>
    other.post('/messages', { type: 'stream', to: 'general', topic: 'firehose', content });
  await page.goto(host.url);
  await page.getByTestId('channel-general').click();
  await page.getByTestId('topic-firehose').click();
  const feed = page.getByTestId('message-feed');
  await expect(feed.getByText('Load message 100000 of 100000')).toBeVisible();

  await post('follow me one');
  await expect(feed.getByText('follow me one')).toBeInViewport();
  await post('follow me two');
  await expect(feed.getByText('follow me two')).toBeInViewport();

  await feed.hover();
  await page.mouse.wheel(0, -1500);
  await expect(feed.getByText('follow me two')).not.toBeInViewport();
  const topBefore = await feed.evaluate((el) => el.scrollTop);
  await post('do not pull me down');
  await page.waitForTimeout(500);
  expect(await feed.evaluate((el) => el.scrollTop)).toBe(topBefore);
  // It did arrive: it is there below.
  await page.mouse.wheel(0, 5000);
  await expect(feed.getByText('do not pull me down')).toBeInViewport();
});

test('a channel opened in the middle of 100,000 messages fetches a few pages, then stays idle', async ({
  page,
}) => {
  // One unread message half-way through the topic: the channel view opens there (issue 17's storm
  // came from exactly such a view, alternating newer and older pages without end).
  const me = serverApi(server, pickUser(server, 'member'));
  await markTopicRead(me, 'general', 'firehose');
  const firehose = [
    { operator: 'channel', operand: 'general' },
    { operator: 'topic', operand: 'firehose' },
  ];
  const edge = async (anchor: string | number) => {
    const { body: page } = await me.get('/messages', {
      anchor,
      num_before: anchor === 'newest' ? 1 : 0,
      num_after: anchor === 'newest' ? 0 : 1,
      narrow: firehose,
      apply_markdown: false,
    });
    return (page.messages as { id: number }[])[0]!.id;
  };
  const midId = await edge(Math.floor(((await edge('oldest')) + (await edge('newest'))) / 2));

  await page.goto(host.url);
  // Marked unread once the launch has settled: the launch reopens the conversation an earlier test
  // left open (this topic, with nothing unread, at its newest); marked before, it would open at that
  // message, show it and mark it read again, so the channel would then open elsewhere.
  await expect(page.getByTestId('channel-general')).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const channelUnread = async () =>
    Number(
      (await page
        .getByTestId('channel-unread-general')
        .textContent({ timeout: 1000 })
        .catch(() => '0')) ?? 0,
    );
  const unreadBefore = await channelUnread();
  await me.post('/messages/flags', { messages: [midId], op: 'remove', flag: 'read' });
  await expect.poll(channelUnread).toBe(unreadBefore + 1);
  // The channel view's own pages (the launch may reopen the conversation an earlier test left open).
  const channelView = (narrow: string | undefined) => {
    const terms = JSON.parse(narrow ?? '[]') as { operator: string }[];
    return terms.length === 1 && terms[0]!.operator === 'channel';
  };
  const getMessages = () =>
    proxy.requests.filter(
      (r) => r.method === 'GET' && r.path.endsWith('/messages') && channelView(r.query.narrow),
    ).length;
  const before = getMessages();
  await page.getByTestId('channel-general').click();
  await expect(page.getByTestId('message-feed').getByTestId(`message-${midId}`)).toBeVisible();
  await page.waitForTimeout(1500);
  const opened = getMessages() - before;
  expect(opened).toBeGreaterThanOrEqual(1);
  expect(opened).toBeLessThanOrEqual(6);
  await page.waitForTimeout(3000);
  expect(getMessages() - before).toBe(opened);
  // The page answers at once: nothing is spinning.
  const started = Date.now();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  expect(Date.now() - started).toBeLessThan(500);
  await page.screenshot({ path: 'test-results/screens/message-feed-large-mid-history.png' });
});
