import type { Page } from '@playwright/test';
import { isTopicMuted } from '../../server/realm/user-topics';
import type { FaultProxy } from '../support/fault-proxy';
import { recordingFetch, SteppableClock } from '../support/main-process-time';
import { newestContents, shownUnread, unreadInTopic } from './server-state';
import { expect, test, type ChatEnvironment } from './fixtures';

// A bad network loses nothing: the connection banner, kept compose text and drafts, recovery of the
// event queue (same queue, or re-registered after expiry), a fatal stop, a failed edit.
// The web host reaches the server through a FaultProxy; `chat.api` talks to the server directly.
test.describe.configure({ mode: 'serial' });
// The main process's time can be fast-forwarded, and its requests are seen as they start, so a test
// shows that nothing retries without waiting to see nothing.
const mainClock = new SteppableClock();
const mainFetch = recordingFetch();
test.use({ chatSetup: { behindProxy: true, core: { clock: mainClock, fetch: mainFetch.fetch } } });

/** Far beyond this file's backoff cap (1 s): any retry, poll or registration would have started. */
const MUCH_LATER_MS = 30_000;

async function post(chat: ChatEnvironment, who: string, topic: string, content: string): Promise<number> {
  const { body } = await chat.api(who).post('/messages', { type: 'channel', to: 'general', topic, content });
  return body.id as number;
}

const registers = (proxy: FaultProxy) =>
  proxy.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/register')).length;

/** Opens a topic of #general in the sidebar, as a person would. */
async function openTopic(page: Page, topic: string): Promise<void> {
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
}

async function serverDraftTexts(chat: ChatEnvironment, who: string): Promise<string[]> {
  const { body } = await chat.api(who).get('/drafts');
  return (body.drafts as { content: string }[]).map((d) => d.content);
}

/** Message ids in the feed, top to bottom. */
async function feedIds(page: Page): Promise<number[]> {
  const testIds = await page
    .getByTestId('message-feed')
    .locator('[data-testid^="message-"]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-testid') ?? ''));
  return testIds.map((t) => Number(t.slice('message-'.length))).filter((n) => Number.isInteger(n));
}

/** A user's unread messages in a channel outside muted topics, as the server holds them. */
async function serverUnread(chat: ChatEnvironment, who: string, channel: string): Promise<number> {
  const user = chat.user(who);
  const { body } = await chat.api(who).get('/messages', {
    anchor: 'newest',
    num_before: 5000,
    num_after: 0,
    narrow: [
      { operator: 'channel', operand: channel },
      { operator: 'is', operand: 'unread' },
    ],
  });
  const messages = body.messages as { stream_id: number; subject: string }[];
  return messages.filter((m) => !isTopicMuted(chat.server.realm, user.user_id, m.stream_id, m.subject))
    .length;
}

/** The sidebar's count for a channel settles on what the server holds. */
async function expectUnreadAgrees(page: Page, chat: ChatEnvironment, who: string, channel: string) {
  await expect
    .poll(async () => (await shownUnread(page, channel)) - (await serverUnread(chat, who, channel)))
    .toBe(0);
}

/** Records in the page whether the connection banner was ever shown, however briefly. */
/**
 * Runs `meanwhile` during an outage that outlasts the server's event-queue timeout (shortened for
 * it): `who`'s queue is gone when this returns, and the server is still unreachable.
 */
async function expireQueueDuringOutage(
  chat: ChatEnvironment,
  faultProxy: FaultProxy,
  who: number,
  meanwhile: () => Promise<void>,
): Promise<void> {
  const events = chat.server.context.events;
  const timeout = events.timings.queueIdleTimeoutSeconds;
  await faultProxy.down();
  try {
    events.timings.queueIdleTimeoutSeconds = 1;
    await meanwhile();
    await expect
      .poll(
        () => {
          events.expireIdle();
          return events.queuesOf(who).length;
        },
        { timeout: 8000 },
      )
      .toBe(0);
  } finally {
    events.timings.queueIdleTimeoutSeconds = timeout;
  }
}

async function watchBanner(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { bannerSeen: string[] };
    w.bannerSeen = [];
    // Looks at what was added, so a banner shown and removed between two callbacks still counts.
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          const banner = node.matches('[data-testid="connection-banner"]')
            ? node
            : node.querySelector('[data-testid="connection-banner"]');
          if (banner) w.bannerSeen.push(banner.textContent ?? '');
        }
    }).observe(document.body, { childList: true, subtree: true });
  });
}

const bannerSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { bannerSeen: string[] }).bannerSeen);

test('an outage: banner after several failures, a message sent offline delivered once, every message once', async ({
  page,
  chat,
  signIn,
  faultProxy,
}) => {
  const me = await signIn(page, 'member');
  const topic = `outage ${Date.now()}`;
  const first = await post(chat, 'admin', topic, 'Before the outage');
  await openTopic(page, topic);
  await expect(page.getByTestId(`content-${first}`)).toContainText('Before the outage');
  // A live event in this queue, so the loop has something to lose.
  const live = await post(chat, 'admin', topic, 'Live before the outage');
  await expect(page.getByTestId(`content-${live}`)).toBeVisible();

  const registersBefore = registers(faultProxy);

  // One failed poll is a blip: no banner.
  await watchBanner(page);
  faultProxy.next({ kind: 'status', status: 502, body: 'bad gateway' }, '/events');
  await expect.poll(() => faultProxy.requests.filter((r) => r.fault === 'status').length).toBe(1);
  const afterBlip = faultProxy.requests.length;
  await expect
    .poll(() =>
      faultProxy.requests.slice(afterBlip).some((r) => r.path.endsWith('/events') && r.fault === 'forwarded'),
    )
    .toBe(true);
  expect(await bannerSeen(page)).toEqual([]);

  // The server becomes unreachable.
  await faultProxy.down();
  const banner = page.getByTestId('connection-banner');
  await expect(banner).toContainText(/reach the server/i);
  await expect(banner).toContainText(/retrying/i);
  // (The watcher that saw nothing after the blip does see this one.)
  expect(await bannerSeen(page)).not.toEqual([]);

  // A message sent offline is kept by the outbox (on disk, in main) and shown as not delivered yet.
  const text = `Written while offline ${Date.now()}`;
  await page.getByTestId('compose-input').fill(text);
  await page.getByTestId('compose-send').click();
  await expect(page.getByTestId('compose-input')).toHaveValue('');
  const echo = page.getByTestId('pending-message').filter({ hasText: text });
  await expect(echo.getByTestId('pending-status')).toContainText(/not delivered yet/i);
  expect(chat.host.core.outboxState().entries.map((e) => e.content)).toEqual([text]);
  // Said where every view shows it, not only in its conversation.
  await expect(page.getByTestId('connection-banner-outbox')).toHaveText('1 message is waiting to be sent.');

  const during = [];
  for (const n of [1, 2, 3]) during.push(await post(chat, 'admin', topic, `During the outage, part ${n}`));
  await page.screenshot({ path: 'test-results/screens/resilience-offline.png' });

  await faultProxy.up();
  await expect(banner).toHaveCount(0);
  for (const id of during) await expect(page.getByTestId(`message-${id}`)).toHaveCount(1);
  // The message written offline goes by itself once the server is back, after what others said meanwhile.
  await expect(page.getByTestId('message-feed').getByText(text)).toHaveCount(1);
  await expect(page.getByTestId('pending-message')).toHaveCount(0);
  const ids = await feedIds(page);
  expect(ids.slice(-6, -1)).toEqual([first, live, ...during]);
  // They came as events on the same queue, picked up where it left off: no new registration.
  expect(registers(faultProxy)).toBe(registersBefore);
  // The unread count in the sidebar and the server's agree (messages seen in the open topic, read).
  await expectUnreadAgrees(page, chat, me.email, 'general');

  const contents = await newestContents(chat.api(me.email), 'general', topic);
  expect(contents.filter((c) => c.includes(text))).toHaveLength(1);
  expect(contents[contents.length - 1]).toBe(text);
  // The draft saved locally while offline does not linger on the server once the message is sent.
  await expect.poll(async () => (await serverDraftTexts(chat, me.email)).includes(text)).toBe(false);
  await page.screenshot({ path: 'test-results/screens/resilience-recovered.png' });
});

test('a reload while offline brings the text back', async ({ page, chat, signIn, faultProxy }) => {
  const me = await signIn(page, 'member');
  const topic = `reload offline ${Date.now()}`;
  await post(chat, 'admin', topic, 'Hello');
  await openTopic(page, topic);
  const live = await post(chat, 'admin', topic, 'Live');
  await expect(page.getByTestId(`content-${live}`)).toBeVisible();

  await faultProxy.down();
  const text = `Kept across a reload ${Date.now()}`;
  await page.getByTestId('compose-input').fill(text);
  await page.reload();
  // The app comes back with the banner (not an endless "connecting"); topics cannot load, but the
  // drafts screen has the text, and restoring it opens the conversation with the text in its box.
  await expect(page.getByTestId('connection-banner')).toContainText(/reach the server/i);
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-drafts').click();
  const row = page.getByTestId('drafts-list').locator('li', { hasText: text });
  await expect(row).toContainText('on this computer');
  await row.getByTestId('draft-restore').click();
  await expect(page.getByTestId('conversation-title')).toContainText(topic);
  await expect(page.getByTestId('compose-input')).toHaveValue(text);
  await page.screenshot({ path: 'test-results/screens/resilience-reload.png' });

  await faultProxy.up();
  await expect(page.getByTestId('connection-banner')).toHaveCount(0);
  await expect(page.getByTestId(`content-${live}`)).toBeVisible();
  await expect(page.getByTestId('compose-input')).toHaveValue(text);
  // The draft that could not be saved on the server gets there once the server is back.
  await expect.poll(() => serverDraftTexts(chat, me.email)).toContain(text);
});

test('a reload just as the connection dies still opens the app with the draft', async ({
  page,
  chat,
  signIn,
  faultProxy,
}) => {
  await signIn(page, 'member');
  const topic = `dying connection ${Date.now()}`;
  await post(chat, 'admin', topic, 'Hello');
  await openTopic(page, topic);
  const live = await post(chat, 'admin', topic, 'Live');
  await expect(page.getByTestId(`content-${live}`)).toBeVisible();
  const text = `Typed as the Wi-Fi dropped ${Date.now()}`;
  await page.getByTestId('compose-input').fill(text);

  // New connections hang, then die: the app still believes it is connected when the page reloads,
  // so its fresh registration is what fails.
  expect(chat.host.core.connectionStatus()).toEqual({ state: 'connected' });
  faultProxy.setRule(() => ({ kind: 'reset', afterMs: 800 }));
  await page.reload();
  await expect(page.getByTestId('chat-shell')).toBeVisible();
  await expect(page.getByTestId('connection-banner')).toContainText(/reach the server/i);
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-drafts').click();
  await expect(page.getByTestId('drafts-list').locator('li', { hasText: text })).toBeVisible();

  faultProxy.setRule(null);
  await expect(page.getByTestId('connection-banner')).toHaveCount(0);
});

test('a queue that expires during an outage: re-registered, state reloaded, no page reload, no duplicates', async ({
  page,
  chat,
  signIn,
  faultProxy,
}) => {
  const me = await signIn(page, 'member');
  const topic = `expiry ${Date.now()}`;
  const first = await post(chat, 'admin', topic, 'Before the expiry');
  await openTopic(page, topic);
  const live = await post(chat, 'admin', topic, 'Live before the expiry');
  await expect(page.getByTestId(`content-${live}`)).toBeVisible();
  const unreadBefore = await shownUnread(page, 'random');
  expect(unreadBefore).toBe(await serverUnread(chat, me.email, 'random'));
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const registersBefore = registers(faultProxy);

  // The outage outlasts the server's queue timeout (shortened here), so the queue is gone.
  const during: number[] = [];
  await expireQueueDuringOutage(chat, faultProxy, me.user_id, async () => {
    for (const n of [1, 2])
      during.push(await post(chat, 'admin', topic, `While the queue expired, part ${n}`));
    for (const n of [1, 2])
      await chat.api('admin').post('/messages', {
        type: 'channel',
        to: 'random',
        topic: `expiry news ${n}`,
        content: 'Unread for the member',
      });
  });

  await faultProxy.up();
  await expect(page.getByTestId('connection-banner')).toHaveCount(0);
  for (const id of during) await expect(page.getByTestId(`message-${id}`)).toHaveCount(1);
  const ids = await feedIds(page);
  expect(ids.slice(-4)).toEqual([first, live, ...during]);
  expect(new Set(ids).size).toBe(ids.length);
  await expect.poll(() => shownUnread(page, 'random')).toBe(unreadBefore + 2);
  expect(await shownUnread(page, 'random')).toBe(await serverUnread(chat, me.email, 'random'));
  await expectUnreadAgrees(page, chat, me.email, 'general');
  // One new registration, in the same document: the app recovered without a page reload.
  expect(registers(faultProxy)).toBe(registersBefore + 1);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
    true,
  );
  // And it keeps receiving events on the new queue.
  const after = await post(chat, 'admin', topic, 'After the new registration');
  await expect(page.getByTestId(`content-${after}`)).toBeVisible();
  expect((await feedIds(page)).filter((id) => id === after)).toHaveLength(1);
});

test('a queue that expires while the reader is at the newest message: the conversation comes back where they were, not past what came meanwhile', async ({
  page,
  chat,
  signIn,
  faultProxy,
}) => {
  const me = await signIn(page, 'member');
  const topic = `backlog expiry ${Date.now()}`;
  // More unread than the feed's first window holds after the first unread: End opens the
  // conversation again at its newest message.
  const backlog: number[] = [];
  for (let batch = 0; batch < 8; batch++)
    backlog.push(
      ...(await Promise.all(
        Array.from({ length: 10 }, (_, i) => post(chat, 'admin', topic, `Backlog ${batch * 10 + i}`)),
      )),
    );
  const lastBefore = Math.max(...backlog);
  await openTopic(page, topic);
  await expect(page.getByTestId('message-feed')).toContainText('Backlog');
  await page.getByTestId('message-feed').focus();
  await page.keyboard.press('End');
  await expect(page.getByTestId(`message-${lastBefore}`)).toBeInViewport();
  await expect(page.locator('[data-selected="true"]')).toHaveAttribute('data-message-id', String(lastBefore));

  // The event queue expires during an outage, while a burst comes in.
  const during: number[] = [];
  await expireQueueDuringOutage(chat, faultProxy, me.user_id, async () => {
    for (let n = 0; n < 30; n++) during.push(await post(chat, 'admin', topic, `During the outage ${n}`));
  });
  const registersBefore = registers(faultProxy);
  await faultProxy.up();
  await expect.poll(() => registers(faultProxy)).toBe(registersBefore + 1);
  await expect(page.getByTestId('connection-banner')).toHaveCount(0);

  // Back where the reader was, the way down offered; the newest is neither shown nor read.
  await expect(page.getByTestId(`message-${during[0]!}`)).toHaveCount(1);
  await expect(page.getByTestId(`message-${lastBefore}`)).toBeInViewport();
  await expect(page.getByTestId('jump-to-bottom')).toHaveText(/^\d+ unread below ↓$/);
  await expect(page.getByTestId(`message-${during[during.length - 1]!}`)).not.toBeInViewport();
  expect(await unreadInTopic(chat.api(me.email), 'general', topic)).toContain(during[during.length - 1]!);
});

test('a revoked API key stops the loop for good: the UI says why, offers Accounts, and nothing retries', async ({
  page,
  chat,
  signIn,
  faultProxy,
}) => {
  const me = await signIn(page, 'member');
  await expect(page.getByTestId('channel-general')).toBeVisible();
  const user = chat.server.realm.users.get(me.user_id)!;
  const key = user.api_key;
  try {
    user.api_key = 'revoked-by-an-administrator';
    const banner = page.getByTestId('connection-banner');
    await expect(banner).toContainText(/invalid api key/i);
    await expect(banner).toContainText(/sign in again/i);
    const settled = mainFetch.started.length;
    await mainClock.fastForward(MUCH_LATER_MS);
    expect(mainFetch.started.slice(settled)).toEqual([]);
    expect(
      faultProxy.requests.filter((r) => r.path.endsWith('/events') && r.fault === 'forwarded').length,
    ).toBeGreaterThan(0);
    await page.screenshot({ path: 'test-results/screens/resilience-fatal.png' });
    await banner.getByRole('button', { name: 'Accounts' }).click();
    await expect(page.getByTestId('accounts-dialog')).toBeVisible();
    await expect(page.getByTestId(`account-${me.email}`)).toBeVisible();

    // With a new key from an administrator, signing in again from there brings everything back.
    user.api_key = 'issued-after-the-revocation';
    await page.getByTestId('add-account').click();
    await page.getByTestId('server-url').fill(faultProxy.url);
    await page.getByTestId('server-continue').click();
    await page.getByTestId('method-api-key').click();
    await page.getByTestId('email').fill(me.email);
    await page.getByTestId('api-key').fill(user.api_key);
    await page.getByTestId('sign-in-submit').click();
    await expect(banner).toHaveCount(0);
    await page.getByTestId('channel-general').click();
    const topic = `after a new key ${Date.now()}`;
    const id = await post(chat, 'admin', topic, 'Welcome back');
    await expect(page.getByTestId(`topic-${topic}`)).toBeVisible();
    await page.getByTestId(`topic-${topic}`).click();
    await expect(page.getByTestId(`content-${id}`)).toBeVisible();
  } finally {
    user.api_key = key;
  }
});

test('an account deactivated during an outage is found out on recovery, once', async ({
  page,
  chat,
  signIn,
  faultProxy,
}) => {
  const me = await signIn(page, 'member');
  await expect(page.getByTestId('channel-general')).toBeVisible();
  const user = chat.server.realm.users.get(me.user_id)!;
  await faultProxy.down();
  await expect(page.getByTestId('connection-banner')).toContainText(/reach the server/i);
  user.is_active = false;
  try {
    const before = faultProxy.requests.length;
    await faultProxy.up();
    const banner = page.getByTestId('connection-banner');
    await expect(banner).toContainText(/deactivated/i);
    await expect(banner.getByRole('button', { name: 'Accounts' })).toBeVisible();
    const settled = mainFetch.started.length;
    await mainClock.fastForward(MUCH_LATER_MS);
    // One refused poll (or registration), then silence.
    const after = faultProxy.requests.slice(before).filter((r) => /\/(events|register)$/.test(r.path));
    expect(after).toHaveLength(1);
    expect(mainFetch.started.slice(settled)).toEqual([]);
  } finally {
    user.is_active = true;
  }
});

test('an edit that fails on a bad network keeps the edited text, and saves once it is back', async ({
  page,
  chat,
  signIn,
  faultProxy,
}) => {
  const me = await signIn(page, 'member');
  const topic = `edit offline ${Date.now()}`;
  const id = await post(chat, me.email, topic, 'The launch is on Monday.');
  await openTopic(page, topic);
  await page.getByTestId(`message-${id}`).hover();
  await page.getByTestId(`edit-${id}`).click();
  const edited = 'The launch moved to Tuesday.';
  await page.getByTestId('edit-content').fill(edited);

  // The server answers with an error page (a proxy in trouble): a clear message, the text stays.
  faultProxy.next({ kind: 'status', status: 502, body: '<html>Bad gateway</html>' }, `/messages/${id}`);
  await page.getByTestId('edit-save').click();
  await expect(page.getByTestId('edit-error')).toContainText(/server had a problem/i);
  await expect(page.getByTestId('edit-content')).toHaveValue(edited);

  // Then the server cannot be reached at all.
  await faultProxy.down();
  await page.getByTestId('edit-save').click();
  await expect(page.getByTestId('edit-error')).toContainText(/could not reach the server/i);
  await expect(page.getByTestId('edit-message-dialog')).toBeVisible();
  await expect(page.getByTestId('edit-content')).toHaveValue(edited);
  const { body: unchanged } = await chat.api(me.email).get(`/messages/${id}`, { apply_markdown: false });
  expect((unchanged.message as { content: string }).content).toBe('The launch is on Monday.');

  await faultProxy.up();
  await page.getByTestId('edit-save').click();
  await expect(page.getByTestId('edit-message-dialog')).toHaveCount(0);
  await expect(page.getByTestId(`content-${id}`)).toContainText('Tuesday');
  const { body } = await chat.api(me.email).get(`/messages/${id}/history`);
  const history = body.message_history as { content: string }[];
  // Saved exactly once: the original and one edit.
  expect(history.map((h) => h.content)).toEqual(['The launch is on Monday.', edited]);
});

test('an app restarted with a revoked key says why instead of connecting forever', async ({
  page,
  chat,
  signIn,
}) => {
  const me = await signIn(page, 'member');
  const user = chat.server.realm.users.get(me.user_id)!;
  const key = user.api_key;
  try {
    user.api_key = 'revoked-while-the-app-was-closed';
    await chat.host.core.stop();
    chat.host.core.start();
    await page.reload();
    const banner = page.getByTestId('connection-banner');
    await expect(banner).toContainText(/invalid api key/i);
    // No spinner promising a connection that will not come.
    await expect(page.getByText(/not connected to/i)).toBeVisible();
    await expect(page.getByTestId('loading')).toHaveCount(0);
    await page.screenshot({ path: 'test-results/screens/resilience-restart-revoked.png' });
    await banner.getByRole('button', { name: 'Accounts' }).click();
    await expect(page.getByTestId(`account-${me.email}`)).toBeVisible();
  } finally {
    user.api_key = key;
  }
});

test('a rate-limited server is waited out for as long as it asks, with the reason shown', async ({
  page,
  signIn,
  faultProxy,
}) => {
  await signIn(page, 'member');
  await expect(page.getByTestId('channel-general')).toBeVisible();
  const limitedAt: number[] = [];
  faultProxy.setRule((request) => {
    if (!request.path.endsWith('/events')) return null;
    limitedAt.push(Date.now());
    return {
      kind: 'status',
      status: 429,
      headers: { 'Retry-After': '1' },
      body: JSON.stringify({
        result: 'error',
        code: 'RATE_LIMIT_HIT',
        msg: 'API usage exceeded rate limit',
        'retry-after': 1,
      }),
    };
  });
  try {
    await expect(page.getByTestId('connection-banner')).toContainText(/asked this app to slow down/i, {
      timeout: 8000,
    });
  } finally {
    faultProxy.setRule(null);
  }
  await expect(page.getByTestId('connection-banner')).toHaveCount(0);
  // Never sooner than the server asked (the backoff alone would retry within a second, often sooner).
  expect(limitedAt.length).toBeGreaterThanOrEqual(3);
  const gaps = limitedAt.slice(1).map((at, index) => at - limitedAt[index]!);
  for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(950);
});

test('a conversation opened during an outage loads by itself once the server is back', async ({
  page,
  chat,
  signIn,
  faultProxy,
}) => {
  await signIn(page, 'member');
  const topic = `opened offline ${Date.now()}`;
  const id = await post(chat, 'admin', topic, 'Waiting for you');
  await page.getByTestId('channel-general').click();
  await expect(page.getByTestId(`topic-${topic}`)).toBeVisible();
  await faultProxy.down();
  await expect(page.getByTestId('connection-banner')).toContainText(/reach the server/i);
  await page.getByTestId(`topic-${topic}`).click();
  await expect(page.getByTestId('error').first()).toContainText(/could not reach the server/i);
  await faultProxy.up();
  await expect(page.getByTestId('connection-banner')).toHaveCount(0);
  // No "Try again" click: coming back online refetches what failed meanwhile.
  await expect(page.getByTestId(`content-${id}`)).toContainText('Waiting for you', { timeout: 5000 });
  await expect(page.getByTestId('error')).toHaveCount(0);
});

test('a conversation read earlier opens again during an outage with the messages already seen', async ({
  page,
  chat,
  signIn,
  faultProxy,
}) => {
  await signIn(page, 'member');
  const topic = `read before ${Date.now()}`;
  const id = await post(chat, 'admin', topic, 'Seen before the outage');
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
  await expect(page.getByTestId(`content-${id}`)).toContainText('Seen before the outage');
  await page.getByTestId('channel-general').click();
  await expect(page.getByTestId(`content-${id}`)).toHaveCount(0);
  await faultProxy.down();
  await expect(page.getByTestId('connection-banner')).toContainText(/reach the server/i);
  await page.getByTestId(`topic-${topic}`).click();
  // Kept since it was left (half an hour, features/messages/feed-retention.ts): no request, no error.
  await expect(page.getByTestId(`content-${id}`)).toContainText('Seen before the outage');
  await expect(page.getByTestId('error')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/resilience-read-before-outage.png' });
  await faultProxy.up();
  await expect(page.getByTestId('connection-banner')).toHaveCount(0);
});

test('while the system reports the network down, the app says so, waits quietly, and resumes at once', async ({
  page,
  chat,
  signIn,
}) => {
  await signIn(page, 'member');
  const topic = `system offline ${Date.now()}`;
  await post(chat, 'admin', topic, 'Hello');
  await openTopic(page, topic);
  const core = chat.host.core;
  try {
    core.setOnline(false);
    const banner = page.getByTestId('connection-banner');
    await expect(banner).toContainText(/offline: the network is unavailable/i);
    const from = mainFetch.started.length;
    await mainClock.fastForward(MUCH_LATER_MS);
    await expect(banner).toContainText(/offline/i);
    expect(mainFetch.started.slice(from).filter((r) => /\/(events|register)$/.test(r))).toEqual([]);
  } finally {
    core.setOnline(true);
  }
  const id = await post(chat, 'admin', topic, 'Back online');
  await expect(page.getByTestId(`content-${id}`)).toBeVisible();
  await expect(page.getByTestId('connection-banner')).toHaveCount(0);
});

test('messages seen while marking them read fails are marked read once the server answers again', async ({
  page,
  chat,
  signIn,
  faultProxy,
}) => {
  const me = await signIn(page, 'member');
  const topic = `read while failing ${Date.now()}`;
  await post(chat, 'admin', topic, 'First unread');
  await post(chat, 'admin', topic, 'Second unread');
  const marks = () =>
    faultProxy.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/messages/flags'));
  let failing = true;
  faultProxy.setRule((r) =>
    failing && r.method === 'POST' && r.path.endsWith('/messages/flags')
      ? { kind: 'status', status: 503, body: JSON.stringify({ result: 'error', msg: 'Service unavailable' }) }
      : null,
  );
  await openTopic(page, topic);
  await expect(page.getByTestId('message-feed').getByText('Second unread')).toBeVisible();
  await expect.poll(() => marks().length).toBeGreaterThan(0);
  // The network recovers; Ada keeps the messages in view, scrolling nowhere.
  await page.waitForTimeout(1000);
  failing = false;
  const failed = marks().length;
  await expect
    .poll(() => unreadInTopic(chat.api(me.email), 'general', topic), { timeout: 15_000 })
    .toEqual([]);
  await expectUnreadAgrees(page, chat, me.email, 'general');
  // Sent again once it went through, not over and over.
  await page.waitForTimeout(2000);
  expect(marks().length - failed).toBe(1);
});
