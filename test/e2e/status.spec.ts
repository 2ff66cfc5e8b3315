import { expect, test, type ChatEnvironment } from './fixtures';

// Status (spec 4.11): text up to 60 characters, emoji of the three kinds, clear.
test.describe.configure({ mode: 'serial' });

async function statusOf(chat: ChatEnvironment, who: string) {
  const user = chat.user(who);
  const { body } = await chat.api(who).get(`/users/${user.user_id}/status`);
  return body.status as Record<string, unknown>;
}

test('sets text with a unicode emoji, then a custom and the extra emoji, then clears', async ({
  page,
  chat,
  signIn,
}) => {
  await signIn(page, 'member');
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-status').click();

  const text = page.getByTestId('status-text');
  await text.fill('x'.repeat(61));
  await expect(page.getByTestId('status-counter')).toHaveText('61/60');
  await expect(page.getByTestId('status-save')).toBeDisabled();

  await text.fill('Out for lunch');
  await expect(page.getByTestId('status-counter')).toHaveText('13/60');
  await page.getByTestId('status-emoji').click();
  await page.getByTestId('emoji-search').fill('taco');
  await page.screenshot({ path: 'test-results/screens/status-picker.png' });
  await page.getByTestId('emoji-taco').click();
  await page.getByTestId('status-save').click();
  await expect(page.getByTestId('status-saved')).toBeVisible();
  await expect
    .poll(() => statusOf(chat, 'member'))
    .toMatchObject({ status_text: 'Out for lunch', emoji_name: 'taco', reaction_type: 'unicode_emoji' });
  await page.screenshot({ path: 'test-results/screens/status.png' });

  await page.getByTestId('status-emoji').click();
  await page.getByTestId('emoji-search').fill('northwind');
  await page.getByTestId('emoji-northwind').click();
  await page.getByTestId('status-save').click();
  await expect
    .poll(() => statusOf(chat, 'member'))
    .toMatchObject({ emoji_name: 'northwind', reaction_type: 'realm_emoji' });

  await page.getByTestId('status-emoji').click();
  await page.getByTestId('emoji-search').fill('service');
  await page.getByTestId('emoji-service').click();
  await page.getByTestId('status-save').click();
  await expect
    .poll(() => statusOf(chat, 'member'))
    .toMatchObject({ emoji_name: 'service', emoji_code: 'service', reaction_type: 'service_extra_emoji' });

  await page.getByTestId('status-clear').click();
  await expect.poll(async () => (await statusOf(chat, 'member')).status_text ?? '').toBe('');
  expect((await statusOf(chat, 'member')).emoji_name ?? '').toBe('');
  await expect(text).toHaveValue('');
  // The focus goes where the next status is typed (the button it was on is disabled now).
  await expect(text).toBeFocused();

  // Enter saves, and the focus stays in the field when the server's answer redraws the form.
  await text.fill('In a meeting');
  await text.press('Enter');
  await expect.poll(async () => (await statusOf(chat, 'member')).status_text).toBe('In a meeting');
  await expect(page.getByTestId('status-saved')).toBeVisible();
  await expect(text).toBeFocused();
  await expect(text).toHaveValue('In a meeting');
});

test('a saved status cannot be sent again unchanged (the server would refuse it)', async ({
  page,
  signIn,
}) => {
  await signIn(page, 'member');
  await page.goto(`${page.url().split('#')[0]}#settings/status`);
  // "Client did not pass any new values." is avoided: Save turns off once nothing changed.
  await page.getByTestId('status-text').fill('Busy');
  await page.getByTestId('status-save').click();
  await expect(page.getByTestId('status-saved')).toBeVisible();
  await expect(page.getByTestId('status-save')).toBeDisabled();
});

test('"Set status" in the top bar opens the status text field, focused; Esc goes back to the button', async ({
  page,
  signIn,
}) => {
  await signIn(page, 'member');
  const button = page.getByTestId('own-status');
  await button.focus();
  await page.keyboard.press('Enter');
  const text = page.getByTestId('status-text');
  await expect(text).toBeVisible();
  await expect(text).toBeFocused();
  // Typing goes on from the status already set (an earlier test's), if any.
  await page.keyboard.type('Heads down');
  await expect(text).toHaveValue(/Heads down$/);
  await page.screenshot({ path: 'test-results/screens/status-from-top-bar.png' });
  // Emptied, one Esc closes the screen; the settings button still opens on the section list.
  await text.fill('');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('settings-screen')).toBeHidden();
  await expect(button).toBeFocused();
  await page.getByTestId('open-settings').click();
  await expect(page.getByTestId('settings-nav-personal')).toBeFocused();
});

test('"Remove emoji" from the keyboard leaves the focus on the emoji button, not the top of the screen', async ({
  page,
  signIn,
}) => {
  await signIn(page, 'member');
  await page.goto(`${page.url().split('#')[0]}#settings/status`);
  await page.getByTestId('status-emoji').click();
  await page.getByTestId('emoji-search').fill('taco');
  await page.getByTestId('emoji-taco').click();
  const remove = page.getByTestId('status-emoji-remove');
  await remove.focus();
  await page.keyboard.press('Enter');
  await expect(remove).toBeHidden();
  const emoji = page.getByTestId('status-emoji');
  await expect(emoji).toBeFocused();
  await expect(emoji).toHaveAttribute('aria-label', 'Pick an emoji');
  // Tab goes on from there, to the text field.
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('status-text')).toBeFocused();
});
