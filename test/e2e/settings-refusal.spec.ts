import { expect, test } from './fixtures';

// A setting the server refuses, as a member (spec 4.3): the refusal is the server's own answer,
// given here by the proxy in front of it, since every control offers only values the app can list.
test.use({ chatSetup: { behindProxy: true } });

test('a value the server refuses is explained and the control goes back', async ({
  page,
  signIn,
  faultProxy,
}) => {
  await signIn(page, 'member');
  await page.goto(`${page.url().split('#')[0]}#settings/personal`);
  // The server's sounds in a list (not a text field), so the refusal is the proxy's.
  const sound = page.getByTestId('setting-notification_sound');
  await expect(sound.locator('option')).toHaveText(['None', 'Chime', 'Ding']);
  const before = await sound.inputValue();
  const other = before === 'ding' ? 'chime' : 'ding';
  faultProxy.next(
    {
      kind: 'status',
      status: 400,
      body: JSON.stringify({
        result: 'error',
        code: 'BAD_REQUEST',
        msg: `Invalid notification sound '${other}'`,
      }),
    },
    '/api/v1/settings',
  );
  await sound.selectOption(other);
  await expect(page.getByTestId('setting-notification_sound-error')).toContainText(
    `Invalid notification sound '${other}'`,
  );
  await expect(sound).toHaveValue(before);
});

test('a number the server refuses stays in its field beside the reason, to be fixed', async ({
  page,
  signIn,
}) => {
  await signIn(page, 'member');
  await page.goto(`${page.url().split('#')[0]}#settings/personal`);
  const delay = page.getByTestId('setting-email_notifications_batching_period_seconds');
  await delay.fill('5');
  await delay.press('Enter');
  await expect(page.getByTestId('setting-email_notifications_batching_period_seconds-error')).toContainText(
    'Invalid email batching period',
  );
  await expect(delay).toHaveValue('5');
  // Esc leaves the field and keeps the number (README: Esc in a text field keeps its text).
  await delay.press('Escape');
  await expect(delay).not.toBeFocused();
  await expect(delay).toHaveValue('5');
  await expect(page.getByTestId('settings-screen')).toBeVisible();
});
