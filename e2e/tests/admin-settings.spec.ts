import { expect, test, type Page } from '@playwright/test';
import { screenshot } from './helpers.js';
import { loginAsRoot, toast } from './admin-helpers.js';

async function openTab(page: Page, name: string): Promise<void> {
  await page.goto('/setting');
  await page.getByRole('tab', { name }).click();
}

test.describe('admin: settings', () => {
  test.beforeEach(async ({ page }) => {
    await loginAsRoot(page);
  });

  test('the operation tab saves a value, toggles a switch and checks ratios', async ({ page }) => {
    await openTab(page, '运营设置');
    const threshold = page.getByTestId('option-QuotaRemindThreshold');
    await threshold.fill('2345');
    await page.getByTestId('save-ChannelDisableThreshold-QuotaRemindThreshold').click();
    await expect(toast(page, '操作成功完成！')).toBeVisible();

    const tokenStat = page.getByTestId('option-DisplayTokenStatEnabled');
    await expect(tokenStat).toBeChecked();
    await tokenStat.click();
    await expect(tokenStat).not.toBeChecked();

    await page.getByTestId('option-ModelRatio').fill('{"gpt-4": 15');
    await page.getByTestId('save-ModelRatio-CompletionRatio-GroupRatio-DefaultModelRatio').click();
    await expect(toast(page, '模型倍率不是合法的 JSON 字符串')).toBeVisible();

    await page.getByTestId('purge-logs').click();
    await expect(toast(page, /条日志已清理！/)).toBeVisible();
    await screenshot(page, 'setting-operation');

    await openTab(page, '运营设置');
    await expect(page.getByTestId('option-QuotaRemindThreshold')).toHaveValue('2345');
    await expect(page.getByTestId('option-DisplayTokenStatEnabled')).not.toBeChecked();
    await expect(page.getByTestId('option-GroupRatio')).toHaveValue(/"vip"/);
    await page.getByTestId('option-DisplayTokenStatEnabled').click();
    await expect(page.getByTestId('option-DisplayTokenStatEnabled')).toBeChecked();
  });

  test('the system tab saves SMTP and the whitelist, keeps secrets blank and confirms turning password login off', async ({ page }) => {
    await openTab(page, '系统设置');
    await page.getByTestId('option-SMTPServer').fill('smtp.e2e.test');
    await page.getByTestId('option-SMTPToken').fill('e2e-secret');
    await page.getByTestId('save-SMTPServer-SMTPPort-SMTPAccount-SMTPFrom-SMTPToken').click();
    await expect(toast(page, '操作成功完成！')).toBeVisible();

    await page.getByTestId('whitelist-new-domain').fill('e2e.example');
    await page.getByTestId('whitelist-add').click();
    await page.getByTestId('whitelist-new-domain').fill('e2e.example');
    await page.getByTestId('whitelist-add').click();
    await expect(page.getByTestId('whitelist-domains').getByText('e2e.example')).toHaveCount(1);
    await page.getByTestId('save-EmailDomainWhitelist').click();
    await expect(toast(page, '操作成功完成！').first()).toBeVisible();

    // Turning password sign-in off warns first; cancelling leaves it on.
    await page.getByTestId('option-PasswordLoginEnabled').click();
    await expect(page.getByText('取消密码登录将导致所有未绑定其他登录方式的用户（包括管理员）无法通过密码登录，确认取消？')).toBeVisible();
    await screenshot(page, 'setting-system');
    await page.locator('.ant-modal-confirm').getByRole('button', { name: /取\s*消/ }).click();
    await expect(page.getByTestId('option-PasswordLoginEnabled')).toBeChecked();

    await openTab(page, '系统设置');
    await expect(page.getByTestId('option-SMTPServer')).toHaveValue('smtp.e2e.test');
    await expect(page.getByTestId('option-SMTPToken')).toHaveValue('');
    await expect(page.getByTestId('whitelist-domains')).toContainText('e2e.example');
  });

  test('the other tab saves the theme on its own', async ({ page }) => {
    await openTab(page, '其他设置');
    await page.getByTestId('option-Theme').fill('berry');
    await page.getByTestId('save-Theme').click();
    await expect(toast(page, '操作成功完成！')).toBeVisible();
    await screenshot(page, 'setting-other');

    await openTab(page, '其他设置');
    await expect(page.getByTestId('option-Theme')).toHaveValue('berry');
  });
});
