import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
// The server's own fake OpenAI API (apps/server/test), as the protocol specs use the fakes.
import { FakeOpenAI } from '../../apps/server/test/fake-openai.js';
import { loginAsRoot, rowWith, toast } from './admin-helpers.js';
import { createRelayKey } from './channel-form-steps.js';
import { loginThroughForm, screenshot, uniqueName } from './helpers.js';
import { apiSession, dataOf, registerUser, type Account } from './user-helpers.js';

const model = 'e2e-priced-model';
/** The quota of the one priced request below: 600 input x ratio 2, 400 cache reads x 0.2, 500 output x 6. */
const COST = 1200 + 80 + 3000;
const perCall = 'e2e-percall-model';

/** An input by its test id, whether antd put the id on the input or on its wrapper. */
const field = (page: Page, testId: string) => page.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();

const optionValue = async (api: APIRequestContext, key: string) => (await dataOf<{ key: string; value: string }[]>(await api.get('/api/option/'))).find((o) => o.key === key)?.value;
const setOption = async (api: APIRequestContext, key: string, value: string) => dataOf(await api.put('/api/option/', { data: { key, value } }));

async function openOperationTab(page: Page): Promise<void> {
  await page.goto('/setting');
  await page.getByRole('tab', { name: '运营设置' }).click();
}

/** The same page signed in as another account: the root session's cookie goes first. */
async function signInAs(page: Page, account: Account): Promise<void> {
  await page.context().clearCookies();
  await loginThroughForm(page, account.username, account.password);
  await expect(page).toHaveURL(/\/token$/);
}

/**
 * The buyer's own analytics, where the one priced request is all there is: its cost in the totals and on the
 * model's line of the top list (the admin's lists hold every spec's models).
 */
async function expectDashboardCost(page: Page, buyer: Account, cost: string): Promise<void> {
  await signInAs(page, buyer);
  await page.goto('/dashboard');
  await expect(page.getByTestId('analytics-total-cost')).toContainText(cost);
  await page.getByTestId('analytics-top-dimension').getByText('模型').click();
  await page.getByTestId('analytics-top-view').getByText('表格').click();
  await expect(rowWith(page, 'analytics-top-table', model)).toContainText(cost);
}

test.describe('console: prices in money (issue 15)', () => {
  let openai: FakeOpenAI;
  let api: APIRequestContext;
  let channelId = 0;
  // The priced request is this user's, so their dashboard shows its cost alone.
  let buyer: Account;
  let buyerApi: APIRequestContext;

  test.beforeAll(async ({ baseURL }) => {
    openai = await new FakeOpenAI('prices-e2e').start();
    // 1000 prompt tokens of which 400 read from the cache; 500 answered.
    openai.behaviour = { usage: { prompt_tokens: 1000, completion_tokens: 500, prompt_tokens_details: { cached_tokens: 400 } } };
    api = await apiSession(baseURL ?? '', 'root', '123456');
    channelId = await dataOf<number>(await api.post('/api/channel/', { data: { name: uniqueName('price-'), type: 1, key: 'sk-e2e', base_url: openai.baseUrl, models: `${model},${perCall}`, group: 'default' } }));
    buyer = await registerUser(baseURL ?? '', 'buyer');
    buyerApi = await apiSession(baseURL ?? '', buyer.username, buyer.password);
    const self = await dataOf<{ id: number }>(await buyerApi.get('/api/user/self'));
    await dataOf(await api.post('/api/topup', { data: { user_id: self.id, quota: 10_000_000, remark: 'e2e credit' } }));
  });

  // The channel goes with its fake upstream, and the currency back to dollars, so later tests see the defaults.
  test.afterAll(async () => {
    if (channelId) await dataOf(await api.delete(`/api/channel/${channelId}/`));
    await setOption(api, 'DisplayCurrency', 'USD');
    await api.dispose();
    await buyerApi.dispose();
    await openai.stop();
  });

  test.beforeEach(async ({ page }) => {
    await loginAsRoot(page);
  });

  test('a price set in money shows on the pricing page, in a log row’s cost after a request, and on the dashboard', async ({ page }) => {
    test.setTimeout(120_000);
    await openOperationTab(page);
    await field(page, 'money-model').fill(model);
    await field(page, 'money-input').click();
    await field(page, 'money-input').fill('4');
    await field(page, 'money-output').fill('-1');
    await page.getByTestId('money-save').click();
    // Refused on the field, under its label (issue 35), before anything is sent.
    await expect(page.locator('.ant-form-item', { has: field(page, 'money-output') }).locator('.ant-form-item-explain-error')).toHaveText('输出不能小于 0');
    expect(await optionValue(api, 'ModelRatio')).not.toContain(model);

    await field(page, 'money-output').fill('12');
    await field(page, 'money-cache_read').fill('0.4');
    await page.getByTestId('money-save').click();
    await expect(toast(page, '操作成功完成！')).toBeVisible();
    await expect(rowWith(page, 'money-price-list', model)).toContainText('$4');
    // The JSON editors below show what the money editor stored.
    await expect(page.getByTestId('option-ModelRatio')).toHaveValue(new RegExp(`"${model}": 2`));
    await screenshot(page, 'setting-money-prices');
    // $4 per 1M input is a ratio of 2; $12 output is 3 times the input, a $0.40 cache read a tenth.
    expect(JSON.parse((await optionValue(api, 'ModelRatio')) ?? '{}')).toMatchObject({ [model]: 2 });
    expect(JSON.parse((await optionValue(api, 'CompletionRatio')) ?? '{}')).toMatchObject({ [model]: 3 });
    expect(JSON.parse((await optionValue(api, 'CacheReadRatio')) ?? '{}')).toMatchObject({ [model]: 0.1 });

    await page.goto('/pricing');
    await expect(page.getByTestId(`price-${model}-input`)).toHaveText('$4.00');
    await expect(page.getByTestId(`price-${model}-output`)).toHaveText('$12.00');
    await field(page, 'pricing-search').fill('no-such-model');
    await expect(page.getByTestId(`price-${model}-input`)).toHaveCount(0);
    await field(page, 'pricing-search').fill('E2E-PRICED');
    await expect(page.getByTestId(`price-${model}-input`)).toHaveText('$4.00');
    await screenshot(page, 'pricing-page');

    const key = await createRelayKey(buyerApi, uniqueName('pricekey'));
    const answer = await buyerApi.post('/v1/chat/completions', { headers: { authorization: `Bearer ${key}` }, data: { model, messages: [{ role: 'user', content: 'hi' }] } });
    expect(answer.status(), await answer.text()).toBe(200);
    await expect.poll(async () => (await dataOf<unknown[]>(await api.get(`/api/log/?p=0&type=2&model_name=${model}`))).length, { timeout: 15_000 }).toBeGreaterThan(0);

    await page.goto('/log');
    const row = rowWith(page, 'log-table', model).first();
    await row.getByTestId('log-costs').click();
    // 600 plain input at $4, 400 cache reads at $0.40, 500 output at $12 per 1M tokens.
    await expect(page.getByTestId('log-cost-input')).toHaveText('输入 600 tokens × $4.00 / 1M = $0.002400');
    await expect(page.getByTestId('log-cost-cache_read')).toHaveText('缓存读取 400 tokens × $0.40 / 1M = $0.000160');
    await expect(page.getByTestId('log-cost-output')).toHaveText('输出 500 tokens × $12.00 / 1M = $0.006000');
    await expect(page.getByTestId('log-cost-group')).toHaveText('已乘分组倍率 1');
    await expect(row).toContainText(`$${(COST / 500_000).toFixed(6)}`);
    await screenshot(page, 'log-costs');

    // Rollups are written in batches, after the log.
    const now = Math.floor(Date.now() / 1000);
    await expect
      .poll(async () => (await dataOf<{ totals: { quota: number } }>(await buyerApi.get(`/api/analytics/self/summary?start=${now - 7200}&end=${now + 3600}`))).totals.quota, { timeout: 15_000 })
      .toBe(COST);
    // $0.00856, shown to two significant digits: the console's money rule never rounds a small amount away.
    await expectDashboardCost(page, buyer, '$0.0086');
    await screenshot(page, 'dashboard-cost');
  });

  test('prices, a log row’s cost and the dashboard show in the display currency, the money editor edits in it; a tier for an unknown model is refused naming it, a price per call is listed', async ({ page }) => {
    test.setTimeout(120_000);
    await setOption(api, 'DisplayCurrency', 'CNY');
    await setOption(api, 'CurrencyExchangeRate', '7');
    await page.goto('/pricing');
    await page.reload();
    await expect(page.getByTestId(`price-${model}-input`)).toHaveText('¥28.00');
    await expect(page.getByTestId(`price-${model}-output`)).toHaveText('¥84.00');

    // The request of the first test, its cost in yuan: in the log row and its breakdown, and on the dashboard.
    await page.goto('/log');
    const row = rowWith(page, 'log-table', model).first();
    await expect(row).toContainText(`¥${((COST / 500_000) * 7).toFixed(6)}`);
    await row.getByTestId('log-costs').click();
    await expect(page.getByTestId('log-cost-input')).toHaveText('输入 600 tokens × ¥28.00 / 1M = ¥0.016800');
    await expect(page.getByTestId('log-cost-output')).toHaveText('输出 500 tokens × ¥84.00 / 1M = ¥0.042000');
    await expectDashboardCost(page, buyer, '¥0.06');
    await screenshot(page, 'dashboard-cost-cny');
    await page.context().clearCookies();
    await loginAsRoot(page);

    // The money editor works in yuan too: it shows the stored $4 as ¥28, and ¥35 / ¥105 are stored as $5 / $15.
    await openOperationTab(page);
    await expect(page.getByTestId('money-prices-title')).toHaveText('模型价格（CNY / 每百万 tokens）');
    await expect(page.getByTestId('money-prices-converted')).toContainText('1 美元 = 7 CNY');
    await expect(rowWith(page, 'money-price-list', model)).toContainText('¥28');
    await rowWith(page, 'money-price-list', model).click();
    await expect(field(page, 'money-input')).toHaveValue('28');
    await expect(field(page, 'money-output')).toHaveValue('84');
    await field(page, 'money-input').fill('35');
    await field(page, 'money-output').fill('105');
    await page.getByTestId('money-save').click();
    await expect(toast(page, '操作成功完成！')).toBeVisible();
    await expect(rowWith(page, 'money-price-list', model)).toContainText('¥35');
    expect(JSON.parse((await optionValue(api, 'ModelRatio')) ?? '{}')).toMatchObject({ [model]: 2.5 });
    expect(JSON.parse((await optionValue(api, 'CompletionRatio')) ?? '{}')).toMatchObject({ [model]: 3 });
    await screenshot(page, 'setting-money-prices-cny');

    await openOperationTab(page);
    const before = await optionValue(api, 'ModelPriceTiers');
    await page.getByTestId('option-ModelPriceTiers').fill('{"no-such-model":[{"above_prompt_tokens":1000,"input":1}]}');
    await page.getByTestId('save-ModelPriceTiers-ModelRequestPrice').click();
    await expect(toast(page, /ModelPriceTiers\.no-such-model：未知模型 no-such-model/)).toBeVisible();
    expect(await optionValue(api, 'ModelPriceTiers')).toBe(before);

    await page.getByTestId('option-ModelPriceTiers').fill('');
    await page.getByTestId('option-ModelRequestPrice').fill(`{"${perCall}": 0.05}`);
    await page.getByTestId('save-ModelPriceTiers-ModelRequestPrice').click();
    await expect(toast(page, '操作成功完成！')).toBeVisible();
    await page.goto('/pricing');
    // $0.05 a call at 7 yuan to the dollar.
    await expect(page.getByTestId(`price-${perCall}-request`)).toHaveText('¥0.35');
    await screenshot(page, 'pricing-page-cny');
  });
});
