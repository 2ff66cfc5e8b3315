import { channelId, markChannelRead, shownUnread } from './server-state';
import { expect, test } from './fixtures';
import { addDemoAccount } from './accounts';

// What the app shows from before a resync is either refreshed or marked as not current: switching
// accounts and back shows what changed meanwhile, and data offered during an outage says its age.
// Here main keeps no events for windows that attach later, so each attach takes a fresh
// registration (what happens after more events than it keeps; session-catch-up.spec.ts has the rest).
test.describe.configure({ mode: 'serial' });
test.use({ chatSetup: { behindProxy: true, core: { maxKeptEvents: 0 } } });

test('switching accounts and back shows a channel renamed and messages read meanwhile', async ({
  page,
  chat,
  signIn,
}) => {
  const me = await signIn(page, 'member');
  await expect(page.getByTestId('channel-random')).toBeVisible();
  await expect.poll(() => shownUnread(page, 'engineering')).toBeGreaterThan(0);

  // A second account becomes the active one.
  const moderator = chat.user('moderator');
  await addDemoAccount(page, moderator.email);

  // Meanwhile: the owner renames #random, the member reads #engineering on another device,
  // and new messages arrive, so the first account's loop has events the screen never showed.
  const randomId = await channelId(chat.api('owner'), 'random');
  expect((await chat.api('owner').patch(`/streams/${randomId}`, { new_name: 'watercooler' })).status).toBe(
    200,
  );
  await markChannelRead(chat.api(me.email), 'engineering');

  try {
    await page.getByTestId('account-switcher').click();
    await page.getByTestId(`account-${me.email}`).click();
    await expect(page.getByTestId('account-switcher')).toHaveText(me.email);
    await expect(page.getByTestId('channel-watercooler')).toBeVisible();
    await expect(page.getByTestId('channel-random')).toHaveCount(0);
    await expect.poll(() => shownUnread(page, 'engineering')).toBe(0);
    await expect(page.getByTestId('stale-notice')).toHaveCount(0);
    await page.screenshot({ path: 'test-results/screens/stale-switch-back.png' });
  } finally {
    await chat.api('owner').patch(`/streams/${randomId}`, { new_name: 'random' });
  }
});

test('a reload during an outage shows the old data marked with its age, then the current data', async ({
  page,
  chat,
  signIn,
  faultProxy,
}) => {
  const me = await signIn(page, 'member');
  await expect.poll(() => shownUnread(page, 'general')).toBeGreaterThan(0);
  const before = await shownUnread(page, 'general');
  // A live event, so the session the page started from is no longer current.
  await chat.api('admin').post('/messages', {
    type: 'channel',
    to: 'random',
    topic: 'stale check',
    content: 'An event before the outage',
  });
  await expect.poll(() => shownUnread(page, 'random')).toBeGreaterThan(0);

  await faultProxy.down();
  // Read everywhere else while this app cannot hear about it.
  await markChannelRead(chat.api(me.email), 'general');
  await page.reload();
  const notice = page.getByTestId('stale-notice');
  await expect(notice).toContainText(/showing data from \d{1,2}:\d{2}/i);
  await expect(notice).toContainText(/reconnecting/i);
  // What it shows is the old count, and it says so.
  expect(await shownUnread(page, 'general')).toBe(before);
  await page.screenshot({ path: 'test-results/screens/stale-outage.png' });

  await faultProxy.up();
  await expect(notice).toHaveCount(0, { timeout: 10_000 });
  await expect.poll(() => shownUnread(page, 'general')).toBe(0);
});

test('the organization renamed while the app is open is named anew in the header and the account list, also after a reload', async ({
  page,
  chat,
  signIn,
}) => {
  const member = await signIn(page, 'member');
  const owner = chat.api('owner');
  const before = await page.getByTestId('realm-title').textContent();
  try {
    expect((await owner.patch('/realm', { name: 'Northwind Renamed' })).status).toBe(200);
    await expect(page.getByTestId('realm-title')).toHaveText('Northwind Renamed');
    await page.getByTestId('account-switcher').click();
    await expect(page.getByTestId(`account-${member.email}`)).toContainText('Northwind Renamed');
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(page.getByTestId('realm-title')).toHaveText('Northwind Renamed');
  } finally {
    await owner.patch('/realm', { name: before ?? 'Northwind Labs' });
  }
});
