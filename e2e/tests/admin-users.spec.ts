import { expect, test } from '@playwright/test';
import { screenshot, uniqueName } from './helpers.js';
import { loginAsRoot, rowWith, search, toast } from './admin-helpers.js';

test.describe('admin: users', () => {
  test('the admin promotes and disables a registered user, and it survives a reload', async ({ page }) => {
    const username = uniqueName('adm');
    const registered = await page.request.post('/api/user/register', { data: { username, password: 'password123', password2: 'password123' } });
    expect(await registered.json()).toMatchObject({ success: true });

    await loginAsRoot(page);
    await page.goto('/user');
    await expect(page.getByTestId('user-list-page')).toBeVisible();
    await search(page, 'user-search', username);
    const row = rowWith(page, 'user-table', username);
    await expect(row).toContainText('普通用户');
    await expect(row).toContainText('已激活');
    await screenshot(page, 'user-list');

    await row.getByTestId('user-promote').click();
    await expect(row).toContainText('管理员');
    await expect(toast(page, '操作成功完成！').first()).toBeVisible();
    await row.getByTestId('user-toggle').click();
    await expect(row).toContainText('已封禁');
    await expect(row.getByTestId('user-toggle')).toHaveText(/启\s*用/);

    await page.reload();
    await search(page, 'user-search', username);
    await expect(rowWith(page, 'user-table', username)).toContainText('管理员');
    await expect(rowWith(page, 'user-table', username)).toContainText('已封禁');
  });

  test('the super administrator row cannot be managed', async ({ page }) => {
    await loginAsRoot(page);
    await page.goto('/user');
    await search(page, 'user-search', 'root');
    const row = rowWith(page, 'user-table', '超级管理员');
    for (const action of ['user-promote', 'user-demote', 'user-delete', 'user-toggle']) {
      await expect(row.getByTestId(action)).toBeDisabled();
    }
    await expect(row.getByTestId('user-edit')).toBeEnabled();
  });

  test('the admin adds a user and edits its group and quota', async ({ page }) => {
    const username = uniqueName('new');
    await loginAsRoot(page);
    await page.goto('/user/add');
    await page.locator('input[name="username"]').fill(username);
    await page.locator('input[name="display_name"]').fill('E2E user');
    await page.locator('input[name="password"]').fill('password123');
    await screenshot(page, 'user-add');
    await page.getByTestId('user-add-submit').click();
    await expect(toast(page, '用户账户创建成功！')).toBeVisible();

    await page.goto('/user');
    await search(page, 'user-search', username);
    await rowWith(page, 'user-table', username).getByTestId('user-edit').click();
    await expect(page).toHaveURL(/\/user\/edit\/\d+$/);
    await expect(page.locator('input[name="username"]')).toHaveValue(username);
    await page.getByTestId('user-group').click();
    await page.locator('.ant-select-item-option', { hasText: 'vip' }).first().click();
    await page.locator('input[name="quota"]').fill('123456');
    await screenshot(page, 'user-edit');
    await page.getByTestId('user-edit-submit').click();
    await expect(toast(page, '用户信息更新成功！')).toBeVisible();

    await page.reload();
    await expect(page.locator('input[name="quota"]')).toHaveValue('123456');
    await expect(page.getByTestId('user-group')).toContainText('vip');
  });
});
