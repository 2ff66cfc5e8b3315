import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, type ChatEnvironment } from './fixtures';

// Signing in as a person does on a real deployment (issue 12): organization URL → its sign-in
// methods → email and password (POST /fetch_api_key in the main process), or a zuliprc file, or an
// API key; and the server's refusals in words a person understands.
test.describe.configure({ mode: 'serial' });

async function openMethods(page: Page, chat: ChatEnvironment) {
  await chat.signOutAll();
  await page.goto(chat.appUrl);
  await page.getByTestId('server-url').fill(chat.server.url);
  await page.getByTestId('server-continue').click();
  await expect(page.getByTestId('realm-name')).toBeVisible();
}

async function tryPassword(page: Page, email: string, password: string) {
  await page.getByTestId('password-email').fill(email);
  await page.getByTestId('password').fill(password);
  await page.getByTestId('password-submit').click();
}

test('the demo screen shows each person’s password, and Ada signs in with email and password', async ({
  page,
  chat,
}) => {
  await chat.signOutAll();
  await page.goto(chat.appUrl);
  const ada = chat.user('owner');
  expect(ada.password).toBeTruthy();
  for (const person of chat.users.filter((u) => !u.is_bot))
    await expect(page.getByTestId(`demo-password-${person.email}`)).toHaveText(
      `Password: ${person.password}`,
    );
  await page.screenshot({ path: 'test-results/screens/sign-in-demo-passwords.png' });

  await page.getByTestId('server-url').fill(chat.server.url);
  await page.getByTestId('server-continue').click();
  // Password sign-in is what the demo server offers first.
  await expect(page.getByTestId('method-password')).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('password-email').fill(ada.email);
  await page.getByTestId('password').fill(ada.password!);
  await page.screenshot({ path: 'test-results/screens/sign-in-password.png', fullPage: true });
  await page.getByTestId('password-submit').click();
  await expect(page.getByTestId('chat-shell')).toBeVisible();
  await expect(page.getByTestId('account-switcher')).toHaveText(ada.email);
  // The main process holds Ada's key, bought with her password.
  const [account] = chat.host.core.vault.list();
  expect(chat.host.core.vault.credentialsOf(account!.id)?.apiKey).toBe(ada.api_key);
});

test('a wrong password says so, empties the field and keeps the email', async ({ page, chat }) => {
  await openMethods(page, chat);
  const ben = chat.user('admin');
  await tryPassword(page, ben.email, 'not-my-password');
  await expect(page.getByTestId('password-error')).toHaveText(
    'That email and password do not match an account of this organization. Check both and try again.',
  );
  await expect(page.getByTestId('password')).toHaveValue('');
  await expect(page.getByTestId('password-email')).toHaveValue(ben.email);
  await page.screenshot({ path: 'test-results/screens/sign-in-wrong-password.png', fullPage: true });
  // An unknown address reads exactly the same: nothing tells which accounts exist.
  await tryPassword(page, 'nobody@northwind.example', 'not-my-password');
  await expect(page.getByTestId('password-error')).toContainText('do not match an account');
  expect(chat.host.core.vault.list()).toEqual([]);
});

/** Whether `testId` is drawn whole inside the window, as it is without scrolling by hand. */
async function inView(page: Page, testId: string) {
  const box = await page.getByTestId(testId).boundingBox();
  const height = page.viewportSize()!.height;
  return box !== null && box.y >= 0 && box.y + box.height <= height;
}

test('a refusal typed in from the keyboard is shown in the window, however small', async ({ page, chat }) => {
  const ben = chat.user('admin');
  for (const size of [
    { width: 1280, height: 800 },
    { width: 800, height: 600 },
  ]) {
    await page.setViewportSize(size);
    await chat.signOutAll();
    await page.goto(chat.appUrl);
    await page.getByTestId('server-url').fill(chat.server.url);
    await page.keyboard.press('Enter');
    await page.getByTestId('password-email').fill(ben.email);
    await page.getByTestId('password').fill('not-my-password');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('password-error')).toHaveAttribute('role', 'alert');
    await expect.poll(() => inView(page, 'password-error')).toBe(true);
    await expect(page.getByTestId('password')).toBeFocused();
    await page.screenshot({ path: `test-results/screens/sign-in-wrong-password-${size.height}.png` });

    await page.getByTestId('method-api-key').click();
    await page.getByTestId('api-key').fill('not-my-key');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('sign-in-error')).toBeVisible();
    await expect.poll(() => inView(page, 'sign-in-error')).toBe(true);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
});

test('too many wrong passwords: the server’s wait is shown and counted down, and the button waits', async ({
  page,
  chat,
}) => {
  await openMethods(page, chat);
  const grace = chat.user('guest');
  // The reference server allows 5 failures per username in a minute.
  for (let i = 0; i < 5; i++) {
    await tryPassword(page, grace.email, `guess-${i}`);
    await expect(page.getByTestId('password-error')).toContainText('do not match');
    await expect(page.getByTestId('password-submit')).toBeEnabled();
  }
  await tryPassword(page, grace.email, grace.password!);
  const error = page.getByTestId('password-error');
  await expect(error).toContainText('Too many sign-in attempts. You can try again in ');
  // "in 58 seconds", "in 1 minute", "in 1 minute 5 seconds": the wait in seconds.
  const seconds = () =>
    error.textContent().then((text) => {
      const wait = /try again in ((\d+) minutes?)? ?((\d+) seconds?)?\./.exec(text ?? '');
      return wait ? Number(wait[2] ?? 0) * 60 + Number(wait[4] ?? 0) : NaN;
    });
  const first = await seconds();
  expect(first).toBeGreaterThan(45);
  expect(first).toBeLessThanOrEqual(60);
  await expect(page.getByTestId('password-submit')).toBeDisabled();
  await page.screenshot({ path: 'test-results/screens/sign-in-rate-limited.png', fullPage: true });
  await expect.poll(seconds, { timeout: 5000 }).toBeLessThan(first);
  expect(chat.host.core.vault.list()).toEqual([]);
});

test('a deactivated account is told so', async ({ page, chat }) => {
  const farid = chat.server.realm.usersByEmail.get('farid@northwind.example')!;
  farid.is_active = false;
  try {
    await openMethods(page, chat);
    await tryPassword(page, farid.email, chat.user(farid.email).password!);
    await expect(page.getByTestId('password-error')).toHaveText(
      'This account has been deactivated. An administrator of the organization can reactivate it.',
    );
    await page.screenshot({ path: 'test-results/screens/sign-in-deactivated.png', fullPage: true });
  } finally {
    farid.is_active = true;
  }
});

test('a zuliprc file signs in; a file that is not one says what is wrong', async ({ page, chat }) => {
  const dir = mkdtempSync(join(tmpdir(), 'zuliprc-'));
  try {
    await openMethods(page, chat);
    await page.getByTestId('method-zuliprc').click();
    const broken = join(dir, 'notes.txt');
    writeFileSync(broken, 'just some notes\n');
    await page.getByTestId('zuliprc-file').setInputFiles(broken);
    await expect(page.getByTestId('zuliprc-error')).toContainText('no [api] section');
    await page.screenshot({ path: 'test-results/screens/sign-in-zuliprc-error.png', fullPage: true });

    const chloe = chat.user('moderator');
    const file = join(dir, 'zuliprc');
    writeFileSync(file, `[api]\nemail=${chloe.email}\nkey=${chloe.api_key}\nsite=${chat.server.url}\n`);
    await page.getByTestId('zuliprc-file').setInputFiles(file);
    await expect(page.getByTestId('chat-shell')).toBeVisible();
    await expect(page.getByTestId('account-switcher')).toHaveText(chloe.email);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('an API key still signs in, from its own tab', async ({ page, chat }) => {
  await openMethods(page, chat);
  await page.getByTestId('method-api-key').click();
  const elena = chat.user('elena@northwind.example');
  await page.getByTestId('email').fill(elena.email);
  await page.getByTestId('api-key').fill(elena.api_key);
  await page.screenshot({ path: 'test-results/screens/sign-in-api-key.png', fullPage: true });
  await page.getByTestId('sign-in-submit').click();
  await expect(page.getByTestId('chat-shell')).toBeVisible();
  await expect(page.getByTestId('account-switcher')).toHaveText(elena.email);
});
