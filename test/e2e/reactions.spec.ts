import { expect, test, type ChatEnvironment } from './fixtures';
import { openSecondUser } from './second-user';

// Reactions (4.17), typing (4.4), stars and mark all as read (4.13), search highlighting (4.8).
test.describe.configure({ mode: 'serial' });

async function post(chat: ChatEnvironment, who: string, topic: string, content: string): Promise<number> {
  const { body } = await chat.api(who).post('/messages', { type: 'channel', to: 'general', topic, content });
  return body.id as number;
}

async function message(chat: ChatEnvironment, who: string, id: number) {
  const { body } = await chat.api(who).get('/messages', {
    anchor: id,
    num_before: 0,
    num_after: 0,
    narrow: [{ operator: 'id', operand: id }],
  });
  return (body.messages as { reactions: { emoji_name: string; user_id: number }[]; flags: string[] }[])[0]!;
}

test('reacts with the picker; the other person sees it live; a second click removes it', async ({
  page,
  chat,
  signIn,
  browser,
}) => {
  const me = await signIn(page, 'member');
  const topic = `reactions ${Date.now()}`;
  const id = await post(chat, 'admin', topic, 'Ship it?');
  const other = await openSecondUser(browser, chat, 'admin');
  try {
    await page.getByTestId('channel-general').click();
    await page.getByTestId(`topic-${topic}`).click();
    await other.page.getByTestId('channel-general').click();
    await other.page.getByTestId(`topic-${topic}`).click();

    await page.getByTestId(`message-${id}`).hover();
    await page.getByTestId(`add-reaction-${id}`).click();
    await page.getByTestId('emoji-search').fill('octopus');
    await page.getByTestId('emoji-octopus').click();
    // display_emoji_reaction_users is on by default: one reaction names who reacted (spec 4.6).
    await expect(page.getByTestId(`reactions-${id}`).getByTestId('reaction-octopus')).toContainText('You');
    expect((await message(chat, me.email, id)).reactions).toContainEqual(
      expect.objectContaining({ emoji_name: 'octopus', user_id: me.user_id }),
    );
    await expect(other.page.getByTestId(`reactions-${id}`).getByTestId('reaction-octopus')).toContainText(
      me.full_name,
    );
    await page.screenshot({ path: 'test-results/screens/reactions.png' });

    await page.getByTestId(`reactions-${id}`).getByTestId('reaction-octopus').click();
    await expect(page.getByTestId(`reactions-${id}`).getByTestId('reaction-octopus')).toHaveCount(0);
    await expect(other.page.getByTestId(`reactions-${id}`).getByTestId('reaction-octopus')).toHaveCount(0);
    expect((await message(chat, me.email, id)).reactions).toEqual([]);

    // Typing: the other person types in the same topic; this page shows it, then it goes away.
    await other.page.getByTestId('compose-input').pressSequentially('hel');
    await expect(page.getByTestId('typing-indicator')).toContainText(chat.user('admin').full_name);
    await other.page.getByTestId('compose-input').fill('');
    await expect(page.getByTestId('typing-indicator')).toHaveText('');
  } finally {
    await other.close();
  }
});

test('stars a message and the server holds the flag', async ({ page, chat, signIn }) => {
  const me = await signIn(page, 'member');
  const topic = `stars ${Date.now()}`;
  const id = await post(chat, 'admin', topic, 'Remember this');
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
  await page.getByTestId(`message-${id}`).hover();
  await page.getByTestId(`star-${id}`).click();
  await expect(page.getByTestId(`star-${id}`)).toHaveAttribute('aria-pressed', 'true');
  expect((await message(chat, me.email, id)).flags).toContain('starred');
  await page.getByTestId('starred').click();
  await expect(page.getByTestId(`message-${id}`)).toBeVisible();
});

test('marks a whole channel as read with progress and counts', async ({ page, chat, signIn }) => {
  const me = await signIn(page, 'member');
  const topic = `bulk ${Date.now()}`;
  for (let i = 0; i < 3; i++) await post(chat, 'admin', topic, `bulk ${i}`);
  await expect(page.getByTestId('channel-unread-general')).toBeVisible();
  await page.getByTestId('channel-general').click();
  await page.getByTestId('mark-channel-read').click();
  await page.getByTestId('mark-read-confirm').click();
  await expect(page.getByTestId('mark-read-progress')).toContainText('Done');
  await expect(page.getByTestId('channel-unread-general')).toHaveCount(0);
  const { body } = await chat.api(me.email).get('/messages', {
    anchor: 'newest',
    num_before: 100,
    num_after: 0,
    narrow: [
      { operator: 'channel', operand: 'general' },
      { operator: 'is', operand: 'unread' },
    ],
  });
  expect(body.messages).toEqual([]);
});

test('search highlights the matching words', async ({ page, chat, signIn }) => {
  await signIn(page, 'member');
  await page.getByTestId('search-input').fill('pipeline');
  await page.getByTestId('search-input').press('Enter');
  await expect(page.getByTestId('conversation-title')).toContainText('pipeline');
  // Hits are highlighted in the content or in the topic of each message.
  await expect(page.getByTestId('message-feed').locator('.highlight').first()).toBeVisible();
  await expect(page.getByTestId('message-feed').locator('.highlight').first()).toHaveText(/pipeline/i);

  // New messages arrive live; matches_narrow decides which belong to the search.
  const feed = page.getByTestId('message-feed');
  const hit = `The pipeline is green again ${Date.now()}`;
  const miss = `Unrelated lunch note ${Date.now()}`;
  await chat
    .api('admin')
    .post('/messages', { type: 'channel', to: 'general', topic: 'status', content: miss });
  await chat
    .api('admin')
    .post('/messages', { type: 'channel', to: 'general', topic: 'status', content: hit });
  await expect(feed.getByText(/is green again/)).toBeVisible();
  await expect(feed.locator('.highlight', { hasText: /pipeline/i }).last()).toBeVisible();
  await expect(feed.getByText(miss)).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/search.png' });
});

test('flags set from another client of the same person arrive live', async ({ page, chat, signIn }) => {
  const me = await signIn(page, 'member');
  const topic = `other client ${Date.now()}`;
  const id = await post(chat, 'admin', topic, 'Flag me elsewhere');
  await page.getByTestId('channel-general').click();
  await expect(page.getByTestId(`topic-unread-${topic}`)).toHaveText('1');
  // The same person stars and reads it on another device (straight to the server).
  await chat.api(me.email).post('/messages/flags', { messages: [id], op: 'add', flag: 'starred' });
  await chat.api(me.email).post('/messages/flags', { messages: [id], op: 'add', flag: 'read' });
  await expect(page.getByTestId(`topic-unread-${topic}`)).toHaveCount(0);
  await page.getByTestId(`topic-${topic}`).click();
  await expect(page.getByTestId(`star-${id}`)).toHaveAttribute('aria-pressed', 'true');
});
