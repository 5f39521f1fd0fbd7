import { expect, test, type Page } from '@playwright/test';
// The server's own fake model lists (apps/server/test), so the browser and the API tests check the same vendors.
import type { FakeJsonServer } from '../../apps/server/test/fake-json-server.js';
import { fakeAnthropicModels, fakeGeminiModels, fakeOpenAIModels } from '../../apps/server/test/fake-model-lists.js';
import { loginAsRoot, toast } from './admin-helpers.js';
import { chooseType, savedChannel } from './channel-form-steps.js';
import { screenshot, uniqueName, waitForToasts } from './helpers.js';
import { apiSession, dataOf } from './user-helpers.js';

const OPENAI_KEY = 'sk-e2e-list-openai';
const ANTHROPIC_KEY = 'sk-ant-e2e-list';
const GEMINI_KEY = 'AIza-e2e-list';

/** One vendor: the form's type, the models the upstream lists, which to pick, one priced and one unpriced of them. */
interface Vendor {
  label: string;
  key: string;
  upstream: FakeJsonServer;
  pick: string[];
  priced: string;
  unpriced: string;
  /** Listed by the upstream but not offered (a Gemini model that cannot generate). */
  hidden?: string;
}

const openai = fakeOpenAIModels(OPENAI_KEY, ['gpt-4o-mini', 'mystery-model-x', 'gpt-4o']);
const anthropic = fakeAnthropicModels(ANTHROPIC_KEY, ['claude-sonnet-4-5', 'claude-mystery-9', 'claude-3-5-haiku-20241022'], 2);
const gemini = fakeGeminiModels(
  GEMINI_KEY,
  [
    { name: 'gemini-2.0-flash', methods: ['generateContent'] },
    { name: 'gemini-tuning-only', methods: ['createTunedModel'] },
    { name: 'gemini-mystery-x', methods: ['generateContent'] },
  ],
  2,
);

const VENDORS: Vendor[] = [
  { label: 'OpenAI', key: OPENAI_KEY, upstream: openai, pick: ['gpt-4o-mini', 'mystery-model-x'], priced: 'gpt-4o-mini', unpriced: 'mystery-model-x' },
  { label: 'Anthropic Claude', key: ANTHROPIC_KEY, upstream: anthropic, pick: ['claude-3-5-haiku-20241022', 'claude-mystery-9'], priced: 'claude-3-5-haiku-20241022', unpriced: 'claude-mystery-9' },
  { label: 'Google Gemini', key: GEMINI_KEY, upstream: gemini, pick: ['gemini-2.0-flash', 'gemini-mystery-x'], priced: 'gemini-2.0-flash', unpriced: 'gemini-mystery-x', hidden: 'gemini-tuning-only' },
];

const listed = (page: Page, model: string) => page.getByTestId(`upstream-model-${model}`);
const pickedModels = (page: Page) => page.getByTestId('channel-models').locator('.ant-select-selection-item');

/** Clicks "获取模型列表" and waits for the server's answer. */
async function fetchModels(page: Page): Promise<{ success: boolean; message: string }> {
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/channel/fetch_models'));
  await page.getByTestId('channel-fetch-models').click();
  return (await (await answer).json()) as { success: boolean; message: string };
}

test.describe('channel form: models fetched from the upstream', () => {
  /** The channels this spec saved: they go with their fake upstreams, so later specs never route to a dead port. */
  const saved: number[] = [];
  const remember = async (page: Page, name: string) => {
    const channel = await savedChannel(page, name);
    if (!saved.includes(channel.id)) saved.push(channel.id);
    return channel;
  };

  test.beforeAll(async () => {
    await Promise.all(VENDORS.map((vendor) => vendor.upstream.start()));
  });
  test.afterAll(async ({ baseURL }) => {
    const root = await apiSession(baseURL ?? '', 'root', '123456');
    for (const id of saved) await dataOf(await root.delete(`/api/channel/${id}/`));
    await root.dispose();
    await Promise.all(VENDORS.map((vendor) => vendor.upstream.close()));
  });

  for (const vendor of VENDORS) {
    test(`${vendor.label}: the upstream's list, unpriced models marked, picks saved`, async ({ page }) => {
      const name = uniqueName('fetch');
      await loginAsRoot(page);
      const typeModels = page.waitForResponse((response) => response.url().endsWith('/api/models'));
      await page.goto('/channel/add');
      await typeModels;
      if (vendor.label !== 'OpenAI') await chooseType(page, vendor.label);
      await page.getByTestId('channel-name').fill(name);
      await page.getByTestId('channel-key').fill(vendor.key);
      await page.getByTestId('channel-base_url').fill(vendor.upstream.url);
      await page.getByTestId('channel-clear-models').click();

      const answer = await fetchModels(page);
      expect(answer.success, answer.message).toBe(true);
      const dialog = page.getByTestId('upstream-models');
      await expect(dialog).toBeVisible();
      await expect(listed(page, vendor.unpriced).getByTestId('model-unpriced')).toHaveText('未定价');
      await expect(listed(page, vendor.priced)).toBeVisible();
      await expect(listed(page, vendor.priced).getByTestId('model-unpriced')).toHaveCount(0);
      if (vendor.hidden) await expect(listed(page, vendor.hidden)).toHaveCount(0);
      // The mark says where a price is set.
      await listed(page, vendor.unpriced).getByTestId('model-unpriced').hover();
      await expect(page.getByRole('tooltip')).toContainText('设置 → 运营设置 → 模型价格');
      await page.mouse.move(1, 1);
      await expect(page.getByRole('tooltip')).toBeHidden();
      await screenshot(page, `channel-model-fetch-${vendor.label.split(' ')[0]?.toLowerCase()}`);

      for (const model of vendor.pick) await listed(page, model).click();
      await expect(page.getByTestId('upstream-models-counts')).toContainText(`已选 ${vendor.pick.length} 个`);
      await page.getByTestId('upstream-models-confirm').click();
      await expect(dialog).toBeHidden();

      // The picker shows the picks, the unpriced one marked there too.
      await expect(pickedModels(page)).toHaveCount(vendor.pick.length);
      for (const model of vendor.pick) await expect(page.getByTestId('channel-models').locator(`.ant-select-selection-item[title="${model}"]`)).toBeVisible();
      await expect(page.getByTestId('channel-models').locator(`.ant-select-selection-item[title="${vendor.unpriced}"]`).getByTestId('model-unpriced')).toBeVisible();
      await expect(page.getByTestId('channel-models').locator(`.ant-select-selection-item[title="${vendor.priced}"]`).getByTestId('model-unpriced')).toHaveCount(0);
      await screenshot(page, `channel-model-fetch-${vendor.label.split(' ')[0]?.toLowerCase()}-picked`);

      await page.getByTestId('channel-submit').click();
      await expect(toast(page, '渠道创建成功！')).toBeVisible();
      const channel = await remember(page, name);
      expect(String(channel.models).split(',').sort()).toEqual([...vendor.pick].sort());
    });
  }

  test('editing a saved channel fetches with its stored key; a wrong key shows the upstream’s refusal', async ({ page }) => {
    const name = uniqueName('refetch');
    await loginAsRoot(page);
    await page.goto('/channel/add');
    await page.getByTestId('channel-name').fill(name);
    await page.getByTestId('channel-key').fill('sk-e2e-wrong-key');
    await page.getByTestId('channel-base_url').fill(openai.url);
    const refused = await fetchModels(page);
    expect(refused.success).toBe(false);
    await expect(toast(page, `上游在 ${openai.url}/v1/models 返回 HTTP 401：Incorrect API key provided`)).toBeVisible();
    await expect(page.getByTestId('upstream-models')).toHaveCount(0);
    await waitForToasts(page);

    await page.getByTestId('channel-key').fill(OPENAI_KEY);
    await page.getByTestId('channel-clear-models').click();
    await page.getByTestId('channel-custom-model').fill('gpt-4o');
    await page.getByTestId('channel-custom-model').press('Enter');
    await page.getByTestId('channel-submit').click();
    await expect(toast(page, '渠道创建成功！')).toBeVisible();
    const channel = await remember(page, name);

    await page.goto(`/channel/edit/${channel.id}`);
    await expect(page.getByTestId('channel-key')).toHaveValue('');
    expect((await fetchModels(page)).success).toBe(true);
    // What the channel serves starts ticked.
    await expect(listed(page, 'gpt-4o').locator('xpath=ancestor::label').getByRole('checkbox')).toBeChecked();
    await listed(page, 'mystery-model-x').click();
    await page.getByTestId('upstream-models-confirm').click();
    await page.getByTestId('channel-submit').click();
    await expect(toast(page, '渠道更新成功！')).toBeVisible();
    expect((await savedChannel(page, name)).models).toBe('gpt-4o,mystery-model-x');
  });
});
