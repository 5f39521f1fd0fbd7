import { expect, test, type APIRequestContext } from '@playwright/test';
import { search } from './admin-helpers.js';
import { loginThroughForm, screenshot, uniqueName } from './helpers.js';
import { apiSession, dataOf, registerUser, startFakeUpstream, type Account } from './user-helpers.js';

interface LogRow {
  model_name: string;
  type: number;
}

/**
 * Consume logs come from real relayed calls: a channel pointing at a fake OpenAI upstream, a user with
 * quota and a token, two calls to one model and one to another.
 */
test.describe('usage logs and dashboard', () => {
  test.describe.configure({ mode: 'serial' });
  let upstream: Awaited<ReturnType<typeof startFakeUpstream>>;
  let account: Account;
  let userApi: APIRequestContext;
  let rootApi: APIRequestContext;
  let channelId: number;

  test.beforeAll(async ({ baseURL }) => {
    const base = baseURL ?? '';
    upstream = await startFakeUpstream();
    const root = await apiSession(base, 'root', '123456');
    rootApi = root;
    channelId = await dataOf<number>(
      await root.post('/api/channel/', {
        data: { name: uniqueName('fake'), type: 1, key: 'upstream-key', base_url: upstream.baseUrl, models: 'gpt-4o-mini,gpt-3.5-turbo', group: 'default' },
      }),
    );
    account = await registerUser(base, 'usage');
    userApi = await apiSession(base, account.username, account.password);
    const self = await dataOf<{ id: number }>(await userApi.get('/api/user/self'));
    await dataOf(await root.post('/api/topup', { data: { user_id: self.id, quota: 10_000_000, remark: 'e2e credit' } }));

    const token = await dataOf<{ key: string }>(await userApi.post('/api/token/', { data: { name: 'relay', unlimited_quota: true, expired_time: -1 } }));
    for (const model of ['gpt-4o-mini', 'gpt-4o-mini', 'gpt-3.5-turbo']) {
      const answer = await userApi.post('/v1/chat/completions', {
        headers: { authorization: `Bearer sk-${token.key}` },
        data: { model, messages: [{ role: 'user', content: 'hi' }] },
      });
      expect(answer.status(), await answer.text()).toBe(200);
    }
    // Consume logs are written in batches: wait until all three are stored.
    await expect
      .poll(async () => (await dataOf<LogRow[]>(await userApi.get('/api/log/self/?p=0&type=2'))).length, { timeout: 15_000 })
      .toBe(3);
  });

  // The channel goes with its fake upstream, so later tests on the same server never route to a dead port.
  test.afterAll(async () => {
    await dataOf(await rootApi.delete(`/api/channel/${channelId}/`));
    await rootApi.dispose();
    await userApi.dispose();
    await upstream.stop();
  });

  test('a user filters the logs by model and reveals the consumed total', async ({ page }) => {
    await loginThroughForm(page, account.username, account.password);
    await expect(page).toHaveURL(/\/token$/);
    await page.goto('/log');
    const rows = page.getByTestId('log-table').locator('tbody tr.ant-table-row');
    // Three consume logs and the top-up log.
    await expect(rows).toHaveCount(4);
    await expect(page.locator('input[name="channel"]')).toHaveCount(0);

    await page.locator('input[name="model_name"]').fill('gpt-4o-mini');
    await page.getByTestId('log-query').click();
    await expect(rows).toHaveCount(2);
    for (const row of await rows.all()) await expect(row).toContainText('gpt-4o-mini');

    await page.getByTestId('log-stat-toggle').click();
    await expect(page.getByTestId('log-stat-quota')).toBeVisible();
    await screenshot(page, 'log-self');

    await page.locator('input[name="start_timestamp"]').fill('not a time');
    await page.getByTestId('log-query').click();
    await expect(page.getByText('时间格式错误！')).toBeVisible();
  });

  test('a user searches their own logs and clears the search back to the list', async ({ page }) => {
    await loginThroughForm(page, account.username, account.password);
    await expect(page).toHaveURL(/\/token$/);
    await page.goto('/log');
    const rows = page.getByTestId('log-table').locator('tbody tr.ant-table-row');
    await expect(rows).toHaveCount(4);

    // A number searches by log type: the one top-up log, this user's only (root's search would list others').
    const searched = page.waitForResponse((response) => response.url().includes('/api/log/self/search?keyword=1'));
    await search(page, 'log-search', '1');
    await searched;
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('充值');

    await page.getByTestId('log-search').locator('.ant-input-clear-icon').click();
    await expect(rows).toHaveCount(4);
  });

  test('an admin sees every user, with channel and username filters', async ({ page }) => {
    await loginThroughForm(page, 'root', '123456');
    await expect(page).toHaveURL(/\/user\/edit$/);
    await page.goto('/log');
    await page.locator('input[name="username"]').fill(account.username);
    await page.locator('input[name="model_name"]').fill('gpt-3.5-turbo');
    await page.getByTestId('log-query').click();
    const rows = page.getByTestId('log-table').locator('tbody tr.ant-table-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(account.username);
    await screenshot(page, 'log-admin');
  });

  test('the dashboard charts the usage of the last days by model', async ({ page }) => {
    await loginThroughForm(page, account.username, account.password);
    await expect(page).toHaveURL(/\/token$/);
    await page.getByTestId('nav-menu-horizontal').getByRole('link', { name: '数据看板' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('dashboard-requests')).toContainText('3');
    const models = page.getByTestId('dashboard-models');
    await expect(models).toContainText('gpt-4o-mini');
    await expect(models).toContainText('gpt-3.5-turbo');
    await screenshot(page, 'dashboard');
  });
});
