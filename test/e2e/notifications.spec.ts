import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { addDemoAccount, switchToAccount } from './accounts';

// Desktop notifications in the web host: the browser's Notification API, with its permission.

interface Recorded {
  title: string;
  body: string;
  tag: string;
}

/** Records every notification the page creates (and keeps each one to click it later). */
async function recordNotifications(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const Real = window.Notification;
    const shown: { title: string; body: string; tag: string }[] = [];
    const made: Notification[] = [];
    class Recording extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        shown.push({ title, body: options?.body ?? '', tag: options?.tag ?? '' });
        made.push(this);
      }
    }
    Object.assign(window, { __shown: shown, __made: made });
    window.Notification = Recording;
  });
}

const shown = (page: Page) => page.evaluate(() => (window as unknown as { __shown: Recorded[] }).__shown);

test('a DM from someone else notifies; the conversation being read does not; a click opens the message', async ({
  page,
  chat,
  signIn,
}) => {
  await page.context().grantPermissions(['notifications'], { origin: new URL(chat.appUrl).origin });
  await recordNotifications(page);
  const me = await signIn(page, 'member');
  const moderator = chat.user('moderator');
  // Permission already granted: nothing to ask.
  await expect(page.getByRole('region', { name: 'Desktop notifications' })).toHaveCount(0);
  await page.getByTestId('channel-general').click();

  const first = `Are you around? ${Date.now()}`;
  await chat.api(moderator.email).post('/messages', { type: 'direct', to: [me.user_id], content: first });
  await expect
    .poll(() => shown(page))
    .toEqual([{ title: moderator.full_name, body: first, tag: expect.any(String) }]);
  await expect(page).toHaveTitle(/^\(\d+\) Northwind Labs – Team Chat$/);

  // Clicking it opens the conversation at that message.
  await page.evaluate(() => {
    const made = (window as unknown as { __made: Notification[] }).__made;
    made[made.length - 1]!.onclick?.(new Event('click'));
  });
  await expect(page.getByTestId('conversation-title')).toHaveText(moderator.full_name);
  await expect(page.getByTestId('message-feed').getByText(first)).toBeVisible();

  // The open conversation in a focused window: the message shows, no notification.
  const second = `Second thought ${Date.now()}`;
  await chat.api(moderator.email).post('/messages', { type: 'direct', to: [me.user_id], content: second });
  await expect(page.getByTestId('message-feed').getByText(second)).toBeVisible();
  // A later message elsewhere proves the earlier one was decided on (events apply in order).
  const mention = `@**${me.full_name}** can you review the deploy notes?`;
  await chat.api(moderator.email).post('/messages', {
    type: 'channel',
    to: 'engineering',
    topic: 'deploy pipeline',
    content: mention,
  });
  await expect.poll(async () => (await shown(page)).length).toBe(2);
  const titles = (await shown(page)).map((n) => n.title);
  expect(titles).toEqual([moderator.full_name, `${moderator.full_name} (#engineering › deploy pipeline)`]);
  expect((await shown(page))[1]!.body).toBe(`@${me.full_name} can you review the deploy notes?`);

  // Own messages never notify.
  await page.getByTestId('compose-input').fill('Looking now');
  await page.getByTestId('compose-send').click();
  await expect(page.getByTestId('message-feed').getByText('Looking now')).toBeVisible();
  await chat.api(moderator.email).post('/messages', { type: 'direct', to: [me.user_id], content: 'thanks' });
  await expect(page.getByTestId('message-feed').getByText('thanks', { exact: true })).toBeVisible();
  expect(await shown(page)).toHaveLength(2);
});

test('asks for permission once, from the sidebar, when the browser has not been asked', async ({
  page,
  signIn,
}) => {
  await signIn(page, 'member');
  const prompt = page.getByRole('region', { name: 'Desktop notifications' });
  await expect(prompt).toContainText('Get desktop notifications for direct messages and mentions?');
  await page.screenshot({ path: 'test-results/screens/notification-prompt.png' });
  await prompt.getByRole('button', { name: 'Not now' }).click();
  await expect(prompt).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('chat-shell')).toBeVisible();
  await expect(page.getByTestId('channel-general')).toBeVisible();
  await expect(prompt).toHaveCount(0);
});

test('a browser that refuses when asked: the prompt says notifications are blocked, and where to allow them', async ({
  page,
  signIn,
}) => {
  // The browser's answer when the person (or a policy) blocks notifications for the site.
  await page.addInitScript(() => {
    window.Notification.requestPermission = () => Promise.resolve('denied');
  });
  await signIn(page, 'member');
  const prompt = page.getByRole('region', { name: 'Desktop notifications' });
  await prompt.getByRole('button', { name: 'Enable notifications' }).click();
  await expect(prompt).toContainText('Notifications are blocked for this app in the browser’s settings');
  await prompt.getByRole('button', { name: 'OK' }).click();
  await expect(prompt).toHaveCount(0);
});

test('a click on a notification of one account, with another account now open, opens the message in its own account', async ({
  page,
  chat,
  signIn,
}) => {
  await page.context().grantPermissions(['notifications'], { origin: new URL(chat.appUrl).origin });
  await recordNotifications(page);
  const me = await signIn(page, 'member');
  const moderator = chat.user('moderator');
  const admin = chat.user('admin');
  await page.getByTestId('channel-general').click();
  const words = `Can you check the release notes? ${Date.now()}`;
  await chat.api(moderator.email).post('/messages', { type: 'direct', to: [me.user_id], content: words });
  await expect.poll(async () => (await shown(page)).map((n) => n.body)).toContain(words);

  // The person goes on in another account before clicking it.
  await addDemoAccount(page, admin.email);
  await page.evaluate(() => {
    const made = (window as unknown as { __made: Notification[] }).__made;
    made[made.length - 1]!.onclick?.(new Event('click'));
  });
  await expect(page.getByTestId('account-switcher')).toHaveText(me.email);
  await expect(page.getByTestId('conversation-title')).toHaveText(moderator.full_name);
  await expect(page.getByTestId('message-feed').getByText(words)).toBeVisible();

  // The admin's own place is as they left it: their home view.
  await switchToAccount(page, admin.email);
  await expect(page.getByTestId('inbox-view')).toBeVisible();
  await expect(page.getByTestId('conversation-title')).toHaveCount(0);
});
