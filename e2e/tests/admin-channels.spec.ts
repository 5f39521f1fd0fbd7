import { expect, test } from '@playwright/test';
import { screenshot, uniqueName } from './helpers.js';
import { fieldError, loginAsRoot, rowWith, search, toast } from './admin-helpers.js';
import { startFakeUpstream } from './user-helpers.js';

test.describe('admin: channels', () => {
  test('an admin creates a channel, finds it in the list and tests it', async ({ page }) => {
    const upstream = await startFakeUpstream();
    const name = uniqueName('chan');
    try {
      await loginAsRoot(page);
      const typeModels = page.waitForResponse((response) => response.url().endsWith('/api/models'));
      await page.goto('/channel/add');
      await typeModels;
      await expect(page.getByTestId('channel-form')).toBeVisible();

      // The rules come first: nothing is sent without a name and a key, each marked on its field (issue 35).
      await page.getByTestId('channel-submit').click();
      await expect(fieldError(page, 'name')).toHaveText('名称不能为空');
      await expect(fieldError(page, 'key')).toHaveText('密钥不能为空');

      await page.getByTestId('channel-name').fill(name);
      await page.getByTestId('channel-key').fill('sk-e2e-channel-key');
      await page.getByTestId('channel-base_url').fill(`${upstream.baseUrl}/`);
      await page.getByTestId('channel-fill-type-models').click();
      await expect(page.getByTestId('channel-models')).toContainText('gpt-3.5-turbo');
      await page.getByTestId('channel-model-mapping').fill('{not json');
      await page.getByTestId('channel-submit').click();
      await expect(fieldError(page, 'model_mapping')).toHaveText('模型映射必须是合法的 JSON 格式！');
      await page.getByTestId('channel-model-mapping').fill('');
      await screenshot(page, 'channel-add');
      await page.getByTestId('channel-submit').click();
      await expect(toast(page, '渠道创建成功！')).toBeVisible();

      await page.goto('/channel');
      await expect(page.getByTestId('channel-list-page')).toBeVisible();
      await search(page, 'channel-search', name);
      const row = rowWith(page, 'channel-table', name);
      await expect(row).toContainText('OpenAI');
      await expect(row).toContainText('已启用');
      await expect(row).toContainText('未测试');

      await row.getByTestId('channel-test').click();
      await expect(toast(page, `渠道 ${name} 测试成功`)).toBeVisible();
      await expect(row.getByTestId('channel-response-time')).toContainText('秒');

      await page.getByTestId('channel-detail-toggle').click();
      await expect(row.getByTestId('channel-balance')).toContainText('$0.00');
      await screenshot(page, 'channel-list');

      await row.getByTestId('channel-toggle').click();
      await expect(row).toContainText('已禁用');

      await row.getByTestId('channel-edit').click();
      await expect(page).toHaveURL(/\/channel\/edit\/\d+$/);
      await expect(page.getByTestId('channel-name')).toHaveValue(name);
      // The key is never sent back: the edit form leaves it empty and keeps the stored one.
      await expect(page.getByTestId('channel-key')).toHaveValue('');
      await expect(page.getByTestId('channel-base_url')).toHaveValue(upstream.baseUrl);
      await screenshot(page, 'channel-edit');
      await page.getByTestId('channel-submit').click();
      await expect(toast(page, '渠道更新成功！')).toBeVisible();
    } finally {
      await upstream.stop();
    }
  });

  test('the detail toggle and the dismissed hint are remembered across reloads', async ({ page }) => {
    await loginAsRoot(page);
    await page.goto('/channel');
    await expect(page.getByTestId('channel-test-hint')).toBeVisible();
    await page.getByTestId('channel-test-hint').locator('.ant-alert-close-icon').click();
    await expect(page.getByTestId('channel-test-hint')).toBeHidden();
    const detail = page.getByTestId('channel-detail-toggle');
    const wasOn = (await detail.getAttribute('aria-checked')) === 'true';
    await detail.click();

    await page.reload();
    await expect(page.getByTestId('channel-list-page')).toBeVisible();
    await expect(page.getByTestId('channel-test-hint')).toBeHidden();
    await expect(page.getByTestId('channel-detail-toggle')).toHaveAttribute('aria-checked', String(!wasOn));
  });
});
