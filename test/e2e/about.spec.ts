import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';

// About (spec 4.21): public server settings, version, feature level, sanitized description.
test('shows the server’s public settings', async ({ page, chat, signIn }) => {
  await signIn(page, 'guest');
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-about').click();
  const settings = (await (await fetch(`${chat.server.url}/api/v1/server_settings`)).json()) as Record<
    string,
    unknown
  >;
  await expect(page.getByTestId('about-realm-name')).toHaveText(String(settings.realm_name));
  // The app itself: name and version from package.json, and the licences of what it ships.
  const project = JSON.parse(readFileSync('package.json', 'utf8')) as {
    productName: string;
    version: string;
  };
  await expect(page.getByTestId('about-app-name')).toHaveText(project.productName);
  await expect(page.getByTestId('about-app-version')).toHaveText(project.version);
  await page.getByTestId('about-app').locator('summary').click();
  await expect(page.getByTestId('license-react')).toContainText('MIT');
  await expect(page.getByTestId('license-dompurify')).toContainText('MPL-2.0');
  await page.screenshot({ path: 'test-results/screens/about-app.png' });
  await expect(page.getByTestId('about-version')).toHaveText(String(settings.service_version));
  await expect(page.getByTestId('about-feature-level')).toHaveText(String(settings.service_feature_level));
  const description = page.getByTestId('about-description');
  await expect(description).toBeVisible();
  expect(await description.locator('script, [onerror], [onclick]').count()).toBe(0);
  // A guest sees neither invitations nor organization administration.
  await expect(page.getByTestId('settings-nav-invitations')).toHaveCount(0);
  await expect(page.getByTestId('settings-nav-org-defaults')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/about.png' });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('settings-screen')).toHaveCount(0);
});
