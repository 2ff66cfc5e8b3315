import { expect, test } from './fixtures';

// Linkifiers (spec 4.20): administrators edit pattern and URL template with a live tester.
test.describe.configure({ mode: 'serial' });

test('an administrator edits a linkifier after trying it on a sample', async ({ page, chat, signIn }) => {
  await signIn(page, 'admin');
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-linkifiers').click();
  const { body } = await chat.api('admin').get('/realm/linkifiers');
  const [first] = body.linkifiers as { id: number; pattern: string }[];
  const card = page.getByTestId(`linkifier-${first!.id}`);
  await expect(card.getByTestId('linkifier-pattern')).toHaveText(first!.pattern);

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
  await expect(card.getByTestId('linkifier-pattern')).toHaveText('(?P<project>[A-Z]+)-(?P<num>[0-9]+)');

  const after = (await chat.api('admin').get('/realm/linkifiers')).body.linkifiers as Record<
    string,
    unknown
  >[];
  expect(after.find((l) => l.id === first!.id)).toMatchObject({
    pattern: '(?P<project>[A-Z]+)-(?P<num>[0-9]+)',
    url_template: 'https://tracker.northwind.example/{project}/issues/{num}',
  });
});

test('the server’s refusal is shown', async ({ page, signIn }) => {
  await signIn(page, 'admin');
  await page.goto(`${page.url().split('#')[0]}#settings/linkifiers`);
  await page.getByTestId('linkifier-edit').first().click();
  await page.getByTestId('linkifier-template-input').fill('ftp://files.example/{project}');
  await page.getByTestId('linkifier-save').click();
  await expect(page.getByTestId('linkifier-error')).toContainText('Not saved:');
});

test('members do not see the entry', async ({ page, signIn }) => {
  await signIn(page, 'member');
  await page.getByTestId('open-settings').click();
  await expect(page.getByTestId('settings-nav-personal')).toBeVisible();
  await expect(page.getByTestId('settings-nav-linkifiers')).toHaveCount(0);
});
