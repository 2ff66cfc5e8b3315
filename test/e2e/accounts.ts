import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** Adds a demo account from the account menu; it becomes the one on screen. */
export async function addDemoAccount(page: Page, email: string): Promise<void> {
  await page.getByTestId('account-switcher').click();
  await page.getByTestId('add-account').click();
  await page.getByTestId(`demo-account-${email}`).click();
  await expect(page.getByTestId('account-switcher')).toHaveText(email);
}

/** Switches to an account already added, from the account menu. */
export async function switchToAccount(page: Page, email: string): Promise<void> {
  await page.getByTestId('account-switcher').click();
  await page.getByTestId(`account-${email}`).click();
  await expect(page.getByTestId('account-switcher')).toHaveText(email);
}
