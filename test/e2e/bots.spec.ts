import { expect, test } from './fixtures';

// A bot's API key reaches the page only when its owner clicks "Show API key" (issue 17 part 2);
// every other bridge frame of this file, as of every UI test, is scanned for every key of the
// organization by the fixture (key-scan.ts).

test('the owner of a bot sees its key on request, once', async ({ page, signIn, chat, bridgeKeyScan }) => {
  const ben = await signIn(page, 'admin');
  const bot = chat.users.find((user) => user.is_bot && user.email.startsWith('deploy-bot'))!;
  expect(chat.server.realm.users.get(bot.user_id)?.bot_owner_id).toBe(ben.user_id);

  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-bots').click();
  const row = page.getByTestId(`bot-${bot.user_id}`);
  await expect(row).toContainText('Deploy Bot');
  await expect(row.getByTestId('bot-key')).toHaveCount(0);
  expect(bridgeKeyScan.revealAnswers).toBe(0);

  await row.getByTestId('bot-show-key').click();
  await expect(row.getByTestId('bot-key')).toHaveText(bot.api_key);
  await page.screenshot({ path: 'test-results/screens/bots.png' });
  await row.getByTestId('bot-hide-key').click();
  await expect(row.getByTestId('bot-key')).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText(bot.api_key);
  expect(bridgeKeyScan.revealAnswers).toBe(1);
});

test('from the keyboard, the focus stays on the bot key button as it shows and hides the key', async ({
  page,
  signIn,
  chat,
}) => {
  await signIn(page, 'admin');
  const bot = chat.users.find((user) => user.is_bot && user.email.startsWith('deploy-bot'))!;
  await page.goto(`${page.url().split('#')[0]}#settings/bots`);
  const row = page.getByTestId(`bot-${bot.user_id}`);
  await row.getByTestId('bot-show-key').focus();
  await page.keyboard.press('Enter');
  await expect(row.getByTestId('bot-key')).toHaveText(bot.api_key);
  await expect(row.getByTestId('bot-hide-key')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(row.getByTestId('bot-key')).toHaveCount(0);
  await expect(row.getByTestId('bot-show-key')).toBeFocused();
});

test('an administrator who does not own the bot is not offered its key', async ({ page, signIn, chat }) => {
  await signIn(page, 'owner');
  const bot = chat.users.find((user) => user.is_bot && user.email.startsWith('deploy-bot'))!;
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-bots').click();
  const row = page.getByTestId(`bot-${bot.user_id}`);
  await expect(row).toContainText('Only its owner');
  await expect(row.getByTestId('bot-show-key')).toHaveCount(0);
});
