import { expect, test } from './fixtures';
import { openSecondUser } from './second-user';

// Presence (the real service's POST /users/me/presence and `presence` events): each app reports its
// user, and the people panel's dots change live as colleagues come online and use the app.
test('two people see each other come online and become active', async ({ page, chat, signIn, browser }) => {
  const me = await signIn(page, 'member');
  const colleague = chat.user('moderator');
  await expect(page.getByTestId('people-panel')).toBeVisible();
  // Nobody else has used the app yet: no dot beside them.
  await expect(page.getByTestId(`presence-${colleague.user_id}`)).toHaveCount(0);
  // I use the window: my app reports me active.
  await page.getByTestId('people-panel').getByRole('heading').click();

  const other = await openSecondUser(browser, chat, 'moderator');
  try {
    await expect(other.page.getByTestId('people-panel')).toBeVisible();
    await other.page.getByTestId('people-panel').getByRole('heading').click();
    // Each sees the other, live: the colleague's dot appears on my screen without a reload...
    await expect(page.getByTestId(`presence-${colleague.user_id}`)).toHaveAttribute('title', 'Active');
    // ...and mine on theirs.
    await expect(other.page.getByTestId(`presence-${me.user_id}`)).toHaveAttribute('title', 'Active');
    await page.screenshot({ path: 'test-results/screens/presence.png' });
  } finally {
    await other.close();
  }
});
