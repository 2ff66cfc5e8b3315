import { channelId } from './server-state';
import { expect, test, type ChatEnvironment } from './fixtures';

// Browse channels (issue 16 items 5-7): descriptions rendered through the sanitizer, what each
// filter combination lists, joining and leaving, and creating a channel.

async function subscribedNames(chat: ChatEnvironment, who: string): Promise<string[]> {
  const { body } = await chat.api(who).get('/users/me/subscriptions');
  return (body.subscriptions as { name: string }[]).map((s) => s.name);
}

test('descriptions are rendered (and sanitized) as in the channel details, not shown as markdown', async ({
  page,
  chat,
  signIn,
}) => {
  const general = await channelId(chat.api('owner'), 'general');
  await chat.api('admin').patch(`/streams/${general}`, {
    description: 'Everyone, **everything**. See #123 <img src=x onerror="window.__pwned=1">',
  });
  await signIn(page, 'member');
  await page.getByTestId('browse-channels').click();
  const description = page.getByTestId('browse-description-general');
  await expect(description.locator('strong')).toHaveText('everything');
  await expect(description).not.toContainText('**');
  await expect(description.locator('a')).toHaveAttribute(
    'href',
    'https://tracker.northwind.example/issues/123',
  );
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  await expect(description.locator('img[onerror]')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/browse-channels.png' });
});

test('what each filter combination lists; "Only default channels" never adds channels', async ({
  page,
  signIn,
}) => {
  await signIn(page, 'member'); // Dmitri: in general, engineering, random, announcements, help, old-projects
  await page.getByTestId('browse-channels').click();
  const dialog = page.getByTestId('browse-channels-dialog');
  const names = async () => {
    await expect(dialog.getByTestId('browse-list').or(dialog.getByTestId('empty'))).toBeVisible();
    return dialog
      .locator('[data-testid^="browse-row-"]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')!.slice('browse-row-'.length)));
  };
  const set = async (testId: string, on: boolean) => {
    const box = dialog.getByTestId(testId);
    if (on) await box.check();
    else await box.uncheck();
  };

  // Defaults: public and subscribed channels, archived hidden; private ones he is not in never show.
  await expect.poll(names).toEqual(['announcements', 'design', 'engineering', 'general', 'help', 'random']);
  // Only default channels: of those, the default ones.
  await set('filter-default_only', true);
  await expect.poll(names).toEqual(['general', 'random']);
  // Every source off: nothing, whatever "Only default channels" says (it used to add them back).
  await set('filter-include_public', false);
  await set('filter-include_subscribed', false);
  await expect(dialog.getByTestId('browse-no-source')).toBeVisible();
  await expect.poll(names).toEqual([]);
  await set('filter-default_only', false);
  await expect.poll(names).toEqual([]);
  // Web-public alone: help; narrowed to default channels: none of them is.
  await set('filter-include_web_public', true);
  await expect.poll(names).toEqual(['help']);
  await set('filter-default_only', true);
  await expect(dialog.getByText('No channel matches these filters.')).toBeVisible();
  // Subscribed alone, archived shown: his archived channel comes in.
  await set('filter-default_only', false);
  await set('filter-include_web_public', false);
  await set('filter-include_subscribed', true);
  await set('filter-exclude_archived', false);
  await expect
    .poll(names)
    .toEqual(['announcements', 'engineering', 'general', 'help', 'old-projects', 'random']);
});

test('a name typed narrows the list; Esc empties it, Enter opens the first channel named so', async ({
  page,
  signIn,
}) => {
  await signIn(page, 'member');
  await page.getByTestId('browse-channels').click();
  const filter = page.getByTestId('browse-name-filter');
  await expect(filter).toBeFocused();
  await filter.fill('ENGIN');
  const list = page.getByTestId('browse-list');
  await expect(list.locator('[data-testid^="browse-row-"]')).toHaveCount(1);
  await expect(page.getByTestId('browse-row-engineering')).toBeVisible();
  // Words of a description find its channel too.
  await filter.fill('interaction');
  await expect(list.locator('[data-testid^="browse-row-"]')).toHaveCount(1);
  await expect(page.getByTestId('browse-row-design')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/browse-filtered.png' });
  await filter.fill('no such channel');
  await expect(page.getByTestId('browse-channels-dialog')).toContainText(
    'No channel named or described like “no such channel” with these filters.',
  );
  // Esc empties the field; the next one closes the dialog.
  await filter.press('Escape');
  await expect(filter).toHaveValue('');
  await filter.fill('random');
  await filter.press('Enter');
  await expect(page.getByTestId('browse-channels-dialog')).toHaveCount(0);
  await expect(page.getByTestId('conversation-title')).toContainText('random');
});

test('joins and leaves a channel from Browse channels and from the channel details', async ({
  page,
  chat,
  signIn,
}) => {
  const me = await signIn(page, 'farid@northwind.example'); // a member, not in #engineering
  expect(await subscribedNames(chat, me.email)).not.toContain('engineering');
  await page.getByTestId('browse-channels').click();
  const dialog = page.getByTestId('browse-channels-dialog');
  await dialog.getByTestId('join-leave-engineering').click();
  await expect(dialog.getByTestId('join-leave-engineering')).toHaveText('Leave');
  await expect(page.getByTestId('channel-engineering')).toBeVisible(); // in the sidebar now
  await expect.poll(() => subscribedNames(chat, me.email)).toContain('engineering');
  await page.screenshot({ path: 'test-results/screens/browse-channels-joined.png' });

  await dialog.getByTestId('browse-engineering').click();
  const details = page.getByTestId('channel-details');
  await expect(details.getByTestId('channel-join-leave')).toHaveText('Leave');
  await details.getByTestId('channel-join-leave').click();
  await expect(details.getByTestId('channel-join-leave')).toHaveText('Join');
  await expect(page.getByTestId('channel-engineering')).toHaveCount(0);
  await expect.poll(() => subscribedNames(chat, me.email)).not.toContain('engineering');
  await details.getByTestId('channel-join-leave').click();
  await expect(details.getByTestId('channel-join-leave')).toHaveText('Leave');
  await expect.poll(() => subscribedNames(chat, me.email)).toContain('engineering');
});

test('a channel read without being subscribed says that its new messages do not come in; Join there brings them', async ({
  page,
  chat,
  signIn,
}) => {
  const me = await signIn(page, 'farid@northwind.example');
  await chat.api(me.email).delete('/users/me/subscriptions', { subscriptions: ['engineering'] });
  await page.getByTestId('browse-channels').click();
  await page.getByTestId('browse-channels-dialog').getByTestId('browse-engineering').click();
  await expect(page.getByTestId('conversation-title')).toHaveText('# engineering');
  const notice = page.getByTestId('not-subscribed-notice');
  await expect(notice).toContainText('You are not subscribed to #engineering');

  // No event brings it while Farid is out of the channel.
  await chat.api('admin').post('/messages', {
    type: 'stream',
    to: 'engineering',
    topic: 'while out',
    content: 'Posted while Farid was not subscribed',
  });
  await notice.getByTestId('not-subscribed-join').click();
  await expect.poll(() => subscribedNames(chat, me.email)).toContain('engineering');
  await expect(notice).toHaveCount(0);
  await expect(page.getByText('Posted while Farid was not subscribed')).toBeVisible();
});

test('a guest may not join a web-public channel: the server says so and nothing changes', async ({
  page,
  chat,
  signIn,
}) => {
  await chat.api('owner').post('/users/me/subscriptions', {
    subscriptions: [{ name: 'public-notes', description: 'Notes for everyone' }],
    is_web_public: true,
  });
  const guest = await signIn(page, 'guest');
  await page.getByTestId('browse-channels').click();
  const dialog = page.getByTestId('browse-channels-dialog');
  await dialog.getByTestId('filter-include_web_public').check();
  await dialog.getByTestId('join-leave-public-notes').click();
  await expect(dialog.getByTestId('join-leave-public-notes-error')).toHaveText(
    'Unable to access channel (public-notes).',
  );
  await expect(dialog.getByTestId('join-leave-public-notes')).toHaveText('Join');
  expect(await subscribedNames(chat, guest.email)).not.toContain('public-notes');
});

test('creates a private channel with a description and a first member, then opens it', async ({
  page,
  chat,
  signIn,
}) => {
  const me = await signIn(page, 'member');
  await page.getByTestId('create-channel').click();
  const dialog = page.getByTestId('create-channel-dialog');
  await expect(dialog.getByTestId('new-channel-name-problem')).toHaveCount(0);
  await dialog.getByTestId('new-channel-name').fill('   ');
  await expect(dialog.getByTestId('new-channel-name-problem')).toHaveText('Give the channel a name.');
  await dialog.getByTestId('new-channel-name').fill('general');
  await expect(dialog.getByTestId('new-channel-name-problem')).toHaveText(
    'There is already a channel named #general.',
  );
  await expect(dialog.getByTestId('create-channel-submit')).toBeDisabled();
  await dialog.getByTestId('new-channel-name').fill('launch-plan');
  await dialog.getByTestId('new-channel-description').fill('Everything about the **launch**');
  await dialog.getByTestId('new-channel-privacy-private').check();
  await dialog.getByTestId('user-search').fill('Elena');
  await dialog.getByTestId('user-elena@northwind.example').click();
  await expect(dialog.getByTestId('new-channel-members')).toHaveText('You and Elena García.');
  await page.screenshot({ path: 'test-results/screens/create-channel.png' });
  await dialog.getByTestId('create-channel-submit').click();

  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('channel-launch-plan')).toBeVisible();
  const details = page.getByTestId('channel-details');
  await expect(details.getByTestId('channel-privacy')).toHaveText('Private');
  await expect(details.getByTestId('channel-description').locator('strong')).toHaveText('launch');

  const { body } = await chat
    .api(me.email)
    .get(`/streams/${await channelId(chat.api('owner'), 'launch-plan')}`);
  expect(body.stream).toMatchObject({
    name: 'launch-plan',
    invite_only: true,
    history_public_to_subscribers: false,
    description: 'Everything about the **launch**',
    creator_id: me.user_id,
  });
  expect(await subscribedNames(chat, 'elena@northwind.example')).toContain('launch-plan');
  expect(await subscribedNames(chat, 'farid@northwind.example')).not.toContain('launch-plan');

  // Leaving a private channel asks first; Cancel keeps the subscription.
  await details.getByTestId('channel-join-leave').click();
  await expect(details.getByTestId('channel-join-leave-confirm-text')).toContainText(
    'Leave #launch-plan? You may need to be added back.',
  );
  await details.getByTestId('channel-join-leave-cancel').click();
  await expect(details.getByTestId('channel-join-leave-confirm-text')).toHaveCount(0);
  expect(await subscribedNames(chat, me.email)).toContain('launch-plan');
  await details.getByTestId('channel-join-leave').click();
  await details.getByTestId('channel-join-leave').click();
  await expect(page.getByTestId('channel-launch-plan')).toHaveCount(0);
  await expect.poll(() => subscribedNames(chat, me.email)).not.toContain('launch-plan');
});

test('a channel just created takes the keyboard, as it does opened from Browse channels', async ({
  page,
  signIn,
}) => {
  await signIn(page, 'member');
  await page.getByTestId('create-channel').click();
  await page.getByTestId('new-channel-name').fill('focus-check');
  await page.getByTestId('create-channel-submit').click();
  await expect(page.getByTestId('create-channel-dialog')).toHaveCount(0);
  await expect(page.getByTestId('conversation-title')).toContainText('focus-check');
  // Nothing in it yet: its compose box, where there is something to do (not the sidebar's "+").
  await expect(page.getByTestId('compose-topic')).toBeFocused();

  await page.getByTestId('channel-general').click();
  await page.getByTestId('browse-channels').click();
  await page.getByTestId('browse-focus-check').click();
  await expect(page.getByTestId('conversation-title')).toContainText('focus-check');
  await expect(page.getByTestId('compose-topic')).toBeFocused();
});

test('a guest, whom the organization does not let create channels, is not offered to', async ({
  page,
  signIn,
}) => {
  await signIn(page, 'guest');
  await expect(page.getByTestId('channel-general')).toBeVisible();
  await expect(page.getByTestId('create-channel')).toHaveCount(0);
  await page.getByTestId('browse-channels').click();
  await expect(page.getByTestId('browse-channels-dialog')).toBeVisible();
  await expect(page.getByTestId('open-create-channel')).toHaveCount(0);
});

test('a member only allowed private channels is offered only those; a refusal is shown and the form kept', async ({
  page,
  chat,
  signIn,
}) => {
  const { body } = await chat.api('owner').get('/user_groups');
  const idOf = (name: string) =>
    (body.user_groups as { id: number; name: string }[]).find((g) => g.name === name)!.id;
  const allowPublic = (group: string) =>
    chat
      .api('owner')
      .patch('/realm', { can_create_public_channel_group: JSON.stringify({ new: idOf(group) }) });
  expect((await allowPublic('role:administrators')).status).toBe(200);
  try {
    await signIn(page, 'member');
    await page.getByTestId('create-channel').click();
    const dialog = page.getByTestId('create-channel-dialog');
    await expect(dialog.getByTestId('new-channel-privacy-private')).toBeChecked();
    await expect(dialog.getByTestId('new-channel-privacy-public')).toBeDisabled();
    await expect(dialog.getByTestId('new-channel-public-not-allowed')).toHaveText(
      'You cannot create public channels in this organization.',
    );
    // A private channel the member cannot see has the name: only the server knows, and says so.
    await dialog.getByTestId('new-channel-name').fill('leadership');
    await dialog.getByTestId('create-channel-submit').click();
    await expect(dialog.getByTestId('new-channel-error')).toHaveText(
      'Not created: Unable to access channel (leadership).',
    );
    await expect(dialog.getByTestId('new-channel-name')).toHaveValue('leadership');
  } finally {
    await allowPublic('role:members');
  }
});
