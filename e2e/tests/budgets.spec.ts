import { expect, test } from '@playwright/test';
import { chooseOption, loginThroughForm, screenshot, uniqueName } from './helpers.js';
import { fieldError, loginAsRoot, rowWith, search } from './admin-helpers.js';
import { apiSession, dataOf, registerUser, startFakeUpstream } from './user-helpers.js';

interface TokenRow {
  id: number;
  key: string;
}

/** A budget set in the key form stops the relay at it, and the form shows the spend this period; so does the user form. */
test.describe('budgets in the console', () => {
  // Each test signs in, fills a long form and reloads it: on a loaded 2-core machine that took 35-41 s of the default 60.
  test.describe.configure({ timeout: 120_000 });

  test('a user gives a key a daily budget in dollars, the relay refuses past it, and the form shows the spend', async ({ page, baseURL }) => {
    const base = baseURL ?? '';
    const upstream = await startFakeUpstream();
    const root = await apiSession(base, 'root', '123456');
    const options = await dataOf<{ key: string; value: string }[]>(await root.get('/api/option/'));
    const priceBefore = options.find((option) => option.key === 'ModelRequestPrice')?.value ?? '{}';
    let channelId: number | undefined;
    try {
      // $0.002 a call: 1000 quota units at QuotaPerUnit 500000, reserved and charged alike.
      await dataOf(await root.put('/api/option/', { data: { key: 'ModelRequestPrice', value: '{"gpt-4o-mini":0.002}' } }));
      channelId = await dataOf<number>(await root.post('/api/channel/', { data: { name: uniqueName('fake'), type: 1, key: 'k', base_url: upstream.baseUrl, models: 'gpt-4o-mini', group: 'default' } }));
      const account = await registerUser(base, 'bg');
      await loginThroughForm(page, account.username, account.password);
      await expect(page).toHaveURL(/\/token$/);

      const name = uniqueName('budget');
      await page.goto('/token/add');
      await page.locator('input[name="name"]').fill(name);
      // An amount without a period is refused on the period, before anything is sent.
      await page.locator('input[name="budget_amount"]').fill('0.004');
      await page.getByTestId('token-submit').click();
      await expect(page.locator('.ant-form-item', { has: page.getByTestId('budget_period') }).locator('.ant-form-item-explain-error')).toContainText('设置了预算金额时请选择预算周期');
      await chooseOption(page, 'budget_period', '每天');
      await screenshot(page, 'token-form-budget');
      await page.getByTestId('token-submit').click();
      await expect(page).toHaveURL(/\/token$/);

      const [token] = await page.evaluate(async (keyword) => (await (await fetch(`/api/token/search?keyword=${keyword}`)).json()).data as TokenRow[], name);
      if (!token) throw new Error('the new token is not listed');
      const self = await dataOf<{ id: number }>(await page.request.get('/api/user/self'));
      await dataOf(await root.post('/api/topup', { data: { user_id: self.id, quota: 10_000_000, remark: 'e2e credit' } }));

      const call = () => page.request.post('/v1/chat/completions', { headers: { authorization: `Bearer sk-${token.key}` }, data: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] } });
      expect((await call()).status()).toBe(200);
      expect((await call()).status()).toBe(200);
      const refused = await call();
      expect(refused.status()).toBe(429);
      expect(((await refused.json()) as { error: { code: string; message: string } }).error).toMatchObject({ code: 'budget_exceeded', message: expect.stringContaining('daily budget of this key') });
      expect(Number(refused.headers()['retry-after'])).toBeGreaterThan(0);

      await page.goto(`/token/edit/${token.id}`);
      await expect(page.locator('input[name="budget_amount"]')).toHaveValue('0.004');
      await expect(page.getByTestId('budget_period')).toContainText('每天');
      await expect(page.getByTestId('budget-spent')).toContainText('本周期已花费 $0.004 / $0.004');
      await screenshot(page, 'token-edit-budget');
    } finally {
      await dataOf(await root.put('/api/option/', { data: { key: 'ModelRequestPrice', value: priceBefore } }));
      if (channelId) await dataOf(await root.delete(`/api/channel/${channelId}/`));
      await upstream.stop();
    }
  });

  test('in English, an admin sets a user’s monthly budget in the user form', async ({ page, baseURL }) => {
    await page.addInitScript(() => localStorage.setItem('i18nextLng', 'en'));
    const account = await registerUser(baseURL ?? '', 'bgu');
    await loginAsRoot(page);
    await page.goto('/user');
    await search(page, 'user-search', account.username);
    await rowWith(page, 'user-table', account.username).getByTestId('user-edit').click();
    await expect(page).toHaveURL(/\/user\/edit\/\d+$/);
    await expect(page.getByTestId('budget-spent')).toContainText('No budget');
    await page.locator('input[name="budget_amount"]').fill('-1');
    await page.getByTestId('user-edit-submit').click();
    await expect(fieldError(page, 'budget_amount')).toContainText('must be an amount of 0 or more');
    await page.locator('input[name="budget_amount"]').fill('5');
    await chooseOption(page, 'budget_period', 'Monthly');
    await page.getByTestId('user-edit-submit').click();
    await page.reload();
    await expect(page.locator('input[name="budget_amount"]')).toHaveValue('5');
    await expect(page.getByTestId('budget-spent')).toContainText('Spent this period: $0.00 of $5.00');
    await screenshot(page, 'user-edit-budget');
  });

  test('in English, an admin sets the budget time zone in the operation settings, and a zone that does not exist is refused', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('i18nextLng', 'en'));
    await loginAsRoot(page);
    await page.goto('/setting?tab=operation');
    const zone = page.getByTestId('option-BudgetTimeZone');
    const save = page.getByTestId('save-GroupBudgets-BudgetTimeZone');
    await expect(page.getByText('Group default budgets').first()).toBeVisible();
    await zone.fill('Mars/Olympus');
    await save.click();
    await expect(page.getByText(/BudgetTimeZone must be an IANA time zone/).first()).toBeVisible();
    await zone.fill('Asia/Shanghai');
    await save.click();
    await expect.poll(async () => (await dataOf<{ key: string; value: string }[]>(await page.request.get('/api/option/'))).find((option) => option.key === 'BudgetTimeZone')?.value).toBe('Asia/Shanghai');
    await dataOf(await page.request.put('/api/option/', { data: { key: 'BudgetTimeZone', value: 'UTC' } }));
  });
});
