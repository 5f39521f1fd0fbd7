import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { rowWith } from './admin-helpers.js';
import { loginThroughForm, screenshot, uniqueName } from './helpers.js';
import { apiSession, dataOf, registerUser, startFakeUpstream, type Account } from './user-helpers.js';

/** The model asked for, whose only channel is down, and the model of its chain that answers. */
const ASKED = 'gpt-4-turbo';
const ANSWERS = 'gpt-4o-mini';
/** A model no channel serves, typed into the chain after the one that answers. */
const UNLISTED = 'e2e-unlisted-model';

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
 * An administrator builds a fallback chain in the operation settings' form (a refused one is named by its field), a
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

  test('an admin builds a chain in the operation settings\' form, and the fallen-back request shows it in its log row', async ({ page, baseURL }) => {
    await loginThroughForm(page, 'root', '123456');
    await expect(page).toHaveURL(/\/user\/edit$/);
    await page.goto('/setting?tab=operation');
    await expect(page.getByText('模型回退链').first()).toBeVisible();
    await page.getByTestId('fallback-group-add').click();
    await expect(page.getByTestId('fallback-group-name-0')).toHaveValue('*');
    await page.getByTestId('fallback-model-0-0').fill(ASKED);
    // A model falling back to itself is refused on its row, before anything is sent.
    await page.getByTestId('fallback-chain-0-0-0').fill(ASKED);
    await expect(page.getByTestId('fallback-problem-0-0')).toHaveText(`ModelFallbacks.*.${ASKED}.chain.0 是该链所属的模型本身：模型不能回退到自己`);
    await page.getByTestId('save-ModelFallbacks').click();
    expect(await optionValue(rootApi, 'ModelFallbacks')).toBe('{}');
    // The chain's model is picked from those the channels serve; one no channel serves yet is typed.
    await page.getByTestId('fallback-chain-0-0-0').fill('mini');
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: ANSWERS }).click();
    await expect(page.getByTestId('fallback-chain-0-0-0')).toHaveValue(ANSWERS);
    await page.getByTestId('fallback-chain-add-0-0').click();
    await page.getByTestId('fallback-chain-0-0-1').fill(UNLISTED);
    await page.getByTestId('fallback-up-0-0-1').click();
    await expect(page.getByTestId('fallback-chain-0-0-0')).toHaveValue(UNLISTED);
    await page.getByTestId('fallback-down-0-0-0').click();
    await page.getByTestId('fallback-on-0-0-context_length').check();
    await expect(page.getByTestId('fallback-problem-0-0')).toHaveCount(0);
    await page.getByTestId('save-ModelFallbacks').click();
    const saved = { '*': { [ASKED]: { chain: [ANSWERS, UNLISTED], on: ['context_length'] } } };
    await expect.poll(async () => JSON.parse((await optionValue(rootApi, 'ModelFallbacks')) ?? '{}') as unknown).toEqual(saved);
    await page.reload();
    await expect(page.getByTestId('fallback-model-0-0')).toHaveValue(ASKED);
    await expect(page.getByTestId('fallback-chain-0-0-0')).toHaveValue(ANSWERS);
    await expect(page.getByTestId('fallback-chain-0-0-1')).toHaveValue(UNLISTED);
    await expect(page.getByTestId('fallback-on-0-0-context_length')).toBeChecked();
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
    await expect(page.getByText('Falls back to, in order').first()).toBeVisible();
    await expect(page.getByTestId('fallback-chain-0-0-0')).toHaveValue(ANSWERS);
    // As JSON, the chain saved above; a trigger the server does not know is refused, naming it, and the form cannot show it.
    await page.getByTestId('fallback-json-toggle').click();
    expect(JSON.parse(await page.getByTestId('option-ModelFallbacks').inputValue())).toEqual({ '*': { [ASKED]: { chain: [ANSWERS, UNLISTED], on: ['context_length'] } } });
    await page.getByTestId('option-ModelFallbacks').fill('{"*":{"a":{"chain":["b"],"on":["timeout"]}}}');
    await page.getByTestId('save-ModelFallbacks').click();
    await expect(page.getByText('ModelFallbacks.*.a.on.0 must be a list of').first()).toBeVisible();
    await page.getByTestId('fallback-json-toggle').click();
    await expect(page.getByTestId('fallback-switch-refused')).toContainText('This JSON cannot be shown as a form');
    await screenshot(page, 'fallbacks-settings-en');
  });
});
