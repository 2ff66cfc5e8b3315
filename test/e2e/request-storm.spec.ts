import type { Page } from '@playwright/test';
import type { FaultProxy } from '../support/fault-proxy';
import { markTopicRead } from './server-state';
import { expect, test, type ChatEnvironment } from './fixtures';

// Issue 17's storm, reproduced as a person met it: many messages arrive in a channel where the
// reader still has older unread messages, and the reader opens the channel, which opens in the
// middle of its history at the first unread. The feed used to alternate between fetching newer and
// older pages without end (each request cancelling the other), freezing the page and flooding the
// server. Opening such a view must take a handful of requests, then none while the reader is idle.
test.describe.configure({ mode: 'serial', timeout: 120_000 });
test.use({ chatSetup: { behindProxy: true } });

const getMessages = (proxy: FaultProxy) =>
  proxy.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/messages')).length;

/** Sends `count` messages as `who`, twenty requests in flight. */
async function burst(chat: ChatEnvironment, who: string, channel: string, topic: string, count: number) {
  const api = chat.api(who);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const n = next++;
      // A fast machine sends faster than the server's per-user budget: wait as it says, and again.
      for (let tries = 0; ; tries++) {
        const { status, body } = await api.post('/messages', {
          type: 'stream',
          to: channel,
          topic,
          content: `burst ${n}`,
        });
        if (status === 429 && tries < 20) {
          await new Promise((resolve) => setTimeout(resolve, Number(body['retry-after'] ?? 1) * 1000 + 50));
          continue;
        }
        expect(status).toBe(200);
        break;
      }
    }
  };
  await Promise.all(Array.from({ length: 20 }, worker));
}

/** Ben's 3,000 messages in #engineering > firehose, sent unless an earlier test of the file sent them. */
async function ensureFirehose(chat: ChatEnvironment): Promise<void> {
  const { body } = await chat.api('owner').get('/messages', {
    anchor: 'newest',
    num_before: 0,
    num_after: 0,
    narrow: [
      { operator: 'channel', operand: 'engineering' },
      { operator: 'topic', operand: 'firehose' },
      { operator: 'search', operand: 'burst 2999' },
    ],
  });
  if ((body.messages as unknown[]).length === 0)
    await burst(chat, 'ben@northwind.example', 'engineering', 'firehose', 3000);
}

/** Longest time the page took to answer, over `seconds` one-second probes. */
async function slowestAnswer(page: Page, seconds: number): Promise<number> {
  let slowest = 0;
  for (let i = 0; i < seconds; i++) {
    const started = Date.now();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    slowest = Math.max(slowest, Date.now() - started);
    await page.waitForTimeout(Math.max(0, 1000 - (Date.now() - started)));
  }
  return slowest;
}

test('opening a channel mid-history after a burst of 3,000 messages stays calm', async ({
  page,
  chat,
  signIn,
  faultProxy,
}) => {
  // Ada has older unread messages in #engineering; Ben then posts 3,000 more.
  const { body: unread } = await chat.api('owner').get('/messages', {
    anchor: 'first_unread',
    num_before: 0,
    num_after: 1,
    narrow: [{ operator: 'channel', operand: 'engineering' }],
  });
  const firstUnread = (unread.messages as { id: number; flags: string[] }[])[0];
  expect(firstUnread?.flags).not.toContain('read');
  await burst(chat, 'ben@northwind.example', 'engineering', 'firehose', 3000);

  await signIn(page, 'owner');
  const before = getMessages(faultProxy);
  await page.getByTestId('channel-engineering').click();
  const feed = page.getByTestId('message-feed');
  await expect(feed.getByTestId(`message-${firstUnread!.id}`)).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/request-storm-open.png' });

  // Opening took one page each way and a few more at most; then nothing while the reader is idle.
  await page.waitForTimeout(1500);
  const opened = getMessages(faultProxy) - before;
  expect(opened).toBeGreaterThanOrEqual(1);
  expect(opened).toBeLessThanOrEqual(6);
  const slowest = await slowestAnswer(page, 5);
  expect(getMessages(faultProxy) - before).toBe(opened);
  expect(slowest).toBeLessThan(1000);

  // Scrolling down still fetches newer pages, a bounded number per screenful.
  const atScrollStart = getMessages(faultProxy);
  for (let i = 0; i < 10; i++) {
    await feed.evaluate((el) => el.scrollBy(0, 2000));
    await page.waitForTimeout(150);
  }
  await page.waitForTimeout(1000);
  const scrolled = getMessages(faultProxy) - atScrollStart;
  expect(scrolled).toBeGreaterThanOrEqual(1);
  expect(scrolled).toBeLessThanOrEqual(12);
  const settled = getMessages(faultProxy);
  await page.waitForTimeout(2000);
  expect(getMessages(faultProxy)).toBe(settled);
});

test('a renderer that floods the bridge is refused and told, the server is spared, and the app stays usable', async ({
  page,
  signIn,
  faultProxy,
}) => {
  await signIn(page, 'owner');
  await page.getByTestId('channel-general').click();
  await page.getByTestId('topic-welcome').click();
  const before = faultProxy.requests.length;

  // A bug (or hostile script) in the page: 5,000 calls at once on its own bridge connection.
  const flood = await page.evaluate(async () => {
    const token = sessionStorage.getItem('teamchat.bridgeToken') ?? '';
    const ws = new WebSocket(`ws://${location.host}/bridge?token=${encodeURIComponent(token)}`);
    await new Promise((resolve) => ws.addEventListener('open', resolve, { once: true }));
    const codes: Record<string, number> = {};
    let notices = 0;
    let answered = 0;
    const done = new Promise<void>((resolve) =>
      ws.addEventListener('message', (event) => {
        const frame = JSON.parse(String(event.data));
        if (frame.type === 'push' && frame.push.channel === 'notice') notices++;
        if (frame.type !== 'response') return;
        const code = frame.value?.ok ? 'ok' : (frame.value?.error?.code ?? 'rejected');
        codes[code] = (codes[code] ?? 0) + 1;
        if (++answered === 5000) resolve();
      }),
    );
    for (let id = 1; id <= 5000; id++)
      ws.send(JSON.stringify({ type: 'request', id, method: 'call', args: ['getStreams', {}] }));
    await done;
    ws.close();
    return { codes, notices };
  });
  expect(flood.codes.CLIENT_TOO_MANY_CALLS).toBeGreaterThanOrEqual(4500);
  expect(flood.notices).toBe(1);
  // What reached the server is the budget's burst, shared further by identical GETs in flight.
  const reachedServer = faultProxy.requests.slice(before).filter((r) => r.path.endsWith('/streams')).length;
  expect(reachedServer).toBeLessThanOrEqual(200);

  // The app itself still works: a message sent now arrives.
  const text = `still here ${Date.now()}`;
  await page.getByTestId('compose-input').fill(text);
  await page.getByTestId('compose-send').click();
  await expect(page.getByTestId('message-feed').getByText(text)).toBeVisible();
});

test('a message that arrives while an older page is loading is not lost when the page lands', async ({
  page,
  chat,
  signIn,
  faultProxy,
}) => {
  await ensureFirehose(chat);
  await markTopicRead(chat.api('owner'), 'engineering', 'firehose');
  // Pages asked by a message id (scrolling, not opening) take two seconds.
  faultProxy.setRule((r) =>
    r.method === 'GET' && r.path.endsWith('/messages') && /^\d+$/.test(r.query.anchor ?? '')
      ? { kind: 'delay', ms: 2000 }
      : null,
  );
  try {
    await signIn(page, 'owner');
    await page.getByTestId('channel-engineering').click();
    await page.getByTestId('topic-firehose').click();
    const feed = page.getByTestId('message-feed');
    await expect(feed.getByText('burst 2999')).toBeVisible();
    // The feed opened at the bottom and is now fetching the page above it, slowly.
    await expect(feed.getByText('Loading older messages…')).toBeVisible();
    const text = `arrived mid-fetch ${Date.now()}`;
    await chat.api('ben@northwind.example').post('/messages', {
      type: 'stream',
      to: 'engineering',
      topic: 'firehose',
      content: text,
    });
    await expect(feed.getByText(text)).toBeVisible();
    await expect(feed.getByText('Loading older messages…')).toBeHidden({ timeout: 5000 });
    await expect(feed.getByText(text)).toBeVisible();
  } finally {
    faultProxy.setRule(null);
  }
});

test('hostile-looking messages in a channel (markup, handlers, broken tags) open calmly and run nothing', async ({
  page,
  chat,
  signIn,
  faultProxy,
}) => {
  // Sixty messages written the way XSS probes are: markup with handlers, unclosed and nested tags,
  // entities, protocol tricks. The server shows them as text; the channel must open in bounded time,
  // memory and requests, whatever they contain.
  const probes = [
    '<img src=x onerror="window.__pwned=1">',
    '<svg><script>window.__pwned=2</script></svg>',
    '<a href="javascript:window.__pwned=3">click</a>',
    '<iframe srcdoc="<script>parent.__pwned=4</script>">',
    '<math><mtext><table><mglyph><style><img src=x onerror=window.__pwned=5>',
    '<form><button formaction=javascript:window.__pwned=6>go</button></form>',
    '"><script>window.__pwned=7</script>',
    '<template><img src=x onerror=window.__pwned=8></template>',
    '<noscript><p title="</noscript><img src=x onerror=window.__pwned=9>">',
    '[link](javascript:window.__pwned=10) and ![img](x" onerror="window.__pwned=11)',
  ];
  const { body: first } = await chat.api('owner').get('/messages', {
    anchor: 'first_unread',
    num_before: 0,
    num_after: 1,
    narrow: [{ operator: 'channel', operand: 'general' }],
  });
  const firstUnread = (first.messages as { id: number }[])[0]!.id;
  const ben = chat.api('ben@northwind.example');
  for (let i = 0; i < 60; i++) {
    const content = `${probes[i % probes.length]} #${i} ${'&lt;'.repeat(i % 3)}<b ${'x'.repeat(i)}`;
    const { status } = await ben.post('/messages', {
      type: 'stream',
      to: 'general',
      topic: 'probes',
      content,
    });
    expect(status).toBe(200);
  }

  await signIn(page, 'owner');
  const before = faultProxy.requests.filter((r) => r.path.endsWith('/messages') && r.method === 'GET').length;
  await page.getByTestId('channel-general').click();
  await expect(page.getByTestId('message-feed').getByTestId(`message-${firstUnread}`)).toBeVisible();
  const feed = page.getByTestId('message-feed');
  await feed.evaluate((el) => el.scrollBy(0, 100_000));
  await expect(feed.getByText('#59', { exact: false })).toBeVisible();
  await page.waitForTimeout(2000);
  const fetched =
    faultProxy.requests.filter((r) => r.path.endsWith('/messages') && r.method === 'GET').length - before;
  expect(fetched).toBeLessThanOrEqual(8);
  expect(await slowestAnswer(page, 3)).toBeLessThan(1000);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await page.screenshot({ path: 'test-results/screens/request-storm-probes.png' });
});
