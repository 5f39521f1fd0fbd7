import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { loginThroughForm, screenshot, uniqueName } from './helpers.js';
import { apiSession, dataOf, registerUser } from './user-helpers.js';

const QUOTA = 250000;

test.describe('redemption codes and top-up', () => {
  test('an admin creates codes (downloaded as <name>.txt) and a user redeems one', async ({ browser, baseURL }) => {
    const admin = await browser.newPage();
    await loginThroughForm(admin, 'root', '123456');
    await expect(admin).toHaveURL(/\/user\/edit$/);
    await admin.goto('/redemption');
    await expect(admin.getByTestId('redemption-list-page')).toBeVisible();

    const name = uniqueName('promo');
    await admin.getByTestId('redemption-add').click();
    await admin.locator('input[name="name"]').fill(name);
    await admin.locator('input[name="quota"]').fill(String(QUOTA));
    await admin.locator('input[name="count"]').fill('2');
    await screenshot(admin, 'redemption-form');
    const downloading = admin.waitForEvent('download');
    await admin.getByTestId('redemption-submit').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${name}.txt`);
    const codes = (await readFile(await download.path(), 'utf8')).split('\n').filter(Boolean);
    expect(codes).toHaveLength(2);
    await expect(admin).toHaveURL(/\/redemption$/);

    await admin.getByTestId('redemption-search').locator('input').fill(name);
    await admin.getByTestId('redemption-search').locator('input').press('Enter');
    const rows = admin.getByTestId('redemption-table').locator('tbody tr.ant-table-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('未使用');
    await screenshot(admin, 'redemption-list');

    const account = await registerUser(baseURL ?? '', 'buyer');
    const user = await browser.newPage();
    await loginThroughForm(user, account.username, account.password);
    await expect(user).toHaveURL(/\/token$/);
    await user.goto('/topup');
    const quota = user.getByTestId('topup-quota');
    const api = await apiSession(baseURL ?? '', account.username, account.password);
    const before = (await dataOf<{ quota: number }>(await api.get('/api/user/self'))).quota;
    const status = await dataOf<{ quota_per_unit: number; display_in_currency: boolean }>(await api.get('/api/status'));
    // The display the console uses in currency mode (the default): dollars with 2 decimals and thousands separators.
    const shown = (value: number) => (status.display_in_currency ? `$${(value / status.quota_per_unit).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}` : undefined);
    await expect(quota).not.toContainText('-');

    await user.getByTestId('topup-redeem').click();
    await expect(user.getByText('请输入充值码！')).toBeVisible();

    await user.getByTestId('topup-code').fill(codes[0] ?? '');
    await user.getByTestId('topup-redeem').click();
    await expect(user.getByText('充值成功！')).toBeVisible();
    expect(await dataOf<{ quota: number }>(await api.get('/api/user/self'))).toMatchObject({ quota: before + QUOTA });
    const after = shown(before + QUOTA);
    if (after) await expect(quota).toContainText(after);
    await expect(user.getByTestId('topup-code')).toHaveValue('');
    await screenshot(user, 'topup');
    const afterText = await quota.textContent();

    // The same code again is refused with the server's message, and the quota stays.
    await user.getByTestId('topup-code').fill(codes[0] ?? '');
    await user.getByTestId('topup-redeem').click();
    await expect(user.locator('.ant-notification-notice-error')).toBeVisible();
    expect(await quota.textContent()).toBe(afterText);
    expect(await dataOf<{ quota: number }>(await api.get('/api/user/self'))).toMatchObject({ quota: before + QUOTA });
    await api.dispose();

    // The admin's list shows the code used, with its toggle disabled.
    await admin.getByTestId('redemption-refresh').click();
    const used = rows.filter({ hasText: '已使用' });
    await expect(used).toHaveCount(1);
    await expect(used.locator('[data-testid$="-toggle"]')).toBeDisabled();
  });

  test('the top-up button opens the top-up link with the buyer, or says it is missing', async ({ page, baseURL }) => {
    const account = await registerUser(baseURL ?? '', 'link');
    await loginThroughForm(page, account.username, account.password);
    await expect(page).toHaveURL(/\/token$/);
    await page.goto('/topup');
    const { top_up_link: link } = await dataOf<{ top_up_link: string }>(await page.request.get('/api/status'));
    if (!link) {
      await page.getByTestId('topup-buy').click();
      await expect(page.getByText('超级管理员未设置充值链接！')).toBeVisible();
      return;
    }
    // Another spec may have set a link on this server: then the payment page opens with the buyer appended.
    const opening = page.context().waitForEvent('page');
    await page.getByTestId('topup-buy').click();
    const url = new URL((await opening).url());
    expect(url.searchParams.get('username')).toBe(account.username);
    expect(url.searchParams.get('transaction_id')).toMatch(/^[0-9a-f]{32}$/);
  });
});
