import { expect, test, type ChatEnvironment } from './fixtures';
import { openSecondUser } from './second-user';

// Typing notifications (4.4): another person typing in the open topic is shown, and the notice goes
// when they clear their compose box.

async function post(chat: ChatEnvironment, who: string, topic: string, content: string): Promise<number> {
  const { body } = await chat.api(who).post('/messages', { type: 'channel', to: 'general', topic, content });
  return body.id as number;
}

test('shows who is typing in the open topic, until they stop', async ({ page, chat, signIn, browser }) => {
  await signIn(page, 'member');
  const topic = `typing ${Date.now()}`;
  await post(chat, 'admin', topic, 'Anyone around?');
  const other = await openSecondUser(browser, chat, 'admin');
  try {
    await page.getByTestId('channel-general').click();
    await page.getByTestId(`topic-${topic}`).click();
    await other.page.getByTestId('channel-general').click();
    await other.page.getByTestId(`topic-${topic}`).click();

    await other.page.getByTestId('compose-input').pressSequentially('hel');
    await expect(page.getByTestId('typing-indicator')).toContainText(chat.user('admin').full_name);
    await page.screenshot({ path: 'test-results/screens/typing.png' });
    await other.page.getByTestId('compose-input').fill('');
    await expect(page.getByTestId('typing-indicator')).toHaveText('');
  } finally {
    await other.close();
  }
});
