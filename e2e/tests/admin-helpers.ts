import { expect, type Locator, type Page } from '@playwright/test';
import { loginThroughForm } from './helpers.js';

/** Signs in as the default root account; its first stop is the profile editor (default password). */
export async function loginAsRoot(page: Page): Promise<void> {
  await loginThroughForm(page, 'root', '123456');
  await expect(page).toHaveURL(/\/user\/edit$/);
}

/** Types into a list's search box and submits it. */
export async function search(page: Page, testId: string, keyword: string): Promise<void> {
  const input = page.getByTestId(testId).locator('input');
  await input.fill(keyword);
  await input.press('Enter');
}

/** The body row of a table that mentions `text`. */
export const rowWith = (page: Page, tableTestId: string, text: string): Locator =>
  page.getByTestId(tableTestId).locator('tbody tr.ant-table-row', { hasText: text });

/** A toast with this text. */
export const toast = (page: Page, text: string | RegExp): Locator => page.locator('.ant-notification-notice', { hasText: text });

/** The error antd shows under the form field whose input is named `name` (issue 35: refusals are marked on their field). */
export const fieldError = (page: Page, name: string): Locator =>
  // A replaced message stays in the page while it fades out (antd's leave animation): only the one shown counts.
  page.locator('.ant-form-item', { has: page.locator(`[name="${name}"]`) }).locator('.ant-form-item-explain-error:not(.ant-form-show-help-item-leave)');
