import { expect, test } from './fixtures';

// The fixture end to end: a fresh server and web host for this file, a demo user signed in, the
// renderer connected over the socket and showing the organization; a reload starts a fresh session.

test('signIn opens the app signed in to the demo organization', async ({ page, signIn, chat }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const admin = await signIn(page, 'admin');
  expect(admin.role).toBe(200);
  await expect(page.getByTestId('chat-shell')).toBeVisible();
  await expect(page.getByTestId('realm-title')).toHaveText(chat.server.credentials.realm_name);
  expect(errors).toEqual([]);
});

test('a second signIn in the same file starts signed out and ends as the new user', async ({
  page,
  signIn,
  chat,
}) => {
  await signIn(page, 'admin');
  const member = await signIn(page, 'member');
  expect(chat.host.core.vault.list().map((account) => account.email)).toEqual([member.email]);
  expect(chat.host.core.vault.get(chat.host.core.vault.activeId ?? '')?.email).toBe(member.email);
});

test('signIn via the host skips the sign-in screen', async ({ page, signIn, chat }) => {
  const guest = await signIn(page, 'guest', { via: 'host' });
  expect(guest.role).toBe(600);
  expect(chat.host.core.vault.list().map((account) => account.email)).toEqual([guest.email]);
});

test('a page without the secret gets no bridge', async ({ page, chat }) => {
  const refused: string[] = [];
  page.on('websocket', (socket) => socket.on('socketerror', (error) => refused.push(error)));
  await page.goto(chat.appUrl.replace(/\?token=.*/, ''));
  await expect.poll(() => refused.length).toBeGreaterThan(0);
  await expect(page.getByTestId('chat-shell')).toHaveCount(0);
});
