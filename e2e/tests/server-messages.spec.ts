import { expect, test } from '@playwright/test';
import { toast } from './admin-helpers.js';
import { loginThroughForm } from './helpers.js';
import { registerUser } from './user-helpers.js';

/**
 * The server answers its messages in the language the console asks for, which is the console's own and not
 * the browser's: this browser prefers English, the console is Chinese by default.
 */
test.describe('server messages in the console language', () => {
  test.use({ locale: 'en-US' });

  test('a refused sign-in and a refused top-up code show the server message in Chinese', async ({ page, baseURL }) => {
    await loginThroughForm(page, 'root', 'not-the-password');
    await expect(toast(page, '用户名或密码错误，或用户已被封禁')).toBeVisible();

    const account = await registerUser(baseURL ?? '', 'msgs');
    await loginThroughForm(page, account.username, account.password);
    await expect(page).toHaveURL(/\/token$/);
    await page.goto('/topup');
    await page.getByTestId('topup-code').fill('no-such-code');
    await page.getByTestId('topup-redeem').click();
    await expect(toast(page, '无效的充值码')).toBeVisible();
  });

  test('the same refusal is in English once the console is switched to English', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('i18nextLng', 'en'));
    await loginThroughForm(page, 'root', 'not-the-password');
    await expect(toast(page, 'username or password is wrong, or the user has been banned')).toBeVisible();
  });
});
