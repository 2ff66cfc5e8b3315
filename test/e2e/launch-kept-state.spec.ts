import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { distinctViews, largestShift, paintedRows, recordPaintedRows } from './painted-rows';
import { relaunchable } from './relaunch';
import { channelId } from './server-state';
import { expect, test } from './fixtures';

// A returning user's window is drawn from the state kept at the last launch while this launch's
// registration is under way, with the last conversation's kept messages; nothing that events keep
// current (messages, topics) is fetched before the live session, which then replaces the kept state (a channel renamed
// meanwhile shows its new name) and brings the live messages into the same rows.

test('a relaunch draws the last launch state while registering, then the live one replaces it', async ({
  page,
  chat,
}) => {
  const member = chat.user('member');
  const stamp = Date.now();
  const before = `kept-${stamp}`;
  const after = `renamed-${stamp}`;
  await chat.api('owner').post('/users/me/subscriptions', {
    subscriptions: [{ name: before }],
    principals: [member.user_id],
  });
  const topic = `kept launch ${stamp}`;
  const post = async (content: string) =>
    (await chat.api('admin').post('/messages', { type: 'channel', to: 'general', topic, content })).body
      .id as number;
  const first = await post('Seen at the last launch');
  // Its own web host and proxy: the app is closed and started again on the same data directory.
  // Its registration is held for seconds: a longer timeout than the other tests'.
  const app = await relaunchable(chat, [member], 30_000);
  const { proxy, dataDir } = app;
  let host = await app.start();
  try {
    const added = await host.core.addDemo(member.email);
    expect(added.ok).toBe(true);
    if (!added.ok) return;
    await page.goto(host.url);
    await expect(page.getByTestId(`channel-${before}`)).toBeVisible();
    await page.getByTestId('all-messages').click();
    // Opened at the first unread: down to the newest (End), which is what is kept.
    await page.getByTestId('message-feed').focus();
    await page.keyboard.press('End');
    await expect(page.getByTestId(`content-${first}`)).toBeVisible();
    const kept = join(dataDir, 'session-kept', `${added.value.id}.json`);
    await expect.poll(() => existsSync(kept), { timeout: 15_000 }).toBe(true);
    await expect
      .poll(() => host.core.lastConversation()?.messages.some((m) => m.id === first) ?? false, {
        timeout: 15_000,
      })
      .toBe(true);
    // Read down to the newest by then, on the server too: the relaunch's live page opens at the first
    // unread message, and on a busy machine the marking could still be on its way when the app quit.
    await expect
      .poll(
        async () => {
          const { body } = await chat.api('member').get('/messages', {
            anchor: 'first_unread',
            num_before: 0,
            num_after: 1,
            narrow: [],
          });
          const oldestUnread = (body.messages as { flags: string[] }[])[0];
          return oldestUnread?.flags.includes('read') ?? true;
        },
        { timeout: 15_000 },
      )
      .toBe(true);

    // The app quits; the channel is renamed while it is away; the next registration is held back.
    await page.goto('about:blank');
    await app.quit();
    const id = await channelId(chat.api('owner'), before);
    expect((await chat.api('owner').patch(`/streams/${id}`, { new_name: after })).status).toBe(200);
    const later = await post('Arrived while the app was closed');
    proxy.setRule((request) =>
      request.method === 'POST' && request.path.endsWith('/register') ? { kind: 'holdAnswer' } : null,
    );
    const sentBefore = proxy.requests.length;
    host = await app.start();
    await page.goto(host.url);

    // Drawn from the kept state: the sidebar as it was, while the register's answer is held.
    await expect(page.getByTestId('chat-shell')).toBeVisible();
    await expect(page.getByTestId(`channel-${before}`)).toBeVisible();
    expect(proxy.requests.slice(sentBefore).some((r) => r.fault === 'holdAnswer')).toBe(true);
    // The conversation's kept messages (All messages, the one seen last), without asking the server;
    // a channel's topics wait for the live session.
    await recordPaintedRows(page, 20);
    await page.getByTestId('all-messages').click();
    await expect(page.getByTestId(`content-${first}`)).toBeVisible();
    await expect(page.getByTestId(`content-${later}`)).toHaveCount(0);
    // Drawn where it stays from its first frame: at the kept newest message, no jump.
    const frames = await paintedRows(page, 20);
    // At most the last row settling to its measured height (two rows) on a busy machine.
    expect(largestShift(frames)).toBeLessThanOrEqual(2);
    expect(frames.at(-1)).toContain(first);
    expect(distinctViews(frames).length).toBeLessThanOrEqual(2);
    const keptRow = page.locator(`[data-message-id="${first}"]`);
    await keptRow.evaluate((el) => ((el as HTMLElement & { keptMark?: boolean }).keptMark = true));
    // Slow to register: the window says its data is not current.
    await expect(page.getByTestId('stale-notice')).toContainText(/Showing data from .* connecting/);
    await page.screenshot({ path: 'test-results/screens/launch-kept-state.png' });
    // Nothing fetched from the server before the live session but the registration (writes, such
    // as marking the kept messages read, are not held back).
    const early = proxy.requests.slice(sentBefore).filter((r) => r.method === 'GET');
    expect(early.map((r) => r.path).filter((path) => !path.endsWith('/server_settings'))).toEqual([]);

    // The live session replaces it: the new name, the notice gone, the live messages fetched and
    // shown, the kept one still in the element it had.
    proxy.setRule(null);
    proxy.releaseAnswers();
    await expect(page.getByTestId(`channel-${after}`)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId(`channel-${before}`)).toHaveCount(0);
    await expect(page.getByTestId('stale-notice')).toHaveCount(0);
    await expect(page.getByTestId(`content-${later}`)).toBeVisible();
    expect(
      await keptRow.evaluate((el) => (el as HTMLElement & { keptMark?: boolean }).keptMark === true),
    ).toBe(true);
    expect(
      proxy.requests.slice(sentBefore).some((r) => r.method === 'GET' && r.path.endsWith('/messages')),
    ).toBe(true);
  } finally {
    await page.goto('about:blank');
    await app.dispose();
  }
});

test('a relaunch while the server is down says so in the views it cannot load, and loads them once it is back', async ({
  page,
  chat,
}) => {
  const member = chat.user('member');
  const app = await relaunchable(chat, [member], 30_000);
  const { proxy } = app;
  await app.startSignedIn(page, member.email);
  try {
    // Long enough for the registration's state to be kept.
    await page.waitForTimeout(1500);
    await page.goto('about:blank');
    await app.quit();

    // The server is down (its gateway answers 502 to everything).
    proxy.setRule(() => ({ kind: 'status', status: 502 }));
    const host = await app.start();
    await page.goto(host.url);
    await expect(page.getByTestId('chat-shell')).toBeVisible();
    await page.getByTestId('channel-general').click();
    // Not "Loading…" for as long as the outage lasts: the view says what is wrong.
    const failed = page.getByTestId('message-feed-state').getByTestId('error');
    await expect(failed).toBeVisible({ timeout: 15_000 });
    await expect(failed).toContainText('Try again');
    await page.screenshot({ path: 'test-results/screens/launch-offline.png' });

    // Back: the view loads by itself.
    proxy.setRule(null);
    await expect(page.getByTestId('message-feed')).toBeVisible({ timeout: 20_000 });
  } finally {
    await page.goto('about:blank');
    await app.dispose();
  }
});
