import { expect, test } from './fixtures';

// The built renderer as the web host serves it: it loads, signs in and draws the chat shell with no
// console error, no uncaught exception and no Content-Security-Policy violation (the policy forbids
// inline scripts and eval, so a dependency that needs either shows up here).
test('the app runs under its Content-Security-Policy without errors', async ({ page, chat, signIn }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  await chat.signOutAll();
  await signIn(page, 'member');
  await expect(page.getByTestId('chat-shell')).toBeVisible();
  // Let the first feed and sidebar requests settle before judging.
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});
