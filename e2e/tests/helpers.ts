import path from 'node:path';
import { expect, type Page } from '@playwright/test';

const SCREENS = path.join(import.meta.dirname, '..', 'artifacts', 'screens');

/** Screenshots of every screen are kept as test artifacts (e2e/artifacts/screens). */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`), fullPage: true });
}

export async function loginThroughForm(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.getByTestId('login-submit').click();
}

/** A unique name within the 12-character limit, so reruns against one server never collide. */
export const uniqueName = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-6)}`.slice(0, 12);

/**
 * Waits for the top-right toasts to close. antd keeps a toast open while the pointer rests on it, and a
 * toast can land right under the pointer after a click, covering the next button; so the pointer is
 * moved aside first.
 */
export async function waitForToasts(page: Page): Promise<void> {
  await page.mouse.move(1, (page.viewportSize()?.height ?? 600) - 1);
  await expect(page.locator('.ant-notification-topRight .ant-notification-notice, .ant-notification-top .ant-notification-notice')).toHaveCount(0, { timeout: 15_000 });
}
