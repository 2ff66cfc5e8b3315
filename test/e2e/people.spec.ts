import { expect, test } from './fixtures';

// People and statuses (4.11): the home view lists the organization's people with role and status;
// statuses also show on sender lines, in the direct-message sidebar and (one's own) in the top bar.
test.describe.configure({ mode: 'serial' });

test('the home view lists people with role and status; statuses show by names everywhere', async ({
  page,
  chat,
  signIn,
}) => {
  const admin = chat.user('admin');
  const owner = chat.user('owner');
  const guest = chat.user('guest');
  await chat.api('admin').post('/users/me/status', {
    status_text: 'In the lab',
    emoji_name: 'microscope',
    emoji_code: '1f52c',
    reaction_type: 'unicode_emoji',
  });
  await chat.api('owner').post('/users/me/status', { status_text: 'Travelling' });

  const me = await signIn(page, 'member');
  const panel = page.getByTestId('people-panel');
  await expect(panel).toBeVisible();
  const active = chat.users.length;
  await expect(page.getByTestId('people-count')).toContainText(`${active} people`);
  const ben = page.getByTestId(`person-${admin.user_id}`);
  await expect(ben).toContainText(admin.full_name);
  await expect(page.getByTestId(`role-${admin.user_id}`)).toHaveText('Admin');
  await expect(page.getByTestId(`person-status-${admin.user_id}`)).toContainText('🔬');
  await expect(page.getByTestId(`person-status-${admin.user_id}`)).toContainText('In the lab');
  await expect(page.getByTestId(`role-${guest.user_id}`)).toHaveText('Guest');
  await expect(page.getByTestId(`role-${me.user_id}`)).toHaveCount(0);
  await expect(page.getByTestId(`person-${me.user_id}`)).toContainText('(you)');
  await page.screenshot({ path: 'test-results/screens/people.png' });

  await page.getByTestId('people-search').fill('grace');
  await expect(panel.locator('[data-testid^="person-"][data-testid$="' + guest.user_id + '"]')).toHaveCount(
    1,
  );
  await expect(page.getByTestId(`person-${admin.user_id}`)).toHaveCount(0);
  await page.getByTestId('people-search').fill('');

  // A status change arrives live.
  await chat.api('admin').post('/users/me/status', { status_text: 'Back at my desk' });
  await expect(page.getByTestId(`person-status-${admin.user_id}`)).toContainText('Back at my desk');

  // The sidebar's one-to-one conversations carry the other person's status (the owner's is text only).
  await expect(page.getByTestId(`dm-status-${owner.user_id}`)).toHaveAttribute('title', 'Travelling');

  // Sender lines in the feed.
  const topic = `status ${Date.now()}`;
  const sent = await chat
    .api('admin')
    .post('/messages', { type: 'channel', to: 'general', topic, content: 'Status check.' });
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
  await expect(page.getByTestId(`sender-status-${sent.body.id as number}`)).toContainText('Back at my desk');

  // One's own status in the top bar, live, and a click opens the status editor.
  const own = page.getByTestId('own-status');
  await expect(own).toHaveText('Set status');
  await chat.api(me.email).post('/users/me/status', {
    status_text: 'Reviewing',
    emoji_name: 'eyes',
    emoji_code: '1f440',
    reaction_type: 'unicode_emoji',
  });
  await expect(own).toContainText('Reviewing');
  await expect(own).toContainText('👀');
  await page.screenshot({ path: 'test-results/screens/people-statuses.png' });
  await own.click();
  await expect(page.getByTestId('status-text')).toHaveValue('Reviewing');
});

test("a sender's card: from their name or u, with their role and local time, a direct message and what they sent", async ({
  page,
  chat,
  signIn,
}) => {
  const topic = `who is this ${Date.now()}`;
  const ben = chat.user('ben@northwind.example');
  const ids: number[] = [];
  for (const content of ['First from Ben', 'Second from Ben'])
    ids.push(
      (await chat.api(ben.email).post('/messages', { type: 'channel', to: 'general', topic, content })).body
        .id as number,
    );
  await signIn(page, 'owner');
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();

  await page.getByTestId(`sender-${ids[0]}`).click();
  const card = page.getByTestId('user-card');
  await expect(card.getByRole('dialog', { name: 'Ben Okafor' })).toBeVisible();
  await expect(card.getByTestId('user-card-email')).toContainText('@northwind.example');
  await expect(card.getByTestId('user-card-dm')).toBeFocused();
  await page.screenshot({ path: 'test-results/screens/user-card.png' });
  await page.keyboard.press('Escape');
  await expect(card).toHaveCount(0);

  // u on the selected message, one without its sender line.
  await page.getByTestId('message-feed').focus();
  await page.keyboard.press('End');
  await expect(page.locator('[data-selected="true"]')).toHaveAttribute('data-message-id', String(ids[1]));
  await page.keyboard.press('u');
  await expect(card.getByRole('dialog', { name: 'Ben Okafor' })).toBeVisible();
  await card.getByTestId('user-card-messages').click();
  await expect(card).toHaveCount(0);
  await expect(page.getByTestId(`content-${ids[1]}`)).toBeVisible();
  await expect(page.locator('[data-testid^="search-pill-"]')).toHaveText([/^sender:/]);

  // The avatar opens it too.
  await page.getByTestId(`sender-avatar-${ids[0]}`).click();
  await card.getByTestId('user-card-dm').click();
  await expect(page.getByTestId('conversation-title')).toContainText('Ben Okafor');
  await expect(page.getByTestId('compose-input')).toBeFocused();
});

test('a mention of a person in a message opens their card; a second click closes it, and @all opens none', async ({
  page,
  chat,
  signIn,
}) => {
  const topic = `mentioned ${Date.now()}`;
  const { body } = await chat.api('ben@northwind.example').post('/messages', {
    type: 'channel',
    to: 'general',
    topic,
    content: 'Over to @**Dmitri Ivanov**, and @**all** of you',
  });
  const id = body.id as number;
  await signIn(page, 'owner');
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();

  const content = page.getByTestId(`content-${id}`);
  const mention = content.locator('.user-mention', { hasText: 'Dmitri Ivanov' });
  await mention.click();
  const card = page.getByTestId('user-card');
  await expect(card.getByRole('dialog', { name: 'Dmitri Ivanov' })).toBeVisible();
  await expect(card.getByTestId('user-card-email')).toHaveText('dmitri@northwind.example');
  await expect(card.getByTestId('user-card-dm')).toBeFocused();
  // Beside the mention, not somewhere else on the page.
  const at = (await mention.boundingBox())!;
  const box = (await card.boundingBox())!;
  expect(Math.abs(box.y - (at.y + at.height))).toBeLessThan(12);
  await mention.click();
  await expect(card).toHaveCount(0);

  await content.locator('.user-mention', { hasText: 'all' }).click();
  await expect(card).toHaveCount(0);
  await mention.click();
  await expect(card.getByRole('dialog', { name: 'Dmitri Ivanov' })).toBeVisible();
  await card.getByTestId('user-card-messages').click();
  await expect(page.locator('[data-testid^="search-pill-"]')).toHaveText([
    'sender:dmitri@northwind.example×',
  ]);
});

test('w in a channel’s topic shows the people in the right pane to search them; Esc brings the channel back', async ({
  page,
  chat,
  signIn,
}) => {
  await signIn(page, 'member');
  await page.getByTestId('channel-general').click();
  await page.getByTestId('topic-welcome').click();
  const feed = page.getByTestId('message-feed');
  await expect(feed).not.toHaveAttribute('aria-busy');
  await feed.focus();
  await page.keyboard.press('w');
  const search = page.getByTestId('people-search');
  await expect(search).toBeFocused();
  // The name is typed into the search, not taken as shortcuts (r would open a reply).
  await page.keyboard.type('grace');
  await expect(search).toHaveValue('grace');
  await expect(page.getByTestId('compose-input')).not.toBeFocused();
  const grace = chat.user('grace@partner.example');
  await expect(page.getByTestId(`person-${grace.user_id}`)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('people-panel')).toHaveCount(0);
  await expect(page.getByTestId('conversation-title')).toHaveText('# general › welcome');
  await expect(feed).toBeFocused();
  // Again, and Enter opens the direct messages with the first person found.
  await page.keyboard.press('w');
  await page.keyboard.type('grace');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('conversation-title')).toHaveText(grace.full_name);
});
