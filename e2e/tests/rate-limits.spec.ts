import { expect, test } from '@playwright/test';
import { screenshot } from './helpers.js';
import { loginAsRoot, rowWith, search } from './admin-helpers.js';
import { openNewKeyForm } from './key-form-helpers.js';
import { registerUser } from './user-helpers.js';

/** A key limited in its form is refused by the relay past its limit, and the form shows the use; so does the user form. */
test.describe('rate limits in the console', () => {
  test('a user limits a key to one request per minute, the relay holds it, and the form shows the use', async ({ page, baseURL }) => {
    const form = await openNewKeyForm(page, baseURL ?? '', 'rl', 'limited');
    try {
      await page.locator('input[name="rpm_limit"]').fill('1');
      await page.locator('input[name="concurrency_limit"]').fill('3');
      await screenshot(page, 'token-form-rate-limits');
      await page.getByTestId('token-submit').click();
      await expect(page).toHaveURL(/\/token$/);

      const token = await form.saved();
      const first = await token.call();
      expect(first.status(), await first.text()).toBe(200);
      expect(first.headers()['x-ratelimit-limit-requests']).toBe('1');
      const refused = await token.call();
      expect(refused.status()).toBe(429);
      expect(Number(refused.headers()['retry-after'])).toBeGreaterThan(0);

      await page.goto(`/token/edit/${token.id}`);
      await expect(page.locator('input[name="rpm_limit"]')).toHaveValue('1');
      await expect(page.getByTestId('rpm_limit-usage')).toContainText('当前：已用 1 / 1');
      await expect(page.getByTestId('concurrency_limit-usage')).toContainText('当前：已用 0 / 3');
      await screenshot(page, 'token-edit-rate-limits');
    } finally {
      await form.stop();
    }
  });

  test('an admin sets a user’s limits in the user form', async ({ page, baseURL }) => {
    const account = await registerUser(baseURL ?? '', 'rlu');
    await loginAsRoot(page);
    await page.goto('/user');
    await search(page, 'user-search', account.username);
    await rowWith(page, 'user-table', account.username).getByTestId('user-edit').click();
    await expect(page).toHaveURL(/\/user\/edit\/\d+$/);
    await page.locator('input[name="tpm_limit"]').fill('50000');
    await expect(page.getByTestId('tpm_limit-usage')).toContainText('0 表示不限制');
    await page.getByTestId('user-edit-submit').click();
    await page.reload();
    await expect(page.locator('input[name="tpm_limit"]')).toHaveValue('50000');
    await expect(page.getByTestId('tpm_limit-usage')).toContainText('当前：已用 0 / 50000');
  });
});
