import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
// The server's own fake Gemini API (apps/server/test), as native-channel-cases.ts uses the fakes.
import { FakeGemini } from '../../apps/server/test/fake-gemini.js';
import { loginAsRoot, rowWith, toast } from './admin-helpers.js';
import { chooseOnlyModel, createRelayKey, savedChannel } from './channel-form-steps.js';
import { screenshot, uniqueName } from './helpers.js';
import { apiSession, dataOf } from './user-helpers.js';

/** A checkbox of the channel form's "client protocols accepted natively" group, by its label. */
const nativeBox = (page: Page, label: string) => page.getByTestId('channel-native-protocols').getByRole('checkbox', { name: new RegExp(label) });

const configOf = (channel: Record<string, unknown>) => JSON.parse(String(channel.config || '{}')) as Record<string, unknown>;

async function openOperationTab(page: Page): Promise<void> {
  await page.goto('/setting');
  await page.getByRole('tab', { name: '运营设置' }).click();
}

test.describe('console: client protocols and token kinds (issue 13)', () => {
  test.beforeEach(async ({ page }) => {
    await loginAsRoot(page);
  });

  test('the channel form saves the protocols a channel takes natively and loads them back', async ({ page }) => {
    // Three saves and reloads of the form: more than the default minute on a busy machine.
    test.setTimeout(120_000);
    const name = uniqueName('nat-');
    const typeModels = page.waitForResponse((response) => response.url().endsWith('/api/models'));
    await page.goto('/channel/add');
    await typeModels;
    // A new OpenAI channel starts from its type's defaults: Responses natively, nothing else.
    await expect(nativeBox(page, 'OpenAI Responses')).toBeChecked();
    await expect(nativeBox(page, 'Anthropic Messages')).not.toBeChecked();
    await expect(nativeBox(page, 'Gemini')).not.toBeChecked();
    await expect(page.getByText(/原样透传给上游/)).toBeVisible();

    await page.getByTestId('channel-name').fill(name);
    await page.getByTestId('channel-key').fill('sk-native-e2e');
    await chooseOnlyModel(page, 'gpt-4o');
    await nativeBox(page, 'Anthropic Messages').check();
    await nativeBox(page, 'OpenAI Responses').uncheck();
    await screenshot(page, 'channel-native-protocols');
    await page.getByTestId('channel-submit').click();
    await expect(toast(page, '渠道创建成功！')).toBeVisible();

    const created = await savedChannel(page, name);
    expect(configOf(created).native_protocols).toBe('anthropic');

    await page.goto(`/channel/edit/${created.id}`);
    await expect(nativeBox(page, 'Anthropic Messages')).toBeChecked();
    await expect(nativeBox(page, 'OpenAI Responses')).not.toBeChecked();
    // Clearing every protocol is stored as 'none' (absent would mean the type's defaults again).
    await nativeBox(page, 'Anthropic Messages').uncheck();
    await page.getByTestId('channel-submit').click();
    await expect(toast(page, '渠道更新成功！')).toBeVisible();
    expect(configOf(await savedChannel(page, name)).native_protocols).toBe('none');

    await page.reload();
    for (const label of ['Anthropic Messages', 'OpenAI Responses', 'Gemini']) await expect(nativeBox(page, label)).not.toBeChecked();
    // Back to the type's defaults: the key is left out again.
    await nativeBox(page, 'OpenAI Responses').check();
    await page.getByTestId('channel-submit').click();
    await expect(toast(page, '渠道更新成功！').first()).toBeVisible();
    expect(configOf(await savedChannel(page, name))).not.toHaveProperty('native_protocols');

    await dataOf(await page.request.delete(`/api/channel/${created.id}/`));
  });

  test('the cache and reasoning ratio editors save, refuse invalid JSON and go back to the built-ins', async ({ page }) => {
    await openOperationTab(page);
    const save = page.getByTestId('save-CacheReadRatio-CacheWriteRatio-ReasoningRatio');
    await page.getByTestId('option-CacheWriteRatio').fill('{"claude-e2e": ');
    await save.click();
    await expect(toast(page, '缓存写入倍率不是合法的 JSON 字符串')).toBeVisible();

    await page.getByTestId('option-CacheWriteRatio').fill('');
    await page.getByTestId('option-CacheReadRatio').fill('{"e2e-model": 0.2}');
    await page.getByTestId('option-ReasoningRatio').fill('{"e2e-model": 3}');
    await save.click();
    await expect(toast(page, '操作成功完成！')).toBeVisible();
    await screenshot(page, 'setting-token-kind-ratios');

    await openOperationTab(page);
    // The editors show the built-in ratios under the operator's (a cleared one only those).
    await expect(page.getByTestId('option-CacheReadRatio')).toHaveValue(/"e2e-model": 0\.2/);
    await expect(page.getByTestId('option-ReasoningRatio')).toHaveValue(/"e2e-model": 3/);
    await expect(page.getByTestId('option-CacheWriteRatio')).toHaveValue(/"claude-sonnet-4-5": 1\.25/);
    await expect(page.getByTestId('option-CacheWriteRatio')).not.toHaveValue(/claude-e2e/);

    // Cleared editors are saved as {}: the built-in prices, so later tests bill as usual.
    await page.getByTestId('option-CacheReadRatio').fill('');
    await page.getByTestId('option-ReasoningRatio').fill('');
    await save.click();
    await expect(toast(page, '操作成功完成！').first()).toBeVisible();
    const options = await dataOf<{ key: string; value: string }[]>(await page.request.get('/api/option/'));
    const value = (key: string) => options.find((option) => option.key === key)?.value;
    expect([value('CacheReadRatio'), value('ReasoningRatio')]).toEqual(['{}', '{}']);
  });

  test.describe('a consume log relayed natively', () => {
    const model = 'gemini-2.5-flash';
    let gemini: FakeGemini;
    let api: APIRequestContext;
    let channelId = 0;

    test.beforeAll(async ({ baseURL }) => {
      gemini = await new FakeGemini('gemini-e2e').start();
      // 12 prompt tokens of which 8 read from the cache; 6 answered and 4 thought.
      gemini.behaviour = { thoughts: true, cachedTokens: 8 };
      api = await apiSession(baseURL ?? '', 'root', '123456');
      channelId = await dataOf<number>(
        await api.post('/api/channel/', { data: { name: uniqueName('gem-'), type: 24, key: 'AIza-e2e', base_url: gemini.baseUrl, models: model, group: 'default' } }),
      );
      const key = await createRelayKey(api, uniqueName('gemkey'));
      const answer = await api.post(`/v1beta/models/${model}:generateContent`, {
        headers: { 'x-goog-api-key': key },
        data: { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] },
      });
      expect(answer.status(), await answer.text()).toBe(200);
      // Consume logs are written in batches.
      await expect
        .poll(async () => (await dataOf<unknown[]>(await api.get(`/api/log/?p=0&type=2&model_name=${model}`))).length, { timeout: 15_000 })
        .toBeGreaterThan(0);
    });

    // The channel goes with its fake upstream, so later tests never route to a dead port.
    test.afterAll(async () => {
      if (channelId) await dataOf(await api.delete(`/api/channel/${channelId}/`));
      await api.dispose();
      await gemini.stop();
    });

    test('shows the client protocol, the passthrough marker and the token breakdown', async ({ page }) => {
      await page.goto('/log');
      const row = rowWith(page, 'log-table', model).first();
      await expect(row.getByTestId('log-protocol')).toHaveText('Gemini');
      await expect(row.getByTestId('log-passthrough')).toHaveText('透传');
      // Built-in prices from the price source: Gemini 2.5 Flash reads the cache at a tenth of input; thoughts at the completion price.
      await expect(row.getByTestId('log-cacheRead')).toHaveText('缓存读取 8 × 0.1');
      await expect(row.getByTestId('log-reasoning')).toHaveText(/^推理 4 × \d+(\.\d+)?$/);
      await expect(row.getByTestId('log-cacheWrite')).toHaveCount(0);
      await screenshot(page, 'log-protocols');
    });
  });
});
