import { channelId } from './server-state';
import { expect, test, type ChatEnvironment } from './fixtures';

// Recent conversations (issue 13, home views): the conversations with recent activity, newest
// first, with participants, last activity and unread count; filters "participated", "unread",
// "include muted"; paged back in time through GET /messages; live by events.
test.describe.configure({ mode: 'serial' });

const BEN = 'ben@northwind.example';

/** The conversations the server's newest messages belong to, newest first, as the view should list them. */
async function newestConversations(chat: ChatEnvironment, who: string, count: number): Promise<string[]> {
  const { body } = await chat.api(who).get('/messages', {
    anchor: 'newest',
    num_before: 400,
    num_after: 0,
    narrow: [],
    apply_markdown: false,
    allow_empty_topic_name: true,
  });
  const keys: string[] = [];
  const messages = body.messages as {
    type: string;
    stream_id?: number;
    subject: string;
    display_recipient: unknown;
  }[];
  const self = chat.user(who).user_id;
  for (const m of [...messages].reverse()) {
    const key =
      m.type === 'stream'
        ? `recent-topic-${m.stream_id}-${m.subject}`
        : `recent-dm-${
            (m.display_recipient as { id: number }[])
              .map((r) => r.id)
              .filter((id) => id !== self)
              .sort((a, b) => a - b)
              .join(',') || 'self'
          }`;
    if (!keys.includes(key)) keys.push(key);
    if (keys.length === count) break;
  }
  return keys;
}

/** The test ids of the first `count` rows the view shows. */
async function shownRows(chat: ChatEnvironment, page: import('@playwright/test').Page, count: number) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++)
    ids.push(
      (await page
        .getByTestId('recent-list')
        .locator(`[data-index="${i}"] > button`)
        .getAttribute('data-testid')) ?? '',
    );
  return ids;
}

test('a person opens Recent conversations and sees the newest activity first, with who took part', async ({
  page,
  chat,
  signIn,
}) => {
  const ben = chat.user(BEN);
  const general = await channelId(chat.api('owner'), 'general');
  const topic = `recent story ${Date.now()}`;
  await chat.api(BEN).post('/messages', { type: 'channel', to: 'general', topic, content: 'Kick-off.' });
  await chat
    .api('moderator')
    .post('/messages', { type: 'channel', to: 'general', topic, content: 'Joining.' });

  await signIn(page, 'owner');
  await page.getByTestId('home-recent').click();
  await expect(page.getByTestId('recent-view')).toBeVisible();
  await expect(page.getByTestId('home-recent')).toHaveAttribute('aria-current', 'page');

  const row = page.getByTestId(`recent-topic-${general}-${topic}`);
  await expect(row).toBeVisible();
  // Newest first, in the order of the server's newest messages.
  const expected = await newestConversations(chat, 'owner', 5);
  expect(expected[0]).toBe(`recent-topic-${general}-${topic}`);
  await expect.poll(() => shownRows(chat, page, 5)).toEqual(expected);
  // Participants, the most recent first; the unread count; the last activity.
  const moderator = chat.user('moderator');
  await expect(page.getByTestId(`recent-topic-${general}-${topic}-participants`)).toHaveAttribute(
    'title',
    `${moderator.full_name}, ${ben.full_name}`,
  );
  await expect(page.getByTestId(`recent-topic-${general}-${topic}-unread`)).toHaveText('2');
  await expect(row).toContainText('Just now');
  await page.screenshot({ path: 'test-results/screens/recent-light.png' });
  await chat.api('owner').patch('/settings', { color_scheme: 2 });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.screenshot({ path: 'test-results/screens/recent-dark.png' });
  await chat.api('owner').patch('/settings', { color_scheme: 1 });

  // The demo organization's history fits in a page or two: scrolling to the end finds its start.
  await page.getByTestId('recent-list').evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect(page.getByTestId('recent-end')).toHaveText('No older conversations.');
});

test('a person narrows Recent conversations with the filters', async ({ page, chat, signIn }) => {
  const general = await channelId(chat.api('owner'), 'general');
  const mine = `my topic ${Date.now()}`;
  const theirs = `their topic ${Date.now()}`;
  const muted = `muted topic ${Date.now()}`;
  await chat
    .api('owner')
    .post('/messages', { type: 'channel', to: 'general', topic: mine, content: 'Mine.' });
  await chat
    .api(BEN)
    .post('/messages', { type: 'channel', to: 'general', topic: theirs, content: 'Theirs.' });
  await chat.api(BEN).post('/messages', { type: 'channel', to: 'general', topic: muted, content: 'Shh.' });
  await chat.api('owner').post('/user_topics', { stream_id: general, topic: muted, visibility_policy: 1 });
  await signIn(page, 'owner');
  await page.getByTestId('home-recent').click();
  const mineRow = page.getByTestId(`recent-topic-${general}-${mine}`);
  const theirsRow = page.getByTestId(`recent-topic-${general}-${theirs}`);
  const mutedRow = page.getByTestId(`recent-topic-${general}-${muted}`);
  await expect(theirsRow).toBeVisible();
  await expect(mineRow).toBeVisible();
  await expect(mutedRow).toHaveCount(0);

  await page.getByTestId('recent-filter-includeMuted').click();
  await expect(page.getByTestId('recent-filter-includeMuted')).toHaveAttribute('aria-pressed', 'true');
  await expect(mutedRow).toBeVisible();
  await page.getByTestId('recent-filter-includeMuted').click();
  await expect(mutedRow).toHaveCount(0);

  await page.getByTestId('recent-filter-participated').click();
  await expect(mineRow).toBeVisible();
  await expect(theirsRow).toHaveCount(0);
  await page.getByTestId('recent-filter-participated').click();

  // Ada's own message is read; Ben's is not.
  await page.getByTestId('recent-filter-unread').click();
  await expect(theirsRow).toBeVisible();
  await expect(mineRow).toHaveCount(0);
  await page.getByTestId('recent-filter-unread').click();
  await expect(mineRow).toBeVisible();
});

test('a person finds a conversation with the Recent conversations Filter box, and goes from the filter buttons to the list with ↓ or j', async ({
  page,
  chat,
  signIn,
}) => {
  const general = await channelId(chat.api('owner'), 'general');
  const topic = `walrus budget ${Date.now()}`;
  await chat.api(BEN).post('/messages', { type: 'channel', to: 'general', topic, content: 'Numbers.' });
  await signIn(page, 'owner');
  await page.getByTestId('home-recent').click();
  const list = page.getByTestId('recent-list');
  const row = page.getByTestId(`recent-topic-${general}-${topic}`);
  await expect(row).toBeVisible();
  const focusedRow = () =>
    page.evaluate(() => document.activeElement?.closest('[data-index]')?.getAttribute('data-index') ?? null);

  // From a filter button the keys go on to the list, as the real service's do.
  await page.getByTestId('recent-filter-unread').click();
  await expect(row).toBeVisible();
  await page.keyboard.press('j');
  await expect.poll(focusedRow).toBe('0');
  await page.getByTestId('recent-filter-unread').click();
  await page.keyboard.press('ArrowDown');
  await expect.poll(focusedRow).toBe('0');

  // Words of the channel and topic, in any order; people's names for direct messages.
  const filter = page.getByTestId('recent-filter-text');
  await filter.fill('budg walr');
  await expect(list.locator('[data-index] > button')).toHaveCount(1);
  await expect(row).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/recent-filter.png' });
  await filter.fill('nothing-called-this');
  await expect(page.getByTestId('recent-end')).toHaveText('No conversations match these filters.');
  await filter.fill('walrus');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('conversation-title')).toContainText(topic);
});

test('a channel the person leaves takes its conversations out of Recent conversations, even while open', async ({
  page,
  chat,
  signIn,
}) => {
  const design = await channelId(chat.api('member'), 'design');
  const topic = `leaving ${Date.now()}`;
  await chat.api('member').post('/users/me/subscriptions', { subscriptions: [{ name: 'design' }] });
  await chat.api(BEN).post('/messages', { type: 'channel', to: 'design', topic, content: 'Mockups.' });
  await signIn(page, 'member');
  await page.getByTestId('home-recent').click();
  const row = page.getByTestId(`recent-topic-${design}-${topic}`);
  await expect(row).toBeVisible();

  // Left from another client: the row goes at once, and does not come back with the next load, with
  // muted conversations included or not.
  await chat.api('member').delete('/users/me/subscriptions', { subscriptions: ['design'] });
  await expect(row).toHaveCount(0);
  await page.reload();
  await page.getByTestId('home-recent').click();
  await expect(page.getByTestId('recent-list')).toBeVisible();
  await page.getByTestId('recent-filter-includeMuted').click();
  await expect(page.getByTestId('recent-filter-includeMuted')).toHaveAttribute('aria-pressed', 'true');
  await expect(row).toHaveCount(0);
  await page.getByTestId('recent-filter-includeMuted').click();

  // Joined again, it is back.
  await chat.api('member').post('/users/me/subscriptions', { subscriptions: [{ name: 'design' }] });
  await expect(row).toBeVisible();
});

test('a person keeps Recent conversations open while others write, then opens one', async ({
  page,
  chat,
  signIn,
}) => {
  const ben = chat.user(BEN);
  const general = await channelId(chat.api('owner'), 'general');
  await signIn(page, 'owner');
  await page.getByTestId('home-recent').click();
  await expect(page.getByTestId('recent-list')).toBeVisible();

  // A new topic comes in at the top, without a reload.
  const topic = `live ${Date.now()}`;
  const { body: sent } = await chat
    .api(BEN)
    .post('/messages', { type: 'channel', to: 'general', topic, content: 'Fresh news.' });
  const row = page.getByTestId(`recent-topic-${general}-${topic}`);
  await expect(page.getByTestId('recent-list').locator('[data-index="0"] > button')).toHaveAttribute(
    'data-testid',
    `recent-topic-${general}-${topic}`,
  );
  await expect(page.getByTestId(`recent-topic-${general}-${topic}-unread`)).toHaveText('1');

  // A direct message moves its conversation to the top too.
  await chat
    .api(BEN)
    .post('/messages', { type: 'direct', to: [chat.user('owner').user_id], content: 'Ping.' });
  await expect(page.getByTestId('recent-list').locator('[data-index="0"] > button')).toHaveAttribute(
    'data-testid',
    `recent-dm-${ben.user_id}`,
  );

  // Renaming the topic (from another client) renames its row.
  const renamed = `${topic} (renamed)`;
  await chat
    .api(BEN)
    .patch(`/messages/${sent.id as number}`, { topic: renamed, propagate_mode: 'change_all' });
  await expect(page.getByTestId(`recent-topic-${general}-${renamed}`)).toBeVisible();
  await expect(row).toHaveCount(0);

  // Opening a row opens its conversation.
  await page.getByTestId(`recent-topic-${general}-${renamed}`).click();
  await expect(page.getByTestId('conversation-title')).toContainText(renamed);
  await expect(page.getByTestId(`message-${sent.id as number}`)).toBeVisible();
});

test('the conversation the keyboard is on stays put on screen while a burst re-sorts the list above it', async ({
  page,
  chat,
  signIn,
}) => {
  await signIn(page, 'owner');
  await page.getByTestId('home-recent').click();
  const list = page.getByTestId('recent-list');
  await expect(list).toBeVisible();
  // The keyboard on the fourth row.
  await list.locator('[data-index="0"] button').first().focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
  const focused = () =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      return { id: el.dataset.testid, top: Math.round(el.getBoundingClientRect().top) };
    });
  const before = await focused();
  expect(before.id).toMatch(/^recent-/);
  // Others write in five new topics: five rows arrive above it.
  const topics = Array.from({ length: 5 }, (_, i) => `burst ${Date.now()} ${i}`);
  for (const topic of topics)
    await chat.api(BEN).post('/messages', { type: 'channel', to: 'general', topic, content: 'News.' });
  const general = await channelId(chat.api('owner'), 'general');
  await expect(page.getByTestId(`recent-topic-${general}-${topics[4]}`)).toHaveCount(1);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const after = await focused();
  expect(after.id).toBe(before.id);
  expect(Math.abs(after.top - before.top)).toBeLessThanOrEqual(2);
});

test('at 800 px wide the Recent conversations title stays whole above its filters, and cut rows and sidebar names show their full text on hover', async ({
  page,
  chat,
  signIn,
}) => {
  const general = await channelId(chat.api('owner'), 'general');
  const topic = `long topic cut in a narrow window ${Date.now()}`;
  await chat.api(BEN).post('/messages', { type: 'channel', to: 'general', topic, content: 'Long.' });
  await signIn(page, 'owner');
  await page.setViewportSize({ width: 800, height: 600 });
  await page.getByTestId('home-recent').click();
  const title = page.getByTestId('home-title');
  await expect(title).toHaveText('Recent conversations');
  expect(await title.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await expect(page.getByTestId('recent-filter-includeMuted')).toBeInViewport({ ratio: 1 });
  const row = page.getByTestId(`recent-topic-${general}-${topic}`);
  await expect(row.locator('.recent-where')).toHaveAttribute('title', `#general › ${topic}`);
  await expect(page.getByTestId('channel-general').locator('.channel-name')).toHaveAttribute(
    'title',
    'general',
  );
  await expect(page.getByTestId('dm-list').locator('.ellipsis').first()).toHaveAttribute('title', /\S/);
  const ben = chat.user(BEN);
  await expect(page.getByTestId(`person-${ben.user_id}`).locator('.ellipsis').first()).toHaveAttribute(
    'title',
    ben.full_name,
  );
  await page.screenshot({ path: 'test-results/screens/recent-800.png' });
});
