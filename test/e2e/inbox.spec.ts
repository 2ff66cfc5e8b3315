import { channelId } from './server-state';
import { expect, test, type ChatEnvironment } from './fixtures';

// Inbox (issue 13, home views): every conversation with unread messages, direct messages first,
// then by channel; counts and mention markers; collapsible groups; muted topics left out; live;
// a row opens its conversation at the first unread message.
test.describe.configure({ mode: 'serial' });

const BEN = 'ben@northwind.example';

interface Flagged {
  id: number;
  flags: string[];
}

/** The user's unread message ids in a narrow, as the server holds them. */
async function unreadIds(chat: ChatEnvironment, who: string, narrow: unknown[]): Promise<number[]> {
  const { body } = await chat.api(who).get('/messages', {
    anchor: 'newest',
    num_before: 1000,
    num_after: 0,
    narrow: [...(narrow as object[]), { operator: 'is', operand: 'unread' }],
    apply_markdown: false,
  });
  return (body.messages as Flagged[]).map((m) => m.id);
}

test('a person opens the app on the Inbox and sees what is unread, direct messages first', async ({
  page,
  chat,
  signIn,
}) => {
  const ada = chat.user('owner');
  const ben = chat.user(BEN);
  const general = await channelId(chat.api('owner'), 'general');
  const topic = `inbox story ${Date.now()}`;
  await chat.api(BEN).post('/messages', { type: 'direct', to: [ada.user_id], content: 'Got a minute?' });
  await chat.api(BEN).post('/messages', {
    type: 'channel',
    to: 'general',
    topic,
    content: `@**${ada.full_name}** could you look at this?`,
  });
  await chat.api(BEN).post('/messages', { type: 'channel', to: 'general', topic, content: 'No rush.' });

  await signIn(page, 'owner');
  await expect(page.getByTestId('inbox-view')).toBeVisible();
  await expect(page.getByTestId('home-title')).toHaveText('Inbox');
  await expect(page.getByTestId('home-inbox')).toHaveAttribute('aria-current', 'page');

  // Direct messages come first.
  const list = page.getByTestId('inbox-list');
  await expect(list.locator('[data-index="0"] button')).toHaveAttribute('data-testid', 'inbox-group-dm');
  const dmUnread = await unreadIds(chat, 'owner', [{ operator: 'dm', operand: [ben.user_id] }]);
  await expect(page.getByTestId(`inbox-dm-${ben.user_id}-unread`)).toHaveText(String(dmUnread.length));

  // The topic sits under #general with its count and the mention marker.
  const row = page.getByTestId(`inbox-topic-${general}-${topic}`);
  await expect(row).toBeVisible();
  await expect(page.getByTestId(`inbox-topic-${general}-${topic}-unread`)).toHaveText('2');
  await expect(page.getByTestId(`inbox-topic-${general}-${topic}-mention`)).toBeVisible();
  await expect(page.getByTestId('inbox-group-general-mention')).toBeVisible();
  const generalUnread = await unreadIds(chat, 'owner', [{ operator: 'channel', operand: general }]);
  await expect(page.getByTestId('inbox-group-general-unread')).toHaveText(String(generalUnread.length));
  await page.screenshot({ path: 'test-results/screens/inbox-light.png' });

  // The same screen in the dark theme.
  await chat.api('owner').patch('/settings', { color_scheme: 2 });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.screenshot({ path: 'test-results/screens/inbox-dark.png' });
  await chat.api('owner').patch('/settings', { color_scheme: 1 });
});

test('a person collapses a channel, mutes a topic, and sees new messages arrive', async ({
  page,
  chat,
  signIn,
}) => {
  const general = await channelId(chat.api('owner'), 'general');
  const topic = `collapse me ${Date.now()}`;
  await chat.api(BEN).post('/messages', { type: 'channel', to: 'general', topic, content: 'One.' });
  await signIn(page, 'owner');
  const row = page.getByTestId(`inbox-topic-${general}-${topic}`);
  await expect(row).toBeVisible();

  const header = page.getByTestId('inbox-group-general');
  await header.click();
  await expect(header).toHaveAttribute('aria-expanded', 'false');
  await expect(row).toHaveCount(0);
  // Collapsed, the group still says how much is unread in it.
  await expect(page.getByTestId('inbox-group-general-unread')).toBeVisible();
  await header.click();
  await expect(row).toBeVisible();

  // A message in a new topic appears without a reload.
  const fresh = `just arrived ${Date.now()}`;
  await chat.api(BEN).post('/messages', { type: 'channel', to: 'general', topic: fresh, content: 'Hello!' });
  await expect(page.getByTestId(`inbox-topic-${general}-${fresh}-unread`)).toHaveText('1');
  await chat.api(BEN).post('/messages', { type: 'channel', to: 'general', topic: fresh, content: 'Again.' });
  await expect(page.getByTestId(`inbox-topic-${general}-${fresh}-unread`)).toHaveText('2');

  // Muting a topic (here from another client) takes it out of the Inbox.
  await chat.api('owner').post('/user_topics', { stream_id: general, topic, visibility_policy: 1 });
  await expect(row).toHaveCount(0);
  await chat.api('owner').post('/user_topics', { stream_id: general, topic, visibility_policy: 0 });
  await expect(row).toBeVisible();
});

test('a person opens a conversation from the Inbox at its first unread message, then goes back', async ({
  page,
  chat,
  signIn,
}) => {
  const general = await channelId(chat.api('owner'), 'general');
  const topic = `open at first unread ${Date.now()}`;
  const { body: first } = await chat
    .api(BEN)
    .post('/messages', { type: 'channel', to: 'general', topic, content: 'First unread.' });
  await chat.api(BEN).post('/messages', { type: 'channel', to: 'general', topic, content: 'Second.' });
  await signIn(page, 'owner');

  // Keyboard: the row is a button, reached with Tab and opened with Enter.
  const row = page.getByTestId(`inbox-topic-${general}-${topic}`);
  await row.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('conversation-title')).toContainText(topic);
  await expect(page.getByTestId(`message-${first.id as number}`)).toBeVisible();
  await expect
    .poll(() =>
      unreadIds(chat, 'owner', [
        { operator: 'channel', operand: general },
        { operator: 'topic', operand: topic },
      ]),
    )
    .toEqual([]);

  // Esc goes home: the Inbox, where the conversation, now read, is gone.
  await page.getByTestId(`message-${first.id as number}`).click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('inbox-view')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('a mention that arrives while the Inbox is open is marked at once', async ({ page, chat, signIn }) => {
  const ada = chat.user('owner');
  const random = await channelId(chat.api('owner'), 'random');
  await signIn(page, 'owner');
  await expect(page.getByTestId('inbox-view')).toBeVisible();
  const topic = `live mention ${Date.now()}`;
  await chat.api(BEN).post('/messages', {
    type: 'channel',
    to: 'random',
    topic,
    content: `hey @**${ada.full_name}** look`,
  });
  await expect(page.getByTestId(`inbox-topic-${random}-${topic}-unread`)).toHaveText('1');
  await expect(page.getByTestId(`inbox-topic-${random}-${topic}-mention`)).toBeVisible();
  await expect(page.getByTestId('inbox-group-random-mention')).toBeVisible();
});

test('the Inbox is worked through from the keyboard at once: its first row has the focus, j/k and the arrows move, Enter opens', async ({
  page,
  signIn,
}) => {
  await signIn(page, 'owner');
  const list = page.getByTestId('inbox-list');
  await expect(list).toBeVisible();
  const focusedRow = () =>
    page.evaluate(() => document.activeElement?.closest('[data-index]')?.getAttribute('data-index') ?? null);
  // Nothing else had the focus: the first row takes it, so the keys work without a click.
  await expect.poll(focusedRow).toBe('0');
  await page.keyboard.press('j');
  await expect.poll(focusedRow).toBe('1');
  await page.keyboard.press('ArrowDown');
  await expect.poll(focusedRow).toBe('2');
  await page.keyboard.press('k');
  await expect.poll(focusedRow).toBe('1');
  const label = await page.evaluate(() => (document.activeElement as HTMLElement).innerText.split('\n')[0]);
  await page.screenshot({ path: 'test-results/screens/inbox-keyboard.png' });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('inbox-view')).toHaveCount(0);
  await expect(page.getByTestId('conversation-title')).toContainText(label!.trim());
});

test('a person finds a conversation with the Inbox Filter box: by channel and topic words, ↓ into the list, Enter opens the first', async ({
  page,
  chat,
  signIn,
}) => {
  const general = await channelId(chat.api('owner'), 'general');
  const topic = `quarterly zebra ${Date.now()}`;
  await chat.api(BEN).post('/messages', { type: 'channel', to: 'general', topic, content: 'Unread.' });
  await signIn(page, 'owner');
  const total = await page.getByTestId('inbox-total').innerText();
  const list = page.getByTestId('inbox-list');
  const row = page.getByTestId(`inbox-topic-${general}-${topic}`);
  await expect(row).toBeVisible();

  const filter = page.getByTestId('inbox-filter');
  await filter.fill('zeb gen');
  await expect(list.locator('[data-index] button')).toHaveCount(2);
  await expect(page.getByTestId('inbox-group-general')).toBeVisible();
  await expect(row).toBeVisible();
  // The header still counts the whole Inbox, as the sidebar does.
  await expect(page.getByTestId('inbox-total')).toHaveText(total);
  await page.screenshot({ path: 'test-results/screens/inbox-filter.png' });

  await filter.fill('nothing-called-this');
  await expect(page.getByTestId('inbox-no-match')).toBeVisible();
  await filter.fill('zebra');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('inbox-group-general')).toBeFocused();
  await filter.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('conversation-title')).toContainText(topic);
});

test('a person lists all topics, the unmuted ones or the followed ones in the Inbox', async ({
  page,
  chat,
  signIn,
}) => {
  const general = await channelId(chat.api('owner'), 'general');
  const stamp = Date.now();
  const followed = `followed ${stamp}`;
  const muted = `muted ${stamp}`;
  for (const topic of [followed, muted])
    await chat.api(BEN).post('/messages', { type: 'channel', to: 'general', topic, content: 'Unread.' });
  await chat.api('owner').post('/user_topics', { stream_id: general, topic: followed, visibility_policy: 3 });
  await chat.api('owner').post('/user_topics', { stream_id: general, topic: muted, visibility_policy: 1 });
  await signIn(page, 'owner');
  const followedRow = page.getByTestId(`inbox-topic-${general}-${followed}`);
  const mutedRow = page.getByTestId(`inbox-topic-${general}-${muted}`);
  const otherRow = page.getByTestId(`inbox-topic-${general}-team lunch`);
  const status = page.getByTestId('inbox-topic-status');
  await expect(status).toHaveValue('unmuted');
  await expect(followedRow).toBeVisible();
  await expect(otherRow).toBeVisible();
  await expect(mutedRow).toHaveCount(0);

  await status.selectOption('all');
  await expect(mutedRow).toBeVisible();
  await expect(mutedRow).toHaveClass(/muted/);
  await page.screenshot({ path: 'test-results/screens/inbox-all-topics.png' });

  await status.selectOption('followed');
  await expect(followedRow).toBeVisible();
  await expect(otherRow).toHaveCount(0);
  await expect(mutedRow).toHaveCount(0);
  await status.selectOption('unmuted');
});

test('the sidebar’s Mentions counts the unread mentions and opens the messages that mention the person', async ({
  page,
  chat,
  signIn,
}) => {
  const ada = chat.user('owner');
  await signIn(page, 'owner');
  await expect(page.getByTestId('inbox-view')).toBeVisible();
  const count = page.getByTestId('mentions-count');
  const before = (await count.count()) > 0 ? Number(await count.textContent()) : 0;
  const topic = `mentions view ${Date.now()}`;
  const { body } = await chat.api(BEN).post('/messages', {
    type: 'channel',
    to: 'general',
    topic,
    content: `@**${ada.full_name}** have a look`,
  });
  await expect(page.getByTestId('mentions-count')).toHaveText(String(before + 1));
  await page.getByTestId('home-mentions').click();
  await expect(page.getByTestId('conversation-title')).toHaveText('Mentions');
  await expect(page.getByTestId(`message-${body.id as number}`)).toBeVisible();
  await expect(page.getByTestId('home-mentions')).toHaveAttribute('aria-current', 'page');
  await page.screenshot({ path: 'test-results/screens/mentions-view.png' });
});
