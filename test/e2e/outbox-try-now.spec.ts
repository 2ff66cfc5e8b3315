import { newestContents } from './server-state';
import { expect, test } from './fixtures';

// "Try now" on a message waiting for the server: the server is back, but the connection's own
// next attempt is far off (a long backoff after an outage). The message must go at once.
test.use({
  chatSetup: {
    behindProxy: true,
    core: { backoff: { baseMs: 120_000, capMs: 120_000 }, random: () => 0.99 },
  },
});

test('Try now on a message waiting for the server sends it at once when the server is back', async ({
  page,
  chat,
  signIn,
  faultProxy,
}) => {
  const me = await signIn(page, 'member');
  await page.getByTestId('channel-general').click();
  await page.getByTestId('topic-team lunch').click();
  await expect(page.getByTestId('conversation-title')).toContainText('team lunch');

  await faultProxy.down();
  const text = `Sent with Try now ${Date.now()}`;
  await page.getByTestId('compose-input').fill(text);
  await page.getByTestId('compose-send').click();
  const echo = page.getByTestId('pending-message').filter({ hasText: text });
  await expect(echo.getByTestId('pending-status')).toContainText(/not delivered yet/i);

  await faultProxy.up();
  await echo.getByTestId('pending-retry').click();
  // Well within the two minutes the connection would otherwise have waited.
  await expect(echo).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByTestId('message-feed').getByText(text)).toHaveCount(1);
  await expect(page.getByTestId('connection-banner')).toHaveCount(0);
  const contents = await newestContents(chat.api(me.email), 'general', 'team lunch');
  expect(contents.filter((c) => c === text)).toHaveLength(1);
});
