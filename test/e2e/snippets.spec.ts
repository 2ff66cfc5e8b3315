import { expect, test, type ChatEnvironment } from './fixtures';

// Saved snippets (spec 4.19): create from the screen or the compose box, insert into the compose box,
// edit. Each test makes the snippets it needs, so any one of them runs alone.

async function snippets(chat: ChatEnvironment, who: string) {
  const { body } = await chat.api(who).get('/saved_snippets');
  return body.saved_snippets as { id: number; title: string; content: string }[];
}

test('creates a snippet on the screen; an empty title or text is refused, saying which', async ({
  page,
  chat,
  signIn,
}) => {
  const me = await signIn(page, 'member');
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-snippets').click();
  await page.getByTestId('snippet-content').fill('Thanks for the report! We are looking into it.');
  await page.getByTestId('snippet-save').click();
  await expect(page.getByTestId('snippet-error')).toHaveText('Not saved: Give the snippet a title.');
  await page.getByTestId('snippet-title').fill('Bug report reply');
  await page.getByTestId('snippet-content').fill('');
  await page.getByTestId('snippet-save').click();
  await expect(page.getByTestId('snippet-error')).toHaveText('Not saved: Give the snippet some text.');
  await expect(page.getByTestId('snippet-title')).toHaveValue('Bug report reply');
  await page.getByTestId('snippet-content').fill('Thanks for the report! We are looking into it.');
  await page.getByTestId('snippet-save').click();
  await expect(page.getByTestId('snippets-list')).toContainText('Bug report reply');
  expect(await snippets(chat, me.email)).toContainEqual(
    expect.objectContaining({
      title: 'Bug report reply',
      content: 'Thanks for the report! We are looking into it.',
    }),
  );
  await page.screenshot({ path: 'test-results/screens/snippets.png' });
});

test('inserts a snippet into the compose box and saves the box as a new snippet', async ({
  page,
  chat,
  signIn,
}) => {
  // Its own snippet, made before signing in so the register state already has it.
  await chat.api('member').post('/saved_snippets', {
    title: 'Bug report reply',
    content: 'Thanks for the report! We are looking into it.',
  });
  const me = await signIn(page, 'member');
  await page.getByTestId('channel-general').click();
  await page.getByTestId('topic-welcome').click();
  const input = page.getByTestId('compose-input');
  await input.fill('Hi! ');
  await page.getByTestId('compose-snippets').click();
  await page.getByTestId('snippet-search').fill('bug report');
  await page.getByTestId('snippet-search').press('Enter');
  await expect(input).toHaveValue('Hi! Thanks for the report! We are looking into it.');
  await expect(input).toBeFocused();

  await page.getByTestId('compose-snippets').click();
  await page.getByTestId('snippet-from-compose').click();
  await page.getByTestId('snippet-title').fill('Greeting and thanks');
  await page.screenshot({ path: 'test-results/screens/snippets-compose.png' });
  await page.getByTestId('snippet-save').click();
  await expect(page.getByTestId('snippet-popover')).toHaveCount(0);
  await expect
    .poll(async () => (await snippets(chat, me.email)).map((s) => s.title))
    .toContain('Greeting and thanks');
  // The compose text is untouched by saving it as a snippet.
  await expect(input).toHaveValue('Hi! Thanks for the report! We are looking into it.');
});

test('edits a snippet’s title and text; an emptied title is refused and nothing is lost', async ({
  page,
  chat,
  signIn,
}) => {
  const created = await chat.api('moderator').post('/saved_snippets', {
    title: 'Standup',
    content: 'Standup in 5 minutes',
  });
  const id = created.body.saved_snippet_id as number;
  await chat.api('moderator').post('/saved_snippets', { title: 'Retro', content: 'Retro at 4' });
  const me = await signIn(page, 'moderator');
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-snippets').click();
  const card = page.getByTestId(`snippet-${id}`);
  await card.getByTestId('snippet-edit').click();
  await expect(card.getByTestId('snippet-edit-title')).toHaveValue('Standup');

  await card.getByTestId('snippet-edit-title').fill('');
  await card.getByTestId('snippet-edit-save').click();
  await expect(card.getByTestId('snippet-edit-error')).toHaveText('Not saved: Give the snippet a title.');
  await expect(card.getByTestId('snippet-edit-content')).toHaveValue('Standup in 5 minutes');

  await card.getByTestId('snippet-edit-title').fill('Daily standup');
  await card.getByTestId('snippet-edit-content').fill('Standup in **10** minutes, room 2');
  await page.screenshot({ path: 'test-results/screens/snippets-edit.png' });
  await card.getByTestId('snippet-edit-save').click();
  await expect(card.getByTestId('snippet-edit-form')).toHaveCount(0);
  // The keyboard goes on from the card's Edit.
  await expect(card.getByTestId('snippet-edit')).toBeFocused();
  await expect(card).toContainText('Daily standup');
  await expect(card).toContainText('Standup in **10** minutes, room 2');
  expect((await snippets(chat, me.email)).find((s) => s.id === id)).toMatchObject({
    title: 'Daily standup',
    content: 'Standup in **10** minutes, room 2',
  });

  // Cancel leaves it as it was.
  await card.getByTestId('snippet-edit').click();
  await card.getByTestId('snippet-edit-content').fill('never saved');
  await card.getByTestId('snippet-edit-cancel').click();
  await expect(card).toContainText('Standup in **10** minutes, room 2');
  expect((await snippets(chat, me.email)).find((s) => s.id === id)?.content).toBe(
    'Standup in **10** minutes, room 2',
  );

  // Deleted, its row goes and the next row's Delete has the focus.
  await card.getByTestId('snippet-delete').press('Enter');
  await expect(card).toHaveCount(0);
  await expect(page.locator('[data-testid="snippet-delete"]:focus')).toHaveCount(1);
  // With none left, the keyboard goes on from the list's heading.
  const deletes = page.getByTestId('snippet-delete');
  while ((await deletes.count()) > 0) {
    const left = await deletes.count();
    await page.keyboard.press('Enter');
    await expect(deletes).toHaveCount(left - 1);
  }
  await expect(page.getByRole('heading', { name: 'Your snippets' })).toBeFocused();
});

test('a snippet being edited keeps its form and text when deleted from another device (saving makes it again) or hidden by the search', async ({
  page,
  chat,
  signIn,
}) => {
  const me = await signIn(page, 'member');
  const api = chat.api(me.email);
  const { body } = await api.post('/saved_snippets', { title: 'Standup', content: 'Standup at 9:30.' });
  const id = body.saved_snippet_id as number;
  await api.post('/saved_snippets', { title: 'Lunch', content: 'Lunch at noon.' });
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-snippets').click();
  const card = page.getByTestId(`snippet-${id}`);
  await card.getByTestId('snippet-edit').click();
  await card.getByTestId('snippet-edit-content').fill('Standup at 9:45, in the big room.');

  // The search hides the card; the edit stays on screen with its text.
  await page.getByRole('searchbox', { name: 'Search snippets' }).fill('Lunch');
  await expect(card.getByTestId('snippet-edit-content')).toHaveValue('Standup at 9:45, in the big room.');
  await page.getByRole('searchbox', { name: 'Search snippets' }).fill('');

  await api.delete(`/saved_snippets/${id}`);
  await expect(card.getByTestId('snippet-edit-deleted')).toContainText('deleted');
  await expect(card.getByTestId('snippet-edit-content')).toHaveValue('Standup at 9:45, in the big room.');
  await card.getByTestId('snippet-edit-save').click();
  await expect(page.getByTestId('snippet-edit-form')).toHaveCount(0);
  const kept = (await snippets(chat, me.email)).filter((s) => s.title === 'Standup');
  expect(kept).toHaveLength(1);
  expect(kept[0]).toMatchObject({ content: 'Standup at 9:45, in the big room.' });
  expect(kept[0]!.id).not.toBe(id);
});
