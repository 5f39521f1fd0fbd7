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

/**
 * Picks an option of an antd select by its label and waits until the select shows it. On a loaded machine a
 * click can land while the dropdown is still opening and be lost; the choice is then made again, so a
 * missed click is never mistaken for the page ignoring the choice.
 */
export async function chooseOption(page: Page, selectTestId: string, label: string): Promise<void> {
  const select = page.getByTestId(selectTestId);
  await expect(async () => {
    if (!(await select.textContent())?.includes(label)) {
      await select.click();
      await page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${label}"]`).click({ timeout: 3_000 });
    }
    await expect(select).toContainText(label, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}
