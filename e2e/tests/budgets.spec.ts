import { expect, test } from '@playwright/test';
import { chooseOption, screenshot } from './helpers.js';
import { fieldError, loginAsRoot, rowWith, search } from './admin-helpers.js';
import { openNewKeyForm } from './key-form-helpers.js';
import { dataOf, registerUser } from './user-helpers.js';

/** A budget set in the key form stops the relay at it, and the form shows the spend this period; so does the user form. */
test.describe('budgets in the console', () => {
  // Each test signs in, fills a long form and reloads it: on a loaded 2-core machine that took 35-41 s of the default 60.
  test.describe.configure({ timeout: 120_000 });

  test('a user gives a key a daily budget in dollars, the relay refuses past it, and the form shows the spend', async ({ page, baseURL }) => {
    const form = await openNewKeyForm(page, baseURL ?? '', 'bg', 'budget');
    const options = await dataOf<{ key: string; value: string }[]>(await form.root.get('/api/option/'));
    const priceBefore = options.find((option) => option.key === 'ModelRequestPrice')?.value ?? '{}';
    try {
      // $0.002 a call: 1000 quota units at QuotaPerUnit 500000, reserved and charged alike.
      await dataOf(await form.root.put('/api/option/', { data: { key: 'ModelRequestPrice', value: '{"gpt-4o-mini":0.002}' } }));
      // An amount without a period is refused on the period, before anything is sent.
      await page.locator('input[name="budget_amount"]').fill('0.004');
      await page.getByTestId('token-submit').click();
      await expect(page.locator('.ant-form-item', { has: page.getByTestId('budget_period') }).locator('.ant-form-item-explain-error')).toContainText('设置了预算金额时请选择预算周期');
      await chooseOption(page, 'budget_period', '每天');
      await screenshot(page, 'token-form-budget');
      await page.getByTestId('token-submit').click();
      await expect(page).toHaveURL(/\/token$/);

      const token = await form.saved();
      expect((await token.call()).status()).toBe(200);
      expect((await token.call()).status()).toBe(200);
      const refused = await token.call();
      expect(refused.status()).toBe(429);
      expect(((await refused.json()) as { error: { code: string; message: string } }).error).toMatchObject({ code: 'budget_exceeded', message: expect.stringContaining('daily budget of this key') });
      expect(Number(refused.headers()['retry-after'])).toBeGreaterThan(0);

      await page.goto(`/token/edit/${token.id}`);
      await expect(page.locator('input[name="budget_amount"]')).toHaveValue('0.004');
      await expect(page.getByTestId('budget_period')).toContainText('每天');
      await expect(page.getByTestId('budget-spent')).toContainText('本周期已花费 $0.004 / $0.004');
      await screenshot(page, 'token-edit-budget');
    } finally {
      await dataOf(await form.root.put('/api/option/', { data: { key: 'ModelRequestPrice', value: priceBefore } }));
      await form.stop();
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
