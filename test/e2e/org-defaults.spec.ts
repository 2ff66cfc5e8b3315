import { expect, test, type ChatEnvironment } from './fixtures';
import { openSecondUser } from './second-user';

// Organization defaults for new users (spec 4.6 column D): administrators only.
test.describe.configure({ mode: 'serial' });

async function serverDefaults(chat: ChatEnvironment) {
  const { body } = await chat
    .api('owner')
    .post('/register', { fetch_event_types: ['realm_user_settings_defaults'] });
  return body.realm_user_settings_defaults as Record<string, unknown>;
}

test('an administrator changes defaults and another administrator sees them live', async ({
  page,
  chat,
  signIn,
  browser,
}) => {
  await signIn(page, 'admin');
  await page.getByTestId('open-settings').click();
  // Far down Personal settings, then Default settings: it opens at its top.
  const content = page.locator('.settings-content');
  await expect(page.getByTestId('personal-settings')).toBeVisible();
  await content.evaluate((box) => (box.scrollTop = box.scrollHeight));
  expect(await content.evaluate((box) => box.scrollTop)).toBeGreaterThan(500);
  await page.getByTestId('settings-nav-org-defaults').click();
  await expect(page.getByTestId('org-defaults')).toBeVisible();
  expect(await content.evaluate((box) => box.scrollTop)).toBe(0);
  await page.screenshot({ path: 'test-results/screens/org-defaults-top.png' });
  // Column D only: no personal-only preferences here.
  await expect(page.getByTestId('default-default_language')).toHaveCount(0);
  await expect(page.getByTestId('default-timezone')).toHaveCount(0);

  const owner = chat.user('owner');
  const second = await openSecondUser(browser, chat, owner.email);
  try {
    await second.page.getByTestId('open-settings').click();
    await second.page.getByTestId('settings-nav-org-defaults').click();
    const before = await serverDefaults(chat);
    await page.getByTestId('default-enter_sends').setChecked(!before.enter_sends);
    // Each accepted change says so beside the setting, briefly.
    await expect(page.getByTestId('default-enter_sends-saved')).toHaveText('✓ Saved');
    await page.screenshot({ path: 'test-results/screens/org-defaults-saved.png' });
    await expect(page.getByTestId('default-enter_sends-saved')).toHaveCount(0, { timeout: 5000 });
    await page.getByTestId('default-emojiset').selectOption('text');
    await page.getByTestId('default-email_address_visibility').selectOption({ label: 'Administrators only' });
    await expect
      .poll(() => serverDefaults(chat))
      .toMatchObject({ enter_sends: !before.enter_sends, emojiset: 'text', email_address_visibility: 3 });
    await expect(second.page.getByTestId('default-emojiset')).toHaveValue('text');
    await expect(second.page.getByTestId('default-enter_sends')).toBeChecked({
      checked: !before.enter_sends,
    });
    await expect(second.page.getByTestId('default-email_address_visibility')).toHaveValue('3');
    await page.screenshot({ path: 'test-results/screens/org-defaults.png' });
  } finally {
    await second.close();
  }
});

test('a member reaches the defaults from their entry and sees them read-only', async ({ page, signIn }) => {
  await signIn(page, 'member');
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-org-defaults').click();
  await expect(page.getByTestId('org-defaults-not-admin')).toBeVisible();
  // Every control shows the value and none can be changed (the server would refuse).
  const controls = page.getByTestId('org-defaults').locator('input, select');
  expect(await controls.count()).toBeGreaterThan(20);
  expect(await controls.evaluateAll((all) => all.filter((c) => !c.matches(':disabled')).length)).toBe(0);
  await expect(page.getByTestId('default-emojiset')).toBeDisabled();
  await page.screenshot({ path: 'test-results/screens/org-defaults-member.png' });
});
