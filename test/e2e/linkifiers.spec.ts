import { expect, test, type ChatEnvironment } from './fixtures';

// Linkifiers (spec 4.20, issue 16 item 20): administrators add, edit (with a live tester running the
// server's RE2 engine), reorder and delete. Each test sets up what it needs through the API, so any
// one of them passes alone (`-g`) or in any order.

type L = { id: number; pattern: string; url_template: string };

async function linkifiers(chat: ChatEnvironment): Promise<L[]> {
  return (await chat.api('admin').get('/realm/linkifiers')).body.linkifiers as L[];
}

async function ensureLinkifier(chat: ChatEnvironment, pattern: string, url_template: string): Promise<L> {
  const existing = (await linkifiers(chat)).find((l) => l.pattern === pattern);
  if (existing) return existing;
  const { body } = await chat.api('admin').post('/realm/filters', { pattern, url_template });
  return { id: body.id as number, pattern, url_template };
}

async function openLinkifiers(page: import('@playwright/test').Page) {
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-linkifiers').click();
  await expect(page.getByTestId('linkifiers-screen')).toBeVisible();
}

test('an administrator edits a linkifier after trying it on a sample', async ({ page, chat, signIn }) => {
  const target = await ensureLinkifier(chat, 'TASK-(?P<id>[0-9]+)', 'https://tasks.northwind.example/{id}');
  await signIn(page, 'admin');
  await openLinkifiers(page);
  const card = page.getByTestId(`linkifier-${target.id}`);
  await expect(card.getByTestId('linkifier-pattern')).toHaveText(target.pattern);

  await card.getByTestId('linkifier-edit').click();
  await card.getByTestId('linkifier-pattern-input').fill('(?P<project>[A-Z]+)-(?P<num>[0-9]+)');
  await expect(card.getByTestId('linkifier-problems')).toContainText('{id}');
  await card
    .getByTestId('linkifier-template-input')
    .fill('https://tracker.northwind.example/{project}/issues/{num}');
  await card.getByTestId('linkifier-sample').fill('Fixed OPS-42 and WEB-7, not #12.');
  await expect(card.getByTestId('linkifier-matches')).toContainText(
    'OPS-42 → https://tracker.northwind.example/OPS/issues/42',
  );
  await expect(card.getByTestId('linkifier-matches')).toContainText(
    'WEB-7 → https://tracker.northwind.example/WEB/issues/7',
  );
  await page.screenshot({ path: 'test-results/screens/linkifiers.png' });
  await card.getByTestId('linkifier-save').click();
  await expect(card.getByTestId('linkifier-form')).toHaveCount(0);
  await expect(card.getByTestId('linkifier-edit')).toBeFocused();
  await expect(card.getByTestId('linkifier-pattern')).toHaveText('(?P<project>[A-Z]+)-(?P<num>[0-9]+)');

  expect((await linkifiers(chat)).find((l) => l.id === target.id)).toMatchObject({
    pattern: '(?P<project>[A-Z]+)-(?P<num>[0-9]+)',
    url_template: 'https://tracker.northwind.example/{project}/issues/{num}',
  });
});

test('an administrator adds a linkifier, moves it up, and deletes it', async ({ page, chat, signIn }) => {
  await signIn(page, 'admin');
  await openLinkifiers(page);
  await page.getByTestId('linkifier-add').click();
  const form = page.getByTestId('linkifier-form');
  await form.getByTestId('linkifier-pattern-input').fill('PR-(?P<n>[0-9]+)');
  // A template that would let the matched text choose the host is refused before anything is sent.
  await form.getByTestId('linkifier-template-input').fill('https://code.example{n}');
  await expect(form.getByTestId('linkifier-problems')).toContainText('Invalid URL template');
  await expect(form.getByTestId('linkifier-save')).toBeDisabled();
  await form.getByTestId('linkifier-template-input').fill('https://code.example/pulls/{n}');
  await form.getByTestId('linkifier-sample').fill('see PR-31');
  await expect(form.getByTestId('linkifier-matches')).toContainText('PR-31 → https://code.example/pulls/31');
  await form.getByTestId('linkifier-save').click();
  await expect(form).toHaveCount(0);
  await expect(page.getByTestId('linkifier-add')).toBeFocused();

  const added = (await linkifiers(chat)).find((l) => l.pattern === 'PR-(?P<n>[0-9]+)')!;
  expect(added.url_template).toBe('https://code.example/pulls/{n}');
  const card = page.getByTestId(`linkifier-${added.id}`);
  await expect(card).toBeVisible();
  const order = (await linkifiers(chat)).map((l) => l.id);
  expect(order.at(-1)).toBe(added.id);

  await card.getByTestId('linkifier-move-up').click();
  await expect
    .poll(async () => (await linkifiers(chat)).map((l) => l.id))
    .toEqual([...order.slice(0, -2), added.id, order.at(-2)]);
  await expect(
    page
      .getByTestId('linkifiers-list')
      .locator('> li')
      .nth(order.length - 2),
  ).toHaveAttribute('data-testid', `linkifier-${added.id}`);
  await page.screenshot({ path: 'test-results/screens/linkifiers-reordered.png' });
  // The keyboard stays on the moved row's arrow; moved back to the end, on its other arrow.
  await expect(card.getByTestId('linkifier-move-up')).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await linkifiers(chat)).map((l) => l.id)).toEqual(order);
  await expect(card.getByTestId('linkifier-move-down')).toBeDisabled();
  await expect(card.getByTestId('linkifier-move-up')).toBeFocused();

  // By keyboard: Delete asks, with the focus on "Delete it"; Keep gives the focus back to Delete.
  await card.getByTestId('linkifier-delete').focus();
  await page.keyboard.press('Enter');
  await expect(card.getByTestId('linkifier-delete-confirm')).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(card.getByTestId('linkifier-delete')).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(card).toHaveCount(0);
  expect((await linkifiers(chat)).map((l) => l.id)).not.toContain(added.id);
  // The keyboard goes on from the Delete of the row now last.
  await expect(page.getByTestId(`linkifier-${order.at(-2)}`).getByTestId('linkifier-delete')).toBeFocused();
});

test('the server’s refusal is shown', async ({ page, chat, signIn }) => {
  const existing = await ensureLinkifier(chat, 'BUG-(?P<id>[0-9]+)', 'https://bugs.northwind.example/{id}');
  await signIn(page, 'admin');
  await openLinkifiers(page);
  await page.getByTestId('linkifier-add').click();
  await page.getByTestId('linkifier-pattern-input').fill(existing.pattern);
  await page.getByTestId('linkifier-template-input').fill('https://elsewhere.example/{id}');
  await page.getByTestId('linkifier-save').press('Enter');
  await expect(page.getByTestId('linkifier-error')).toContainText(
    'Not saved: Realm filter with this Realm and Pattern already exists.',
  );
  // The keyboard stays on the button (disabled while it worked), not thrown out of the form.
  await expect(page.getByTestId('linkifier-save')).toBeFocused();
  expect((await linkifiers(chat)).filter((l) => l.pattern === existing.pattern)).toHaveLength(1);
});

test('members see the list from its entry, without the editing controls', async ({ page, signIn }) => {
  await signIn(page, 'member');
  await openLinkifiers(page);
  await expect(page.getByRole('note')).toHaveText('Only organization administrators can change linkifiers.');
  await expect(page.getByTestId('linkifier-add')).toHaveCount(0);
});

test('at 800 px wide a short pattern and its URL template are shown whole, a long one cut with its text on hover', async ({
  page,
  chat,
  signIn,
}) => {
  const short = await ensureLinkifier(
    chat,
    '#(?P<id>[0-9]+)',
    'https://tracker.northwind.example/issues/{id}',
  );
  const long = await ensureLinkifier(
    chat,
    'LONG-(?P<project>[a-z]+)-(?P<area>[a-z]+)-(?P<year>[0-9]{4})-(?P<num>[0-9]+)',
    'https://tracker.northwind.example/projects/{project}/areas/{area}/years/{year}/issues/{num}',
  );
  await signIn(page, 'admin');
  await page.setViewportSize({ width: 800, height: 600 });
  await openLinkifiers(page);
  await expect(page.getByTestId(`linkifier-${long.id}`)).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/linkifiers-800.png' });
  const cut = (el: HTMLElement) => el.scrollWidth > el.clientWidth;
  const shortCard = page.getByTestId(`linkifier-${short.id}`);
  for (const [testId, text] of [
    ['linkifier-pattern', short.pattern],
    ['linkifier-template', short.url_template],
  ] as const) {
    const code = shortCard.getByTestId(testId);
    await expect(code).toHaveAttribute('title', text);
    expect(await code.evaluate(cut), testId).toBe(false);
  }
  const longPattern = page.getByTestId(`linkifier-${long.id}`).getByTestId('linkifier-pattern');
  await expect(longPattern).toHaveAttribute('title', long.pattern);
  expect(await longPattern.evaluate(cut)).toBe(true);
});

test('Esc in a typed field of the linkifier form leaves the field and keeps the text; the next Esc closes the form', async ({
  page,
  signIn,
}) => {
  await signIn(page, 'admin');
  await openLinkifiers(page);
  await page.getByTestId('linkifier-add').press('Enter');
  const form = page.getByTestId('linkifier-form');
  await page.keyboard.type('JIRA-(?P<id>[0-9]+)');
  await page.keyboard.press('Tab');
  await page.keyboard.type('https://jira.northwind.example/browse/{id}');
  await page.keyboard.press('Escape');

  await expect(form).toBeFocused();
  await expect(form.getByTestId('linkifier-pattern-input')).toHaveValue('JIRA-(?P<id>[0-9]+)');
  await expect(form.getByTestId('linkifier-template-input')).toHaveValue(
    'https://jira.northwind.example/browse/{id}',
  );
  await expect(page.getByTestId('settings-screen')).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);
  await expect(page.getByTestId('linkifier-add')).toBeFocused();
});

test('a linkifier deleted by another administrator while it is edited keeps the form and its text; saving adds it again', async ({
  page,
  chat,
  signIn,
}) => {
  const target = await ensureLinkifier(chat, 'RFC(?P<id>[0-9]+)', 'https://rfc.example/{id}');
  await signIn(page, 'admin');
  await openLinkifiers(page);
  const card = page.getByTestId(`linkifier-${target.id}`);
  await card.getByTestId('linkifier-edit').click();
  await card.getByTestId('linkifier-template-input').fill('https://www.rfc-editor.org/rfc/rfc{id}');

  await chat.api('owner').delete(`/realm/filters/${target.id}`);

  await expect(card.getByTestId('linkifier-deleted')).toContainText('deleted');
  await expect(card.getByTestId('linkifier-template-input')).toHaveValue(
    'https://www.rfc-editor.org/rfc/rfc{id}',
  );
  await card.getByTestId('linkifier-save').click();
  await expect(page.getByTestId('linkifier-form')).toHaveCount(0);
  const added = (await linkifiers(chat)).filter((l) => l.pattern === target.pattern);
  expect(added).toHaveLength(1);
  expect(added[0]!.url_template).toBe('https://www.rfc-editor.org/rfc/rfc{id}');
  expect(added[0]!.id).not.toBe(target.id);
});

test('a field left alone in the edit form follows another administrator’s change, so saving does not undo it', async ({
  page,
  chat,
  signIn,
}) => {
  const target = await ensureLinkifier(chat, 'CVE-(?P<id>[0-9-]+)', 'https://cve.example/{id}');
  await signIn(page, 'admin');
  await openLinkifiers(page);
  const card = page.getByTestId(`linkifier-${target.id}`);
  await card.getByTestId('linkifier-edit').click();
  await card.getByTestId('linkifier-template-input').fill('https://cve.mitre.example/{id}');

  const newPattern = 'CVE-(?P<id>[0-9]{4}-[0-9]+)';
  await chat
    .api('owner')
    .patch(`/realm/filters/${target.id}`, { pattern: newPattern, url_template: target.url_template });

  await expect(card.getByTestId('linkifier-pattern-input')).toHaveValue(newPattern);
  await expect(card.getByTestId('linkifier-template-input')).toHaveValue('https://cve.mitre.example/{id}');
  await card.getByTestId('linkifier-save').click();
  await expect(card.getByTestId('linkifier-form')).toHaveCount(0);
  expect((await linkifiers(chat)).find((l) => l.id === target.id)).toMatchObject({
    pattern: newPattern,
    url_template: 'https://cve.mitre.example/{id}',
  });
});
