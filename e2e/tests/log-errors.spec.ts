import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { rowWith } from './admin-helpers.js';
import { chooseOption, loginThroughForm, screenshot, uniqueName } from './helpers.js';
import { apiSession, dataOf, registerUser, type Account } from './user-helpers.js';

/** A model with a built-in price whose upstreams both fail, and one no price covers. */
const FAILING_MODEL = 'gpt-4-turbo';
const UNPRICED_MODEL = 'e2e-unpriced-model';
const ERROR_LOG_TYPE = 6;

/** An upstream that answers every request with a 500 and OpenAI's error shape. */
async function startFailingUpstream(): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'the e2e upstream is down', type: 'server_error' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Picks the log type filter's option; a type change queries at once. */
const filterByType = (page: Page, label: string) => chooseOption(page, 'log-type', label);

/**
 * Failed relay requests leave error logs: an upstream 500 retried on a second channel, and a model without a price
 * refused before any channel was called. Both are found under the log page's Error type, with their details.
 */
test.describe('error logs of failed requests', () => {
  test.describe.configure({ mode: 'serial' });
  let upstream: Awaited<ReturnType<typeof startFailingUpstream>>;
  let rootApi: APIRequestContext;
  let account: Account;
  let channels: number[];
  let retryTimes: string;

  test.beforeAll(async ({ baseURL }) => {
    const base = baseURL ?? '';
    upstream = await startFailingUpstream();
    rootApi = await apiSession(base, 'root', '123456');
    const options = await dataOf<{ key: string; value: string }[]>(await rootApi.get('/api/option/'));
    retryTimes = options.find((option) => option.key === 'RetryTimes')?.value ?? '0';
    await dataOf(await rootApi.put('/api/option/', { data: { key: 'RetryTimes', value: '1' } }));
    // The higher priority is tried first, the retry falls through to the other: the order is known.
    channels = [];
    for (const priority of [100, 99]) {
      const fields = { name: uniqueName('down'), type: 1, key: 'upstream-key', base_url: upstream.baseUrl, models: `${FAILING_MODEL},${UNPRICED_MODEL}`, group: 'default', priority };
      channels.push(await dataOf<number>(await rootApi.post('/api/channel/', { data: fields })));
    }
    account = await registerUser(base, 'errs');
    const userApi = await apiSession(base, account.username, account.password);
    const token = await dataOf<{ key: string }>(await userApi.post('/api/token/', { data: { name: 'failing', unlimited_quota: true, expired_time: -1 } }));
    const self = await dataOf<{ id: number }>(await userApi.get('/api/user/self'));
    await dataOf(await rootApi.post('/api/topup', { data: { user_id: self.id, quota: 10_000_000, remark: 'e2e credit' } }));
    const call = (model: string) => userApi.post('/v1/chat/completions', { headers: { authorization: `Bearer sk-${token.key}` }, data: { model, messages: [{ role: 'user', content: 'hi' }] } });
    const failed = await call(FAILING_MODEL);
    expect(failed.status(), await failed.text()).toBe(500);
    const unpriced = await call(UNPRICED_MODEL);
    expect(unpriced.status(), await unpriced.text()).toBe(503);
    await userApi.dispose();
    // Logs are written in batches: wait until both are stored.
    await expect
      .poll(async () => (await dataOf<unknown[]>(await rootApi.get(`/api/log/?p=0&type=${ERROR_LOG_TYPE}&username=${account.username}`))).length, { timeout: 15_000 })
      .toBe(2);
  });

  test.afterAll(async () => {
    for (const id of channels) await dataOf(await rootApi.delete(`/api/channel/${id}/`));
    await dataOf(await rootApi.put('/api/option/', { data: { key: 'RetryTimes', value: retryTimes } }));
    await rootApi.dispose();
    await upstream.stop();
  });

  test('an admin filters by the Error type and reads the status, the message and the channels tried', async ({ page }) => {
    await loginThroughForm(page, 'root', '123456');
    await expect(page).toHaveURL(/\/user\/edit$/);
    await page.goto('/log');
    await page.locator('input[name="username"]').fill(account.username);
    await page.getByTestId('log-query').click();
    const rows = page.getByTestId('log-table').locator('tbody tr.ant-table-row');
    // The two errors and the top-up.
    await expect(rows).toHaveCount(3);
    await filterByType(page, '错误');
    await expect(rows).toHaveCount(2);
    for (const row of await rows.all()) await expect(row).toContainText('错误');

    const retried = rowWith(page, 'log-table', FAILING_MODEL);
    await expect(retried.getByTestId('log-status')).toHaveText('HTTP 500');
    await expect(retried.getByTestId('log-channels')).toHaveText(`渠道 #${channels[0]} → #${channels[1]}`);
    await expect(retried).toContainText('the e2e upstream is down');

    const refused = rowWith(page, 'log-table', UNPRICED_MODEL);
    await expect(refused.getByTestId('log-status')).toHaveText('HTTP 503');
    await expect(refused.getByTestId('log-channels')).toHaveText('未调用渠道');
    // The refusal Tollgate wrote is said in the console's language; the upstream's own message above is as it came.
    await expect(refused).toContainText(`模型 ${UNPRICED_MODEL} 没有价格`);
    await screenshot(page, 'log-errors-admin');
  });

  test('a user sees their own error rows under the Error type', async ({ page }) => {
    await loginThroughForm(page, account.username, account.password);
    await expect(page).toHaveURL(/\/token$/);
    await page.goto('/log');
    const rows = page.getByTestId('log-table').locator('tbody tr.ant-table-row');
    await expect(rows).toHaveCount(3);
    await filterByType(page, '错误');
    await expect(rows).toHaveCount(2);
    await expect(rowWith(page, 'log-table', FAILING_MODEL).getByTestId('log-status')).toHaveText('HTTP 500');
    await expect(rowWith(page, 'log-table', UNPRICED_MODEL).getByTestId('log-status')).toHaveText('HTTP 503');
    await screenshot(page, 'log-errors-user');
  });
});
