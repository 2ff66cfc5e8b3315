import { expect, test, type ChatEnvironment } from './fixtures';

// The default home view (issue 13): chosen in personal settings (web_home_view), the app opens
// there and Esc returns there.
test.describe.configure({ mode: 'serial' });

async function homeViewSetting(chat: ChatEnvironment, who: string): Promise<unknown> {
  const { body } = await chat.api(who).post('/register', { fetch_event_types: ['user_settings'] });
  return (body.user_settings as Record<string, unknown>).web_home_view;
}

test('a person picks Recent conversations as home view; the app opens there and Esc goes back', async ({
  page,
  chat,
  signIn,
}) => {
  await signIn(page, 'member');
  // The organization's default: the Inbox.
  await expect(page.getByTestId('inbox-view')).toBeVisible();

  await page.getByTestId('open-settings').click();
  await page.getByTestId('setting-web_home_view').selectOption('recent_topics');
  await expect.poll(() => homeViewSetting(chat, 'member')).toBe('recent_topics');
  await page.getByTestId('settings-close').click();

  // A restart opens Recent conversations.
  await page.reload();
  await expect(page.getByTestId('recent-view')).toBeVisible();
  await expect(page.getByTestId('home-recent')).toHaveAttribute('aria-current', 'page');

  // From a conversation, Esc comes home.
  await page.getByTestId('channel-general').click();
  await page.getByTestId('topic-welcome').click();
  await expect(page.getByTestId('conversation-title')).toContainText('welcome');
  await page.getByTestId('conversation-title').click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('recent-view')).toBeVisible();
});

test('with the combined feed as home view, the app opens on All messages', async ({ page, chat, signIn }) => {
  await chat.api('member').patch('/settings', { web_home_view: 'all_messages' });
  await signIn(page, 'member');
  await expect(page.getByTestId('all-messages')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('message-feed')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/home-all-messages.png' });

  // The other home views stay a click away.
  await page.getByTestId('home-inbox').click();
  await expect(page.getByTestId('inbox-view')).toBeVisible();
  await page.getByTestId('home-recent').click();
  await expect(page.getByTestId('recent-view')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('all-messages')).toHaveAttribute('aria-current', 'page');
});

test('a relaunch reopens the conversation left open; one left on a home view or a search opens the home view', async ({
  page,
  chat,
  signIn,
}) => {
  await chat.api('member').patch('/settings', { web_home_view: 'inbox' });
  await signIn(page, 'member');
  await expect(page.getByTestId('inbox-view')).toBeVisible();
  await page.getByTestId('channel-general').click();
  await page.getByTestId('topic-welcome').click();
  await expect(page.getByTestId('conversation-title')).toContainText('welcome');
  await expect
    .poll(() => chat.host.core.lastOpenConversation())
    .toMatchObject({ kind: 'topic', topic: 'welcome' });

  // The window starts afresh, as at a launch: the topic again, not the Inbox, and no click.
  await page.reload();
  await expect(page.getByTestId('conversation-title')).toContainText('welcome');
  await expect(page.getByTestId('message-feed').locator('[data-message-id]').first()).toBeVisible();
  await expect(page.getByTestId('inbox-view')).toHaveCount(0);

  // Left on a search: a lookup, not a place; the home view opens.
  await page.getByTestId('search-input').fill('welcome');
  await page.getByTestId('search-input').press('Enter');
  await expect.poll(() => chat.host.core.lastOpenConversation()).toBeNull();
  await page.reload();
  await expect(page.getByTestId('inbox-view')).toBeVisible();
});
