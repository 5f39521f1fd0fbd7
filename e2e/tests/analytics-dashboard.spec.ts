import { expect, test, type APIRequestContext } from '@playwright/test';
import { loginThroughForm, screenshot, uniqueName } from './helpers.js';
import { apiSession, dataOf, registerUser, startFakeUpstream, type Account } from './user-helpers.js';

/**
 * The analytics panel of the dashboard, fed by real relayed calls through a fake OpenAI upstream: an admin sees
 * everyone's totals, top lists and the channel's health, each table one click from its chart, and downloads the
 * rollups as CSV; a user sees their own keys only.
 */
test.describe('usage analytics on the dashboard', () => {
  test.describe.configure({ mode: 'serial' });
  let upstream: Awaited<ReturnType<typeof startFakeUpstream>>;
  let account: Account;
  let rootApi: APIRequestContext;
  let userApi: APIRequestContext;
  let channelId: number;
  const channelName = uniqueName('stats');

  test.beforeAll(async ({ baseURL }) => {
    const base = baseURL ?? '';
    upstream = await startFakeUpstream();
    rootApi = await apiSession(base, 'root', '123456');
    channelId = await dataOf<number>(
      await rootApi.post('/api/channel/', { data: { name: channelName, type: 1, key: 'upstream-key', base_url: upstream.baseUrl, models: 'gpt-4o-mini', group: 'default' } }),
    );
    account = await registerUser(base, 'stats');
    userApi = await apiSession(base, account.username, account.password);
    const self = await dataOf<{ id: number }>(await userApi.get('/api/user/self'));
    await dataOf(await rootApi.post('/api/topup', { data: { user_id: self.id, quota: 10_000_000, remark: 'e2e credit' } }));
    const token = await dataOf<{ key: string }>(await userApi.post('/api/token/', { data: { name: 'stats-key', unlimited_quota: true, expired_time: -1 } }));
    for (let i = 0; i < 4; i += 1) {
      const answer = await userApi.post('/v1/chat/completions', { headers: { authorization: `Bearer sk-${token.key}` }, data: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] } });
      expect(answer.status(), await answer.text()).toBe(200);
    }
    // Rollups are written in batches, with the logs.
    const now = Math.floor(Date.now() / 1000);
    await expect
      .poll(async () => (await dataOf<{ totals: { requests: number } }>(await userApi.get(`/api/analytics/self/summary?start=${now - 7200}&end=${now + 3600}`))).totals.requests, { timeout: 15_000 })
      .toBe(4);
  });

  test.afterAll(async () => {
    await dataOf(await rootApi.delete(`/api/channel/${channelId}/`));
    await rootApi.dispose();
    await userApi.dispose();
    await upstream.stop();
  });

  test('an admin reads totals, top lists and channel health, as charts and tables, and downloads the CSV', async ({ page }) => {
    await loginThroughForm(page, 'root', '123456');
    await expect(page).toHaveURL(/\/user\/edit$/);
    await page.goto('/dashboard');
    const panel = page.getByTestId('analytics-panel');
    await expect(panel).toContainText('全站用量分析');
    await expect(page.getByTestId('analytics-total-requests')).toContainText(/[1-9]/);
    await expect(page.getByTestId('analytics-series').locator('.recharts-surface')).toBeVisible();

    await page.getByTestId('analytics-series-view').getByText('表格').click();
    await expect(page.getByTestId('analytics-series-table').locator('tbody tr.ant-table-row').first()).toBeVisible();

    await page.getByTestId('analytics-top-dimension').getByText('用户').click();
    await page.getByTestId('analytics-top-view').getByText('表格').click();
    await expect(page.getByTestId('analytics-top-table')).toContainText(account.username);

    await page.getByTestId('analytics-channels-view').getByText('表格').click();
    const channels = page.getByTestId('analytics-channels-table');
    await expect(channels).toContainText(channelName);
    await expect(channels).toContainText('0.0%');
    // p50 is a bound from the same rollups as the mean, never one the mean rules out (4 calls: at most 4/3 of it).
    const [mean = '', p50 = '', p95 = ''] = (await channels.locator('tr', { hasText: channelName }).locator('td').allTextContents()).slice(4, 7);
    expect(p50).toMatch(/^(≤ )?\d+$/);
    expect(Number(p50.replace(/\D/g, ''))).toBeLessThanOrEqual(2 * (Number(mean) + 0.5));
    expect(Number(p95.replace(/\D/g, ''))).toBeGreaterThanOrEqual(Number(p50.replace(/\D/g, '')));

    await page.getByTestId('analytics-range').getByText('30 天').click();
    await expect(page.getByTestId('analytics-total-requests')).toContainText(/[1-9]/);

    const download = page.waitForEvent('download');
    await page.getByTestId('analytics-csv').getByRole('button').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^usage-.*\.csv$/);
    const text = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks as Buffer[]).toString('utf8'));
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^time,hour,user_id,token_id,channel_id,model,requests,errors/);
    // This channel's rows (one per hour the four calls fell in) add up to the four calls.
    const ours = lines.slice(1).map((line) => line.split(',')).filter((fields) => fields[4] === String(channelId) && fields[5] === 'gpt-4o-mini');
    expect(ours.reduce((sum, fields) => sum + Number(fields[6]), 0)).toBe(4);
    await expect(page.getByText(/已导出 \d+ 行/)).toBeVisible();
    await screenshot(page, 'analytics-admin');
  });

  test('a user sees their own keys and models only', async ({ page }) => {
    await loginThroughForm(page, account.username, account.password);
    await expect(page).toHaveURL(/\/token$/);
    await page.goto('/dashboard');
    await expect(page.getByTestId('analytics-panel')).toContainText('我的用量分析');
    await expect(page.getByTestId('analytics-total-requests')).toContainText('4');
    await expect(page.getByTestId('analytics-channels')).toHaveCount(0);
    await page.getByTestId('analytics-top-view').getByText('表格').click();
    await expect(page.getByTestId('analytics-top-table')).toContainText('stats-key');
    await screenshot(page, 'analytics-user');
  });

  test('a user exports the logs of the filters applied as CSV', async ({ page }) => {
    await loginThroughForm(page, account.username, account.password);
    await expect(page).toHaveURL(/\/token$/);
    await page.goto('/log');
    await page.locator('input[name="model_name"]').fill('gpt-4o-mini');
    await page.getByTestId('log-query').click();
    await expect(page.getByTestId('log-table').locator('tbody tr.ant-table-row')).toHaveCount(4);
    const download = page.waitForEvent('download');
    await page.getByTestId('log-csv').getByRole('button').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^my-logs-.*\.csv$/);
    const text = Buffer.concat((await (await file.createReadStream()).toArray()) as Buffer[]).toString('utf8');
    const [header, ...records] = text.trimEnd().split('\r\n');
    expect(header).toMatch(/^id,time,created_at,type,username,token_name,model_name/);
    // The four calls, not the top-up log the unfiltered list also holds.
    expect(records).toHaveLength(4);
    expect(records.every((record) => record.includes(',gpt-4o-mini,'))).toBe(true);
    await expect(page.getByText('已导出 4 行')).toBeVisible();
  });
});
