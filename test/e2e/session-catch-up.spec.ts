import type { FaultProxy } from '../support/fault-proxy';
import { channelId, markChannelRead, shownUnread } from './server-state';
import { expect, test, type ChatEnvironment } from './fixtures';
import { addDemoAccount } from './accounts';

// A window that attaches to an account main has been following (a reload, the account switched
// back to) is given the registration main holds and the events delivered on it since: it shows
// what changed meanwhile without a second registration, the heaviest call of all.
test.describe.configure({ mode: 'serial' });
test.use({ chatSetup: { behindProxy: true } });

const registers = (proxy: FaultProxy) =>
  proxy.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/register')).length;

/** A message from the administrator, as from another client. */
async function adminSays(chat: ChatEnvironment, channel: string, topic: string, content: string) {
  const { status } = await chat
    .api('admin')
    .post('/messages', { type: 'channel', to: channel, topic, content });
  expect(status).toBe(200);
}

async function renameChannel(chat: ChatEnvironment, from: string, to: string): Promise<void> {
  const id = await channelId(chat.api('owner'), from);
  expect((await chat.api('owner').patch(`/streams/${id}`, { new_name: to })).status).toBe(200);
}

test('a reload shows what happened since the registration, and registers nothing', async ({
  page,
  chat,
  signIn,
  faultProxy,
}) => {
  await signIn(page, 'member');
  await expect(page.getByTestId('channel-random')).toBeVisible();
  const unreadBefore = await shownUnread(page, 'random');
  const before = registers(faultProxy);

  await renameChannel(chat, 'random', 'watercooler');
  try {
    await adminSays(chat, 'watercooler', 'catch-up', 'Sent before the reload');
    await expect.poll(() => shownUnread(page, 'watercooler')).toBe(unreadBefore + 1);

    await page.reload();
    await expect(page.getByTestId('channel-watercooler')).toBeVisible();
    await expect(page.getByTestId('channel-random')).toHaveCount(0);
    await expect.poll(() => shownUnread(page, 'watercooler')).toBe(unreadBefore + 1);
    // Counted once, though the event reached the window before the reload and after it.
    await page.waitForTimeout(500);
    expect(await shownUnread(page, 'watercooler')).toBe(unreadBefore + 1);
    expect(registers(faultProxy)).toBe(before);
  } finally {
    await renameChannel(chat, 'watercooler', 'random');
  }
});

test('an account switched back to shows what changed meanwhile, without registering it again', async ({
  page,
  chat,
  signIn,
  faultProxy,
}) => {
  const me = await signIn(page, 'member');
  await expect(page.getByTestId('channel-random')).toBeVisible();
  await expect.poll(() => shownUnread(page, 'engineering')).toBeGreaterThan(0);

  const moderator = chat.user('moderator');
  await addDemoAccount(page, moderator.email);
  // The moderator's first registration is the only one from here on.
  await expect.poll(() => registers(faultProxy)).toBeGreaterThan(0);
  const before = registers(faultProxy);

  await renameChannel(chat, 'random', 'watercooler');
  try {
    await markChannelRead(chat.api(me.email), 'engineering');

    await page.getByTestId('account-switcher').click();
    await page.getByTestId(`account-${me.email}`).click();
    await expect(page.getByTestId('account-switcher')).toHaveText(me.email);
    await expect(page.getByTestId('channel-watercooler')).toBeVisible();
    await expect(page.getByTestId('channel-random')).toHaveCount(0);
    await expect.poll(() => shownUnread(page, 'engineering')).toBe(0);
    await expect(page.getByTestId('stale-notice')).toHaveCount(0);
    expect(registers(faultProxy)).toBe(before);
  } finally {
    await renameChannel(chat, 'watercooler', 'random');
  }
});

test('a reload during an outage shows everything heard before it, then what came after', async ({
  page,
  chat,
  signIn,
  faultProxy,
}) => {
  await signIn(page, 'member');
  await expect(page.getByTestId('channel-random')).toBeVisible();
  const unreadBefore = await shownUnread(page, 'random');
  await adminSays(chat, 'random', 'outage', 'Heard before the outage');
  await expect.poll(() => shownUnread(page, 'random')).toBe(unreadBefore + 1);

  await faultProxy.down();
  await adminSays(chat, 'random', 'outage', 'Sent during the outage');
  await page.reload();
  await expect(page.getByTestId('connection-banner')).toBeVisible({ timeout: 10_000 });
  await expect.poll(() => shownUnread(page, 'random')).toBe(unreadBefore + 1);

  await faultProxy.up();
  await expect(page.getByTestId('connection-banner')).toHaveCount(0, { timeout: 15_000 });
  await expect.poll(() => shownUnread(page, 'random'), { timeout: 10_000 }).toBe(unreadBefore + 2);
});
