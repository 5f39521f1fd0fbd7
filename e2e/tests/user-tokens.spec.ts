import { expect, test } from '@playwright/test';
import { loginThroughForm, screenshot, uniqueName, waitForToasts } from './helpers.js';
import { apiSession, closeNotices, dataOf, registerUser } from './user-helpers.js';

interface TokenRow {
  id: number;
  key: string;
  name: string;
}

test.describe('tokens', () => {
  test('a user creates a token, copies it, disables it and edits it', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const account = await registerUser(baseURL ?? '', 'tok');
    await loginThroughForm(page, account.username, account.password);
    await expect(page).toHaveURL(/\/token$/);
    await expect(page.getByTestId('token-list-page')).toBeVisible();

    const name = uniqueName('key');
    await page.getByTestId('token-add').click();
    await expect(page).toHaveURL(/\/token\/add$/);
    await page.locator('input[name="name"]').fill(name);
    await page.getByTestId('expiry-month').click();
    await expect(page.locator('input[name="expiry"]')).toHaveValue(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await page.locator('input[name="remain_quota"]').fill('123456');
    await screenshot(page, 'token-form');
    await page.getByTestId('token-submit').click();
    await expect(page.getByText('令牌创建成功，请在列表页面点击复制获取令牌！')).toBeVisible();
    await expect(page).toHaveURL(/\/token$/);

    const [token] = await page.evaluate(async (keyword) => (await (await fetch(`/api/token/search?keyword=${keyword}`)).json()).data as TokenRow[], name);
    if (!token) throw new Error('the new token is not listed');
    expect(token.key).not.toMatch(/^sk-/);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('已启用');

    await page.getByTestId(`token-${token.id}-copy`).click();
    await expect(page.getByText('已复制到剪贴板！')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`sk-${token.key}`);

    await page.getByTestId(`token-${token.id}-copy-menu`).click();
    await page.getByRole('menuitem', { name: 'LobeChat' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain(`"apiKey":"sk-${token.key}"`);

    await page.getByTestId(`token-${token.id}-toggle`).click();
    await expect(row).toContainText('已禁用');
    await screenshot(page, 'token-list');

    await waitForToasts(page);
    await page.getByTestId(`token-${token.id}-edit`).click();
    await expect(page).toHaveURL(new RegExp(`/token/edit/${token.id}$`));
    await expect(page.locator('input[name="name"]')).toHaveValue(name);
    await page.locator('input[name="remain_quota"]').fill('654321');
    await page.getByTestId('expiry-never').click();
    await screenshot(page, 'token-edit');
    await page.getByTestId('token-submit').click();
    await expect(page.getByText('令牌更新成功！')).toBeVisible();
    await expect(row).toContainText('永不过期');
  });

  test('the expiry must be a date', async ({ page, baseURL }) => {
    const account = await registerUser(baseURL ?? '', 'exp');
    await loginThroughForm(page, account.username, account.password);
    await expect(page).toHaveURL(/\/token$/);
    await page.goto('/token/add');
    await page.locator('input[name="name"]').fill(uniqueName('bad'));
    await page.locator('input[name="expiry"]').fill('next week');
    await page.getByTestId('token-submit').click();
    await expect(page.getByText('过期时间格式错误！')).toBeVisible();
    await expect(page).toHaveURL(/\/token\/add$/);
  });

  test('the list pages by ten, fetches the next page on demand and searches by name', async ({ page, baseURL }) => {
    const account = await registerUser(baseURL ?? '', 'page');
    const api = await apiSession(baseURL ?? '', account.username, account.password);
    // Twelve tokens in all (registration may have made a default one): a full first page and two rows on the second.
    const existing = (await dataOf<TokenRow[]>(await api.get('/api/token/?p=0'))).length;
    for (let index = existing; index < 12; index += 1) {
      await dataOf(await api.post('/api/token/', { data: { name: `bulk-${index}`, remain_quota: 1000 * index, expired_time: -1 } }));
    }
    await loginThroughForm(page, account.username, account.password);
    await expect(page).toHaveURL(/\/token$/);
    const rows = page.getByTestId('token-table').locator('tbody tr.ant-table-row');
    await expect(rows).toHaveCount(10);
    await closeNotices(page);

    const pageTwo = page.waitForRequest((request) => request.url().includes('/api/token/?p=1'));
    await page.getByTestId('token-table-pager').getByTitle('2').click();
    await pageTwo;
    await expect(rows).toHaveCount(2);

    await page.getByTestId('token-search').locator('input').fill('  bulk-10 ');
    await page.getByTestId('token-search').locator('input').press('Enter');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('bulk-10');
    await api.dispose();
  });
});
