import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';
import { FakeChatServer } from '../support/fake-chat-server';

// Sign-in: demo accounts in one click, and the long way (server URL → public settings → email + key).
test('a demo account signs in with one click and the shell opens', async ({ page, chat }) => {
  await chat.signOutAll();
  await page.goto(chat.appUrl);
  await expect(page.getByTestId('sign-in')).toBeVisible();
  const member = chat.user('member');
  await page.getByTestId(`demo-account-${member.email}`).click();
  await expect(page.getByTestId('chat-shell')).toBeVisible();
  await expect(page.getByTestId('account-switcher')).toHaveText(member.email);
});

test('signs in with server URL, email and API key after showing the public settings', async ({
  page,
  chat,
}) => {
  // Each test starts from no account, whatever the previous test in this file left behind.
  await chat.signOutAll();
  await page.goto(chat.appUrl);
  await expect(page.getByTestId('sign-in')).toBeVisible();
  await page.getByTestId('server-url').fill(chat.server.url);
  await page.getByTestId('server-continue').click();
  const settings = (await (await fetch(`${chat.server.url}/api/v1/server_settings`)).json()) as {
    realm_name: string;
    service_feature_level: number;
  };
  await expect(page.getByTestId('realm-name')).toHaveText(settings.realm_name);
  await expect(page.getByTestId('realm-version')).toContainText(
    `feature level ${settings.service_feature_level}`,
  );
  // The server reports `password` and `email`: one method, in people's words.
  await expect(page.getByTestId('auth-methods')).toHaveText('Sign-in methods: Email and password');
  await page.screenshot({ path: 'test-results/screens/sign-in.png' });

  const admin = chat.user('admin');
  await page.getByTestId('method-api-key').click();
  await page.getByTestId('email').fill(admin.email);
  await page.getByTestId('api-key').fill('wrong-key');
  await page.getByTestId('sign-in-submit').click();
  await expect(page.getByTestId('sign-in-error')).toBeVisible();

  // The key field is emptied by each try (the key is not kept in the page).
  await expect(page.getByTestId('api-key')).toHaveValue('');
  await page.getByTestId('api-key').fill(admin.api_key);
  await page.getByTestId('sign-in-submit').click();
  await expect(page.getByTestId('chat-shell')).toBeVisible();
  await expect(page.getByTestId('account-switcher')).toHaveText(admin.email);
  await page.screenshot({ path: 'test-results/screens/shell.png' });
});

test('from the keyboard: the URL field first, then the email, and the methods as one tab list', async ({
  page,
  chat,
}) => {
  await chat.signOutAll();
  await page.goto(chat.appUrl);
  await expect(page.getByTestId('server-url')).toBeFocused();
  await page.keyboard.type(chat.server.url);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('password-email')).toBeFocused();
  const member = chat.user('member');
  await page.keyboard.type(member.email);

  // The tabs are one stop between the address and the email; the arrow keys choose among them.
  await page.keyboard.press('Shift+Tab');
  const password = page.getByRole('tab', { name: 'Sign in with email and password' });
  const apiKey = page.getByRole('tab', { name: 'Sign in with an API key' });
  const zuliprc = page.getByRole('tab', { name: 'Import a zuliprc-style file' });
  await expect(password).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByTestId('server-continue')).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowRight');
  await expect(apiKey).toBeFocused();
  await expect(apiKey).toHaveAttribute('aria-selected', 'true');
  await expect(password).toHaveAttribute('aria-selected', 'false');
  await expect(page.getByRole('tabpanel', { name: 'Sign in with an API key' })).toBeVisible();
  await expect(apiKey).toHaveAttribute('aria-controls', 'method-panel');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(zuliprc).toBeFocused();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await expect(apiKey).toHaveAttribute('aria-selected', 'true');
  await page.screenshot({ path: 'test-results/screens/sign-in-method-tabs.png' });
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('email')).toBeFocused();
  await expect(page.getByTestId('email')).toHaveValue(member.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(member.api_key);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('account-switcher')).toHaveText(member.email);
});

test('an address pasted from a browser tab finds the organization; a mistyped scheme is said plainly', async ({
  page,
  chat,
}) => {
  await chat.signOutAll();
  await page.goto(chat.appUrl);
  const address = page.getByTestId('server-url');
  await address.fill(`${chat.server.url.replace('http:', 'htp:')}`);
  await page.getByTestId('server-continue').click();
  await expect(page.getByText(/is not a server address/)).toBeVisible();
  // A conversation's address, and a sign-in page's, as the browser shows them.
  for (const pasted of [`${chat.server.url}/#narrow/channel/1-general`, `${chat.server.url}/login/`]) {
    await page.reload();
    await page.getByTestId('server-url').fill(pasted);
    await page.getByTestId('server-continue').click();
    await expect(page.getByTestId('realm-name')).toBeVisible();
  }
  const member = chat.user('member');
  await page.getByTestId('method-api-key').click();
  await page.getByTestId('email').fill(member.email);
  await page.getByTestId('api-key').fill(member.api_key);
  await page.getByTestId('sign-in-submit').click();
  await expect(page.getByTestId('account-switcher')).toHaveText(member.email);
  // Kept under the organization's own address, not the page's.
  expect(chat.host.core.vault.list().map((a) => a.serverUrl)).toContain(chat.server.url);
});

test('an address that never answers can be stopped, or corrected and checked again', async ({
  page,
  chat,
}) => {
  // Takes the connection and the request, and never answers.
  const silent = createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  try {
    await chat.signOutAll();
    await page.goto(chat.appUrl);
    const address = page.getByTestId('server-url');
    const continueButton = page.getByTestId('server-continue');
    await address.fill(`http://127.0.0.1:${(silent.address() as AddressInfo).port}`);
    await continueButton.click();
    await expect(continueButton).toHaveText('Checking…');
    await expect(continueButton).toBeDisabled();
    await page.screenshot({ path: 'test-results/screens/sign-in-checking.png' });
    await page.getByTestId('server-check-stop').click();
    await expect(continueButton).toHaveText('Continue');
    await expect(address).toBeFocused();

    // Checking again, then correcting the address while that check still waits.
    await continueButton.click();
    await expect(continueButton).toBeDisabled();
    await address.fill(chat.server.url);
    await expect(continueButton).toBeEnabled();
    await continueButton.click();
    await expect(page.getByTestId('realm-card')).toBeVisible();
  } finally {
    silent.closeAllConnections();
    silent.close();
  }
});

test('a missing URL, a web page and https to an http-only server are each said plainly', async ({
  page,
  chat,
}) => {
  const webPage = createServer((_request, response) =>
    response.writeHead(200, { 'Content-Type': 'text/html' }).end('<h1>Welcome to our site</h1>'),
  );
  await new Promise<void>((resolve) => webPage.listen(0, '127.0.0.1', resolve));
  try {
    await chat.signOutAll();
    await page.goto(chat.appUrl);
    const address = page.getByTestId('server-url');
    const error = page.getByTestId('server-error');
    await page.getByTestId('server-continue').click();
    await expect(error).toHaveText('Enter your organization’s URL, for example chat.example.com.');
    await expect(address).toBeFocused();
    await page.screenshot({ path: 'test-results/screens/sign-in-url-missing.png' });

    const pageUrl = `http://127.0.0.1:${(webPage.address() as AddressInfo).port}`;
    await address.fill(pageUrl);
    await page.getByTestId('server-continue').click();
    await expect(error).toHaveText(`There is no chat server at ${pageUrl}. Check the organization URL.`);
    await page.screenshot({ path: 'test-results/screens/sign-in-not-a-chat-server.png' });

    await address.fill(chat.server.url.replace('http:', 'https:'));
    await page.getByTestId('server-continue').click();
    await expect(error).toHaveText(
      'Could not make a secure (https) connection to the server: it may not use https.',
    );
    await page.screenshot({ path: 'test-results/screens/sign-in-not-https.png' });
  } finally {
    webPage.close();
  }
});

test('a server name nobody knows is said to be unknown, not a connection problem, and stays to be corrected', async ({
  page,
  chat,
}) => {
  await chat.signOutAll();
  await page.goto(chat.appUrl);
  const address = page.getByTestId('server-url');
  // `.invalid` never resolves (RFC 2606): the name a typing mistake gives.
  await address.fill('chat.northwind.invalid/login/');
  await address.press('Enter');
  await expect(page.getByTestId('server-error')).toHaveText(
    'No server named chat.northwind.invalid was found. Check the organization URL for a typing mistake (and that this computer is online).',
  );
  await expect(address).toHaveValue('chat.northwind.invalid/login/');
  await page.screenshot({ path: 'test-results/screens/sign-in-unknown-name.png' });
});

test('from the keyboard, a failed check or sign-in gives the focus back to the button that was pressed', async ({
  page,
  chat,
}) => {
  await chat.signOutAll();
  await page.goto(chat.appUrl);
  const address = page.getByTestId('server-url');
  const continueButton = page.getByTestId('server-continue');
  await address.fill('chat.northwind.invalid');
  await address.press('Tab');
  await expect(continueButton).toBeFocused();
  // The button is disabled while the check runs, which drops the focus it had.
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('server-error')).toBeVisible();
  await expect(continueButton).toBeFocused();

  await address.fill(chat.server.url);
  await address.press('Enter');
  const email = page.getByTestId('password-email');
  await expect(email).toBeFocused();
  await page.keyboard.type(chat.user('member').email);
  await page.keyboard.press('Tab');
  await page.keyboard.type('not the password');
  await page.keyboard.press('Tab');
  const signInButton = page.getByTestId('password-submit');
  await expect(signInButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('password-error')).toBeVisible();
  await expect(signInButton).toBeFocused();
});

test('a new organization URL means a clean form; a too-old server is refused before any sign-in', async ({
  page,
  chat,
}) => {
  await chat.signOutAll();
  await page.goto(chat.appUrl);
  await page.getByTestId('server-url').fill(chat.server.url);
  await page.getByTestId('server-continue').click();
  await page.getByTestId('method-api-key').click();
  await page.getByTestId('email').fill(chat.user('admin').email);
  await page.getByTestId('api-key').fill('wrong-key');
  await page.getByTestId('sign-in-submit').click();
  await expect(page.getByTestId('sign-in-error')).toBeVisible();

  // Editing the address: the old server's card, credentials and error go.
  await page.getByTestId('server-url').fill(`${chat.server.url}/`);
  await expect(page.getByTestId('sign-in-error')).toHaveCount(0);
  await expect(page.getByTestId('realm-card')).toHaveCount(0);
  await page.getByTestId('server-continue').click();
  await expect(page.getByTestId('realm-card')).toBeVisible();
  await page.getByTestId('method-api-key').click();
  await expect(page.getByTestId('email')).toHaveValue('');
  await expect(page.getByTestId('api-key')).toHaveValue('');
  await expect(page.getByTestId('sign-in-error')).toHaveCount(0);

  // A server below the app's minimum feature level is named as such as soon as its settings are read.
  const old = await new FakeChatServer({ featureLevel: 42 }).start();
  try {
    await page.getByTestId('server-url').fill(old.url);
    await page.getByTestId('server-continue').click();
    await expect(page.getByTestId('server-too-old')).toContainText(
      'This server is too old for this app: it reports feature level 42',
    );
    await expect(page.getByTestId('email')).toHaveCount(0);
    await expect(page.getByTestId('sign-in-submit')).toHaveCount(0);
    await page.screenshot({ path: 'test-results/screens/sign-in-too-old.png' });
  } finally {
    await old.close();
  }
});

test('the account switcher adds a second account and switches between them', async ({
  page,
  chat,
  signIn,
}) => {
  const first = (await signIn(page, 'member')).email;
  await expect(page.getByTestId('account-switcher')).toHaveText(first);
  const moderator = chat.user('moderator');
  await page.getByTestId('account-switcher').click();
  await page.getByTestId('add-account').click();
  // The sign-in card alone on the backdrop, not inside the first screen's own frame.
  const overlay = page.getByTestId('add-account-overlay');
  await expect(overlay.getByTestId('sign-in')).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  await overlay.screenshot({ path: 'test-results/screens/sign-in-add-account.png' });
  await page.getByTestId(`demo-account-${moderator.email}`).click();
  await expect(page.getByTestId('account-switcher')).toHaveText(moderator.email);
  await page.getByTestId('account-switcher').click();
  await expect(page.getByTestId(`account-${first}`)).toBeVisible();
  await page.getByTestId(`account-${first}`).click();
  await expect(page.getByTestId('account-switcher')).toHaveText(first);
  await expect(page.getByTestId('channel-general')).toBeVisible();
});

test('adding an account already signed in says so and opens it', async ({ page, chat, signIn }) => {
  const member = chat.user('member');
  await signIn(page, 'member');
  const realmName = chat.server.realm.settings.name;
  const notice = page.getByTestId('main-notice');
  // The account on screen, by email and password.
  await page.getByTestId('account-switcher').click();
  await page.getByTestId('add-account').click();
  await page.getByTestId('server-url').fill(chat.server.url);
  await page.getByTestId('server-continue').click();
  await page.getByTestId('password-email').fill(member.email);
  await page.getByTestId('password').fill(member.password!);
  await page.getByTestId('password-submit').click();
  await expect(notice).toContainText(
    `Already signed in as ${member.email} on ${realmName}; that account is open.`,
  );
  await expect(page.getByTestId('add-account-overlay')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/sign-in-already-signed-in.png' });

  // Another account on screen: the window switches to the one already signed in.
  const moderator = chat.user('moderator');
  await page.getByTestId('account-switcher').click();
  await page.getByTestId('add-account').click();
  await page.getByTestId(`demo-account-${moderator.email}`).click();
  await expect(page.getByTestId('account-switcher')).toHaveText(moderator.email);
  await page.getByTestId('account-switcher').click();
  await page.getByTestId('add-account').click();
  await page.getByTestId(`demo-account-${member.email}`).click();
  await expect(page.getByTestId('account-switcher')).toHaveText(member.email);
  await expect(notice).toContainText(`Already signed in as ${member.email}`);
  expect(chat.host.core.vault.list().filter((a) => a.email === member.email)).toHaveLength(1);
});

test('unsent text stays with its own account when switching accounts mid-compose', async ({
  page,
  chat,
  signIn,
}) => {
  const first = (await signIn(page, 'member')).email;
  const moderator = chat.user('moderator');
  const openDeployPipeline = async () => {
    await page.getByTestId('channel-engineering').click();
    await page.getByTestId('topic-deploy pipeline').click();
  };
  await openDeployPipeline();
  await page.getByTestId('compose-input').fill('Half a thought for my own team only');

  await page.getByTestId('account-switcher').click();
  await page.getByTestId('add-account').click();
  await page.getByTestId(`demo-account-${moderator.email}`).click();
  await expect(page.getByTestId('account-switcher')).toHaveText(moderator.email);
  // The same conversation in the other account: nothing of the first account's text.
  await openDeployPipeline();
  await expect(page.getByTestId('compose-input')).toHaveValue('');
  await page.getByTestId('compose-input').fill('The moderator writes this');
  await page.screenshot({ path: 'test-results/screens/account-switch-compose.png' });

  await page.getByTestId('account-switcher').click();
  await page.getByTestId(`account-${first}`).click();
  await expect(page.getByTestId('account-switcher')).toHaveText(first);
  // Back where the first account was, with its text.
  await expect(page.getByTestId('compose-input')).toHaveValue('Half a thought for my own team only');

  await page.getByTestId('account-switcher').click();
  await page.getByTestId(`account-${moderator.email}`).click();
  await expect(page.getByTestId('account-switcher')).toHaveText(moderator.email);
  await expect(page.getByTestId('compose-input')).toHaveValue('The moderator writes this');
});

test('removing an account forgets its drafts on this computer; the other account keeps its own', async ({
  page,
  chat,
  signIn,
}) => {
  await signIn(page, 'member');
  const moderator = chat.user('moderator');
  const storedTexts = () => page.evaluate(() => Object.values(localStorage).join('\n'));
  const openDeployPipeline = async () => {
    await page.getByTestId('channel-engineering').click();
    await page.getByTestId('topic-deploy pipeline').click();
  };
  await openDeployPipeline();
  await page.getByTestId('compose-input').fill('The member keeps this draft');
  await expect.poll(storedTexts).toContain('The member keeps this draft');

  await page.getByTestId('account-switcher').click();
  await page.getByTestId('add-account').click();
  await page.getByTestId(`demo-account-${moderator.email}`).click();
  await expect(page.getByTestId('account-switcher')).toHaveText(moderator.email);
  await openDeployPipeline();
  await page.getByTestId('compose-input').fill('A plan only the moderator should see');
  await expect.poll(storedTexts).toContain('A plan only the moderator should see');

  await page.getByTestId('account-switcher').click();
  await page.getByTestId(`remove-${moderator.email}`).click();
  await page.getByTestId(`confirm-remove-${moderator.email}`).click();
  await expect(page.getByTestId('account-switcher')).toHaveText(chat.user('member').email);
  await expect(page.getByTestId('compose-input')).toHaveValue('The member keeps this draft');
  await expect.poll(storedTexts).not.toContain('A plan only the moderator should see');
  expect(await storedTexts()).toContain('The member keeps this draft');
});

test('follows the color_scheme setting live (dark, then automatic)', async ({ page, chat, signIn }) => {
  const who = (await signIn(page, 'member')).email;
  await page.getByTestId('channel-engineering').click();
  await page.getByTestId('topic-deploy pipeline').click();
  expect((await chat.api(who).patch('/settings', { color_scheme: 2 })).status).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.screenshot({ path: 'test-results/screens/dark.png' });
  await chat.api(who).patch('/settings', { color_scheme: 1 });
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', 'dark');
});
