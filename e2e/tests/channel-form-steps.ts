import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { rowWith, search, toast } from './admin-helpers.js';
import { screenshot } from './helpers.js';
import { dataOf } from './user-helpers.js';

/** A channel as GET /api/channel/{id} returns it (key and secrets blanked); sent back whole on update. */
export type SavedChannel = { id: number; name: string } & Record<string, unknown>;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Picks a channel type in the form's searchable type select, as a user does: type, then click the option. */
export async function chooseType(page: Page, label: string): Promise<void> {
  await page.getByTestId('channel-type').click();
  await page.keyboard.type(label);
  await page.locator(`.ant-select-item-option[title="${label}"]`).click();
  await expect(page.getByTestId('channel-type')).toContainText(label);
}

/** Replaces the models the type brought with one model typed into the custom model input. */
export async function chooseOnlyModel(page: Page, model: string): Promise<void> {
  await page.getByTestId('channel-clear-models').click();
  await page.getByTestId('channel-custom-model').fill(model);
  await page.getByTestId('channel-custom-model').press('Enter');
  // A model without a price carries a "未定价" mark beside its name: the name is the item's title.
  const chosen = page.getByTestId('channel-models').locator('.ant-select-selection-item');
  await expect(chosen).toHaveCount(1);
  await expect(chosen).toHaveAttribute('title', model);
}

export interface ChannelFormEntry {
  label: string;
  name: string;
  model: string;
  /** Inputs by test id without `channel-`, filled in this order. */
  fields: Record<string, string>;
  shows: string[];
  hides: string[];
  screenshot?: string;
}

/** Fills and saves a new channel in /channel/add; checks the type shows its own inputs and hides others. */
export async function addChannelThroughForm(page: Page, entry: ChannelFormEntry): Promise<void> {
  const typeModels = page.waitForResponse((response) => response.url().endsWith('/api/models'));
  await page.goto('/channel/add');
  await typeModels;
  await chooseType(page, entry.label);
  for (const id of entry.shows) await expect(page.getByTestId(`channel-${id}`), `${entry.label} shows ${id}`).toBeVisible();
  for (const id of entry.hides) await expect(page.getByTestId(`channel-${id}`), `${entry.label} hides ${id}`).toHaveCount(0);
  await page.getByTestId('channel-name').fill(entry.name);
  for (const [id, value] of Object.entries(entry.fields)) await page.getByTestId(`channel-${id}`).fill(value);
  await chooseOnlyModel(page, entry.model);
  if (entry.screenshot) await screenshot(page, entry.screenshot);
  await page.getByTestId('channel-submit').click();
  await expect(toast(page, '渠道创建成功！')).toBeVisible();
}

/** The saved channel, read back through the API with the browser's session. */
export async function savedChannel(page: Page, name: string): Promise<SavedChannel> {
  const found = await dataOf<SavedChannel[]>(await page.request.get(`/api/channel/search?keyword=${encodeURIComponent(name)}`));
  const channel = found.find((row) => row.name === name);
  if (!channel) throw new Error(`channel ${name} was not saved`);
  return dataOf<SavedChannel>(await page.request.get(`/api/channel/${channel.id}`));
}

/**
 * Clicks the row's test button in /channel; the toast and the response-time cell must report a pass.
 * Returns the answer the upstream gave to the test prompt.
 */
export async function testChannelInList(page: Page, name: string, model: string): Promise<string> {
  await page.goto('/channel');
  await search(page, 'channel-search', name);
  const row = rowWith(page, 'channel-table', name);
  // One form, one channel (a pasted multi-line credential once became a channel per line).
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('未测试');
  const reply = page.waitForResponse((response) => /\/api\/channel\/test\/\d+/.test(response.url()));
  await row.getByTestId('channel-test').click();
  // The server's message names the upstream's failure, a far better report than a missing toast.
  const body = (await (await reply).json()) as { success: boolean; message: string };
  expect(body.success, body.message).toBe(true);
  await expect(toast(page, new RegExp(`渠道 ${escapeRegExp(name)} 测试成功，模型 ${escapeRegExp(model)}，耗时 \\d+\\.\\d{2} 秒`))).toBeVisible();
  await expect(row.getByTestId('channel-response-time')).toContainText('秒');
  return body.message;
}

/** A relay key of root's, created through the API: unlimited, never expiring. */
export async function createRelayKey(api: APIRequestContext, name: string): Promise<string> {
  await dataOf(await api.post('/api/token/', { data: { name, remain_quota: 0, unlimited_quota: true, expired_time: -1 } }));
  const [token] = await dataOf<{ key: string }[]>(await api.get(`/api/token/search?keyword=${encodeURIComponent(name)}`));
  if (!token) throw new Error(`relay key ${name} was not created`);
  return `sk-${token.key}`;
}

/** One non-streamed chat completion through /v1/chat/completions, as an OpenAI client sends it; the answer's text. */
export async function chat(api: APIRequestContext, key: string, model: string): Promise<string> {
  const response = await api.post('/v1/chat/completions', { headers: { authorization: `Bearer ${key}` }, data: { model, messages: [{ role: 'user', content: 'Say hello' }] } });
  const body = (await response.json()) as { choices?: { message?: { content?: string } }[]; error?: { message?: string } };
  expect(response.status(), body.error?.message).toBe(200);
  return body.choices?.[0]?.message?.content ?? '';
}

/** The same chat streamed: the text of every `data:` chunk's delta, up to `[DONE]`. */
export async function chatStreamed(api: APIRequestContext, key: string, model: string): Promise<string> {
  const response = await api.post('/v1/chat/completions', { headers: { authorization: `Bearer ${key}` }, data: { model, stream: true, messages: [{ role: 'user', content: 'Say hello' }] } });
  const text = await response.text();
  expect(response.status(), text).toBe(200);
  expect(text.trimEnd().endsWith('data: [DONE]'), text).toBe(true);
  const chunks = text.split('\n').filter((line) => line.startsWith('data: {')).map((line) => JSON.parse(line.slice('data: '.length)) as { choices?: { delta?: { content?: string } }[] });
  return chunks.map((chunk) => chunk.choices?.[0]?.delta?.content ?? '').join('');
}
