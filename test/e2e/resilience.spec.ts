import type { Page } from '@playwright/test';
import type { FaultProxy } from '../support/fault-proxy';
import { expect, test, type ChatEnvironment } from './fixtures';

// A bad network loses nothing: the connection banner, kept compose text and drafts, recovery of the
// event queue (same queue, or re-registered after expiry), a fatal stop, a failed edit.
// The web host reaches the server through a FaultProxy; `chat.api` talks to the server directly.
test.describe.configure({ mode: 'serial' });
test.use({ chatSetup: { behindProxy: true } });

async function channelId(chat: ChatEnvironment, name: string): Promise<number> {
  const { body } = await chat.api('owner').get('/streams', { include_all: true });
  return (body.streams as { stream_id: number; name: string }[]).find((s) => s.name === name)!.stream_id;
}

async function post(chat: ChatEnvironment, who: string, topic: string, content: string): Promise<number> {
  const { body } = await chat.api(who).post('/messages', { type: 'channel', to: 'general', topic, content });
  return body.id as number;
}

const registers = (proxy: FaultProxy) =>
  proxy.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/register')).length;

/** Records in the page whether the connection banner was ever shown, however briefly. */
async function watchBanner(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { bannerSeen: string[] };
    w.bannerSeen = [];
    const note = () => {
      const banner = document.querySelector('[data-testid="connection-banner"]');
      if (banner) w.bannerSeen.push(banner.textContent ?? '');
    };
    new MutationObserver(note).observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  });
}

const bannerSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { bannerSeen: string[] }).bannerSeen);

test('an outage: banner after several failures, kept text, a local draft, every message once', async ({
  page,
  chat,
  signIn,
  faultProxy,
}) => {
  const me = await signIn(page, 'member');
  const topic = `outage ${Date.now()}`;
  const first = await post(chat, 'admin', topic, 'Before the outage');
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
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

  const text = `Written while offline ${Date.now()}`;
  await page.getByTestId('compose-input').fill(text);
  await page.getByTestId('compose-send').click();
  await expect(page.getByTestId('compose-error')).toContainText(/not sent/i);
  await expect(page.getByTestId('compose-input')).toHaveValue(text);
  const stored = await page.evaluate(() =>
    Object.entries(localStorage)
      .filter(([key]) => key.startsWith('teamchat.drafts.'))
      .map(([, value]) => value)
      .join('\n'),
  );
  expect(stored).toContain(text);

  const during = [];
  for (const n of [1, 2, 3]) during.push(await post(chat, 'admin', topic, `During the outage, part ${n}`));
  await page.screenshot({ path: 'test-results/screens/resilience-offline.png' });

  await faultProxy.up();
  await expect(banner).toHaveCount(0);
  for (const id of during) await expect(page.getByTestId(`message-${id}`)).toHaveCount(1);
  const order = await page
    .getByTestId('message-feed')
    .locator('[data-testid^="message-"]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-testid')));
  const ids = order.map((t) => Number(t!.slice('message-'.length))).filter((n) => Number.isFinite(n));
  expect(ids.slice(-5)).toEqual([first, live, ...during]);
  // They came as events on the same queue, picked up where it left off: no new registration.
  expect(registers(faultProxy)).toBe(registersBefore);

  await page.getByTestId('compose-send').click();
  await expect(page.getByTestId('compose-input')).toHaveValue('');
  const { body } = await chat.api(me.email).get('/messages', {
    anchor: 'newest',
    num_before: 10,
    num_after: 0,
    narrow: [
      { operator: 'channel', operand: 'general' },
      { operator: 'topic', operand: topic },
    ],
  });
  const contents = (body.messages as { content: string }[]).map((m) => m.content);
  expect(contents.filter((c) => c.includes(text))).toHaveLength(1);
  await page.screenshot({ path: 'test-results/screens/resilience-recovered.png' });
  void channelId;
});

test('a reload while offline brings the text back', async ({ page, chat, signIn, faultProxy }) => {
  const me = await signIn(page, 'member');
  const topic = `reload offline ${Date.now()}`;
  await post(chat, 'admin', topic, 'Hello');
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
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
  await expect
    .poll(async () =>
      ((await chat.api(me.email).get('/drafts')).body.drafts as { content: string }[]).map((d) => d.content),
    )
    .toContain(text);
});
