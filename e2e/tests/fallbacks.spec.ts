import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { rowWith } from './admin-helpers.js';
import { loginThroughForm, screenshot, uniqueName } from './helpers.js';
import { apiSession, dataOf, registerUser, startFakeUpstream, type Account } from './user-helpers.js';

/** The model asked for, whose only channel is down, and the model of its chain that answers. */
const ASKED = 'gpt-4-turbo';
const ANSWERS = 'gpt-4o-mini';

/** An upstream that answers every request with a 503 in OpenAI's error shape. */
async function startDownUpstream(): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'the e2e upstream is down', type: 'server_error' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}

const optionValue = async (api: APIRequestContext, key: string) => (await dataOf<{ key: string; value: string }[]>(await api.get('/api/option/'))).find((option) => option.key === key)?.value;

/** Opens the log page filtered on a user, and the row of the model that answered. */
async function fallenBackRow(page: Page, username: string) {
  await page.goto('/log');
  await page.locator('input[name="username"]').fill(username);
  await page.getByTestId('log-query').click();
  return rowWith(page, 'log-table', ANSWERS);
}

/**
 * An administrator writes a fallback chain in the operation settings (a refused one is named by its field), a
 * request for a model whose channel is down is answered by the next model of the chain, and its log row says so.
 */
test.describe('fallbacks across models', () => {
  // Settings, a relayed request, the log page and full-page screenshots: more than the default minute on a busy machine.
  test.describe.configure({ mode: 'serial', timeout: 150_000 });
  let down: Awaited<ReturnType<typeof startDownUpstream>>;
  let up: Awaited<ReturnType<typeof startFakeUpstream>>;
  let rootApi: APIRequestContext;
  let account: Account;
  let channels: number[] = [];

  test.beforeAll(async ({ baseURL }) => {
    const base = baseURL ?? '';
    down = await startDownUpstream();
    up = await startFakeUpstream();
    rootApi = await apiSession(base, 'root', '123456');
    channels = [];
    for (const [name, upstream, model] of [['fbdown', down, ASKED], ['fbup', up, ANSWERS]] as const) {
      channels.push(await dataOf<number>(await rootApi.post('/api/channel/', { data: { name: uniqueName(name), type: 1, key: 'k', base_url: upstream.baseUrl, models: model, group: 'default' } })));
    }
    account = await registerUser(base, 'fbk');
  });

  test.afterAll(async () => {
    for (const id of channels) await dataOf(await rootApi.delete(`/api/channel/${id}/`));
    await dataOf(await rootApi.put('/api/option/', { data: { key: 'ModelFallbacks', value: '{}' } }));
    await rootApi.dispose();
    await down.stop();
    await up.stop();
  });

  test('an admin writes a chain in the operation settings, and the fallen-back request shows it in its log row', async ({ page, baseURL }) => {
    await loginThroughForm(page, 'root', '123456');
    await expect(page).toHaveURL(/\/user\/edit$/);
    await page.goto('/setting?tab=operation');
    const editor = page.getByTestId('option-ModelFallbacks');
    const save = page.getByTestId('save-ModelFallbacks');
    await expect(page.getByText('模型回退链').first()).toBeVisible();
    await editor.fill(JSON.stringify({ '*': { [ASKED]: { chain: [ASKED] } } }));
    await save.click();
    await expect(page.getByText(`ModelFallbacks.*.${ASKED}.chain.0 是该链所属的模型本身`).first()).toBeVisible();
    expect(await optionValue(rootApi, 'ModelFallbacks')).toBe('{}');
    await editor.fill(JSON.stringify({ '*': { [ASKED]: { chain: [ANSWERS], on: ['context_length'] } } }));
    await save.click();
    await expect.poll(() => optionValue(rootApi, 'ModelFallbacks')).toContain(ANSWERS);
    await screenshot(page, 'fallbacks-settings');

    const userApi = await apiSession(baseURL ?? '', account.username, account.password);
    const token = await dataOf<{ key: string }>(await userApi.post('/api/token/', { data: { name: 'fallback', unlimited_quota: true, expired_time: -1 } }));
    const self = await dataOf<{ id: number }>(await userApi.get('/api/user/self'));
    await dataOf(await rootApi.post('/api/topup', { data: { user_id: self.id, quota: 10_000_000, remark: 'e2e credit' } }));
    const answer = await userApi.post('/v1/chat/completions', { headers: { authorization: `Bearer sk-${token.key}` }, data: { model: ASKED, messages: [{ role: 'user', content: 'hi' }] } });
    expect(answer.status(), await answer.text()).toBe(200);
    expect(answer.headers()['x-tollgate-fallback-model']).toBe(ANSWERS);
    expect(((await answer.json()) as { model: string }).model).toBe(ANSWERS);
    await userApi.dispose();
    await expect.poll(async () => (await dataOf<{ model_name: string }[]>(await rootApi.get(`/api/log/?p=0&type=2&username=${account.username}`))).map((log) => log.model_name), { timeout: 15_000 }).toContain(ANSWERS);

    const row = await fallenBackRow(page, account.username);
    await expect(row.getByTestId('log-fallback')).toHaveText(`回退 ${ASKED} → ${ANSWERS}`);
    await row.getByTestId('log-fallback').hover();
    await expect(page.getByText(new RegExp(`${ASKED}（渠道 #${channels[0]}，状态 503）`)).first()).toBeVisible();
    await screenshot(page, 'fallbacks-log-row');
  });

  test('in English, the log row and the settings read in English', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('i18nextLng', 'en'));
    await loginThroughForm(page, 'root', '123456');
    await expect(page).toHaveURL(/\/user\/edit$/);
    const row = await fallenBackRow(page, account.username);
    await expect(row.getByTestId('log-fallback')).toHaveText(`fallback ${ASKED} → ${ANSWERS}`);
    await page.goto('/setting?tab=operation');
    await expect(page.getByText('Model fallback chains').first()).toBeVisible();
    await page.getByTestId('option-ModelFallbacks').fill('{"*":{"a":{"chain":["b"],"on":["timeout"]}}}');
    await page.getByTestId('save-ModelFallbacks').click();
    await expect(page.getByText('ModelFallbacks.*.a.on.0 must be a list of').first()).toBeVisible();
    await screenshot(page, 'fallbacks-settings-en');
  });
});
