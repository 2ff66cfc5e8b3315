import { expect, test, type ChatEnvironment } from './fixtures';

// Drafts in the left sidebar (issue 13): "Drafts" with the number of drafts, live, opening the
// drafts screen.
test.describe.configure({ mode: 'serial' });

async function draftCount(chat: ChatEnvironment, who: string): Promise<number> {
  const { body } = await chat.api(who).get('/drafts');
  return (body.drafts as unknown[]).length;
}

test('a person sees how many drafts they have and opens them from the sidebar', async ({
  page,
  chat,
  signIn,
}) => {
  await signIn(page, 'member');
  const before = await draftCount(chat, 'member');
  const count = page.getByTestId('drafts-count');
  if (before === 0) await expect(count).toHaveCount(0);
  else await expect(count).toHaveText(String(before));

  // Typing in a compose box makes a draft: the count follows.
  await page.getByTestId('channel-general').click();
  await page.getByTestId('topic-welcome').click();
  await page.getByTestId('compose-input').fill(`Half a thought ${Date.now()}`);
  await expect.poll(() => draftCount(chat, 'member')).toBe(before + 1);
  await expect(count).toHaveText(String(before + 1));
  await page.screenshot({ path: 'test-results/screens/drafts-sidebar.png' });

  // A draft deleted on another device leaves the count too.
  const { body } = await chat.api('member').get('/drafts');
  const newest = (body.drafts as { id: number; timestamp: number }[]).sort(
    (a, b) => b.timestamp - a.timestamp,
  )[0]!;
  await chat.api('member').delete(`/drafts/${newest.id}`);
  await expect.poll(() => draftCount(chat, 'member')).toBe(before);
  if (before === 0) await expect(count).toHaveCount(0);
  else await expect(count).toHaveText(String(before));

  await page.getByTestId('home-drafts').click();
  await expect(page.getByTestId('drafts-screen')).toBeVisible();
  await expect(page.getByTestId('home-drafts')).toHaveClass(/selected/);
});
