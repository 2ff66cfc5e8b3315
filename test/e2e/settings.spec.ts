import { expect, test, type ChatEnvironment } from './fixtures';
import { openSecondUser } from './second-user';

// Personal settings (spec 4.3, 4.6 column S), as a member, in two windows of the same user.
test.describe.configure({ mode: 'serial' });

/** What the server holds for a user: the register state of a fresh queue. */
async function serverSettings(chat: ChatEnvironment, who: string) {
  const { body } = await chat
    .api(who)
    .post('/register', { fetch_event_types: ['user_settings', 'realm_user'] });
  return body as {
    user_settings: Record<string, unknown>;
    realm_users: { user_id: number; full_name: string }[];
  };
}

test('preferences apply at once and reach the other window of the same user', async ({
  page,
  chat,
  signIn,
  browser,
}) => {
  const member = await signIn(page, 'member');
  await page.getByTestId('open-settings').click();
  await expect(page.getByTestId('personal-settings')).toBeVisible();
  await expect(page).toHaveURL(/#settings\/personal$/);

  const second = await openSecondUser(browser, chat, member.email);
  try {
    await second.page.getByTestId('open-settings').click();
    const before = (await serverSettings(chat, member.email)).user_settings;
    const toggle = page.getByTestId('setting-twenty_four_hour_time');
    const expected = !before.twenty_four_hour_time;
    await toggle.setChecked(expected);
    await page.getByTestId('setting-color_scheme').selectOption({ label: 'Dark' });
    const font = page.getByTestId('setting-web_font_size_px');
    await font.fill('17');
    await font.press('Enter');
    await page.getByTestId('setting-web_home_view').selectOption('inbox');

    await expect
      .poll(async () => (await serverSettings(chat, member.email)).user_settings)
      .toMatchObject({
        twenty_four_hour_time: expected,
        color_scheme: 2,
        web_font_size_px: 17,
        web_home_view: 'inbox',
      });
    // The other window follows through user_settings events.
    await expect(second.page.getByTestId('setting-twenty_four_hour_time')).toBeChecked({ checked: expected });
    await expect(second.page.getByTestId('setting-web_font_size_px')).toHaveValue('17');
    await expect(second.page.getByTestId('setting-web_home_view')).toHaveValue('inbox');
    // The theme applies to the app at once.
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.getByTestId('settings-nav-personal').focus();
    await page.screenshot({ path: 'test-results/screens/settings-dark.png' });
    await page.getByTestId('setting-color_scheme').selectOption({ label: 'Light' });
    await expect(second.page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.screenshot({ path: 'test-results/screens/settings.png' });
  } finally {
    await second.close();
  }
});

test('name, email and password', async ({ page, chat, signIn }) => {
  const member = await signIn(page, 'member');
  await page.getByTestId('open-settings').click();
  await page.getByTestId('full-name').fill('Renamed Member');
  await page.getByTestId('full-name-save').click();
  await expect
    .poll(
      async () =>
        (await serverSettings(chat, member.email)).realm_users.find((u) => u.user_id === member.user_id)
          ?.full_name,
    )
    .toBe('Renamed Member');

  await page.getByTestId('new-email').fill('renamed@northwind.example');
  await page.getByTestId('email-save').click();
  await expect(page.getByTestId('email-confirmation')).toContainText('renamed@northwind.example');
  // The address changes only after confirmation.
  const me = await chat.api(member.email).get('/users/me');
  expect(me.body.email).toBe(member.email);

  await page.getByTestId('old-password').fill('wrong-password');
  await page.getByTestId('new-password').fill('a-new-secret');
  await page.getByTestId('repeat-password').fill('a-new-secret');
  await page.getByTestId('password-save').click();
  await expect(page.getByTestId('password-error')).toHaveText('Wrong password!');
  await page.getByTestId('old-password').fill('northwind-demo');
  await page.getByTestId('password-save').click();
  await expect(page.getByTestId('password-done')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/settings-account.png' });
});

test('keyboard only: open, move between sections, close', async ({ page, signIn }) => {
  await signIn(page, 'member');
  await page.getByTestId('open-settings').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('settings-nav-personal')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('settings-nav-status')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('status-editor')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('settings-screen')).toHaveCount(0);
  await expect(page.getByTestId('open-settings')).toBeFocused();
});

test('Esc in a field with text leaves the field, not the screen; the next Esc closes it', async ({
  page,
  signIn,
}) => {
  await signIn(page, 'member');
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-snippets').click();
  await page.getByTestId('snippet-title').fill('Half-written title');
  await page.getByTestId('snippet-content').fill('Text not saved yet');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('settings-screen')).toBeVisible();
  await expect(page.getByTestId('snippet-content')).not.toBeFocused();
  await expect(page.getByTestId('snippet-title')).toHaveValue('Half-written title');
  await expect(page.getByTestId('snippet-content')).toHaveValue('Text not saved yet');
  // Out of the field, Esc closes the screen, as before.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('settings-screen')).toHaveCount(0);
});

test('Esc in a preference being typed leaves the field with the typed value, which is saved', async ({
  page,
  chat,
  signIn,
}) => {
  const member = await signIn(page, 'member');
  await page.getByTestId('open-settings').click();
  const font = page.getByTestId('setting-web_font_size_px');
  const typed = (await font.inputValue()) === '18' ? '19' : '18';
  await font.fill(typed);
  await page.keyboard.press('Escape');
  await expect(font).not.toBeFocused();
  await expect(page.getByTestId('settings-screen')).toBeVisible();
  await expect(font).toHaveValue(typed);
  // Leaving a preference's field sends it, like a click elsewhere.
  await expect(page.getByTestId('setting-web_font_size_px-saved')).toBeVisible();
  expect((await serverSettings(chat, member.email)).user_settings.web_font_size_px).toBe(Number(typed));
});

test('language and time zone are picked from lists with readable names, and each save is confirmed', async ({
  page,
  chat,
  signIn,
}) => {
  const me = await signIn(page, 'member');
  await page.getByTestId('open-settings').click();
  const zone = page.getByTestId('setting-timezone');
  await zone.selectOption('America/Chicago');
  await expect(page.getByTestId('setting-timezone-saved')).toBeVisible();
  const language = page.getByTestId('setting-default_language');
  await language.selectOption({ label: 'Deutsch (German)' });
  await expect(page.getByTestId('setting-default_language-saved')).toBeVisible();
  await language.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/settings-pickers.png' });
  await expect(page.getByTestId('settings-screen')).not.toContainText(/IANA|default true|language code/);
  const { body } = await chat.api(me.email).post('/register', { fetch_event_types: ['user_settings'] });
  expect(body.user_settings).toMatchObject({ timezone: 'America/Chicago', default_language: 'de' });
  await language.selectOption('en');
});
