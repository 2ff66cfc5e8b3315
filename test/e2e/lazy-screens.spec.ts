import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures';

// The settings screen and the dialogs are chunks of their own, loaded on first use (or once the
// app is idle). While one loads, its frame shows at once and focus stays where it was; a chunk that
// cannot be loaded says so with Retry, and Retry loads it.

/** Holds the requests for one chunk until `release()`; or makes them fail, until allowed again. */
async function holdChunk(page: Page, name: string) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let mode: 'hold' | 'abort' | 'pass' = 'hold';
  await page.route(new RegExp(`/assets/${name}-[\\w-]+\\.js$`), async (route: Route) => {
    if (mode === 'abort') return route.abort('connectionfailed');
    if (mode === 'hold') await released;
    await route.continue();
  });
  return {
    release,
    failFromNowOn: () => (mode = 'abort'),
    allowFromNowOn: () => (mode = 'pass'),
  };
}

const focusedTestId = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);

test('settings shows its frame while the screen loads, keeps focus on the button, then the screen', async ({
  page,
  signIn,
}, testInfo) => {
  const chunk = await holdChunk(page, 'SettingsPanel');
  await signIn(page, 'member');
  await page.screenshot({ path: testInfo.outputPath('shell-first-paint.png') });

  await page.getByTestId('open-settings').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('settings-loading')).toBeVisible();
  await expect(page.getByTestId('settings-loading').getByTestId('loading')).toBeVisible();
  expect(await focusedTestId(page)).toBe('open-settings');
  await page.screenshot({ path: testInfo.outputPath('settings-loading.png') });

  chunk.release();
  await expect(page.getByTestId('personal-settings')).toBeVisible();
  await expect(page.getByTestId('settings-loading')).toHaveCount(0);
  // Once loaded, the screen takes focus as it always did (its current section in the list).
  await expect.poll(() => focusedTestId(page)).toBe('settings-nav-personal');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('settings-screen')).toHaveCount(0);
  expect(await focusedTestId(page)).toBe('open-settings');
});

test('a screen whose chunk cannot be loaded says so with Retry, and Retry loads it', async ({
  page,
  signIn,
}, testInfo) => {
  const chunk = await holdChunk(page, 'SettingsPanel');
  chunk.failFromNowOn();
  await signIn(page, 'member');
  await page.getByTestId('open-settings').click();
  const failed = page.getByTestId('settings-loading').getByTestId('lazy-failed');
  await expect(failed).toBeVisible();
  await expect(failed).toContainText('could not be loaded');
  await page.screenshot({ path: testInfo.outputPath('settings-failed.png') });

  // The network is back: Retry asks again (Chromium retries a dynamic import whose fetch failed).
  chunk.allowFromNowOn();
  await page.getByTestId('lazy-retry').click();
  await expect(page.getByTestId('personal-settings')).toBeVisible();
  await expect(page.getByTestId('lazy-failed')).toHaveCount(0);
});

test('a dialog shows its loading frame while its chunk loads, then the dialog', async ({
  page,
  signIn,
}, testInfo) => {
  const chunk = await holdChunk(page, 'MarkAllReadDialog');
  await signIn(page, 'member');
  await page.getByTestId('mark-all-read').click();
  await expect(page.getByTestId('dialog-loading')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('dialog-loading.png') });
  // Esc closes it while it loads, as it would close the dialog.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('dialog-loading')).toHaveCount(0);

  await page.getByTestId('mark-all-read').click();
  chunk.release();
  await expect(page.getByTestId('mark-read-confirm')).toBeVisible();
  await expect(page.getByTestId('dialog-loading')).toHaveCount(0);
});
