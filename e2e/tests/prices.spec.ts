import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
// The server's own fake OpenAI API (apps/server/test), as the protocol specs use the fakes.
import { FakeOpenAI } from '../../apps/server/test/fake-openai.js';
import { loginAsRoot, rowWith, toast } from './admin-helpers.js';
import { createRelayKey } from './channel-form-steps.js';
import { screenshot, uniqueName } from './helpers.js';
import { apiSession, dataOf } from './user-helpers.js';

const model = 'e2e-priced-model';
const perCall = 'e2e-percall-model';

/** An input by its test id, whether antd put the id on the input or on its wrapper. */
const field = (page: Page, testId: string) => page.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();

const optionValue = async (api: APIRequestContext, key: string) => (await dataOf<{ key: string; value: string }[]>(await api.get('/api/option/'))).find((o) => o.key === key)?.value;
const setOption = async (api: APIRequestContext, key: string, value: string) => dataOf(await api.put('/api/option/', { data: { key, value } }));

async function openOperationTab(page: Page): Promise<void> {
  await page.goto('/setting');
  await page.getByRole('tab', { name: '运营设置' }).click();
}

test.describe('console: prices in money (issue 15)', () => {
  let openai: FakeOpenAI;
  let api: APIRequestContext;
  let channelId = 0;

  test.beforeAll(async ({ baseURL }) => {
    openai = await new FakeOpenAI('prices-e2e').start();
    // 1000 prompt tokens of which 400 read from the cache; 500 answered.
    openai.behaviour = { usage: { prompt_tokens: 1000, completion_tokens: 500, prompt_tokens_details: { cached_tokens: 400 } } };
    api = await apiSession(baseURL ?? '', 'root', '123456');
    channelId = await dataOf<number>(await api.post('/api/channel/', { data: { name: uniqueName('price-'), type: 1, key: 'sk-e2e', base_url: openai.baseUrl, models: `${model},${perCall}`, group: 'default' } }));
  });

  // The channel goes with its fake upstream, and the currency back to dollars, so later tests see the defaults.
  test.afterAll(async () => {
    if (channelId) await dataOf(await api.delete(`/api/channel/${channelId}/`));
    await setOption(api, 'DisplayCurrency', 'USD');
    await api.dispose();
    await openai.stop();
  });

  test.beforeEach(async ({ page }) => {
    await loginAsRoot(page);
  });

  test('a price set in money shows on the pricing page and in a log row’s cost after a request', async ({ page }) => {
    test.setTimeout(120_000);
    await openOperationTab(page);
    await field(page, 'money-model').fill(model);
    await field(page, 'money-input').click();
    await field(page, 'money-input').fill('4');
    await field(page, 'money-output').fill('-1');
    await page.getByTestId('money-save').click();
    await expect(toast(page, 'output 必须是不小于 0 的数')).toBeVisible();
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

    const key = await createRelayKey(api, uniqueName('pricekey'));
    const answer = await api.post('/v1/chat/completions', { headers: { authorization: `Bearer ${key}` }, data: { model, messages: [{ role: 'user', content: 'hi' }] } });
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
    await screenshot(page, 'log-costs');
  });

  test('prices show in the display currency, a tier for an unknown model is refused naming it, a price per call is listed', async ({ page }) => {
    await setOption(api, 'DisplayCurrency', 'CNY');
    await setOption(api, 'CurrencyExchangeRate', '7');
    await page.goto('/pricing');
    await page.reload();
    await expect(page.getByTestId(`price-${model}-input`)).toHaveText('¥28.00');

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
