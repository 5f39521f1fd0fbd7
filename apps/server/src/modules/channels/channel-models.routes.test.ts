import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Role, UNPRICED_MODELS_MAX } from '@tollgate/contract';
import { databaseKinds } from '../../../test/databases.js';
import { FakeBedrock } from '../../../test/fake-bedrock.js';
import type { FakeJsonServer } from '../../../test/fake-json-server.js';
import { fakeAnthropicModels, fakeGeminiModels, fakeOpenAIModels } from '../../../test/fake-model-lists.js';
import { buildTestApp, loginRoot, NO_RATE_LIMITS, type TestApp } from '../../../test/test-app.js';
import { signedInUser } from '../../../test/users.js';

const OPENAI_KEY = 'sk-list-openai';
const ANTHROPIC_KEY = 'sk-ant-list';
const GEMINI_KEY = 'AIza-list';
const AWS = { accessKeyId: 'AKIALISTMODELS', secretAccessKey: 'list-secret', region: 'us-east-1' };

/** A port nothing listens on: a server started and closed again. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe.each(databaseKinds)('the channel form fetches the upstream model list on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  const openai = fakeOpenAIModels(OPENAI_KEY, ['mystery-model-x', 'gpt-4o-mini', 'gpt-4o', 'gpt-4o-mini']);
  const compatible = fakeOpenAIModels(OPENAI_KEY, ['local-llama'], '');
  const anthropic = fakeAnthropicModels(ANTHROPIC_KEY, ['claude-sonnet-4-5', 'claude-mystery-9', 'claude-3-5-haiku-20241022'], 2);
  const gemini = fakeGeminiModels(
    GEMINI_KEY,
    [
      { name: 'gemini-2.0-flash', methods: ['generateContent', 'countTokens'] },
      { name: 'gemini-tuning-only', methods: ['createTunedModel'] },
      { name: 'text-embedding-004', methods: ['embedContent'] },
      { name: 'gemini-mystery-x', methods: ['generateContent'] },
    ],
    2,
  );
  const bedrock = new FakeBedrock('bedrock', AWS);
  const notAList = fakeOpenAIModels(OPENAI_KEY, []).on('GET', '/v1/models', () => '<html>a login page</html>');
  const fakes: FakeJsonServer[] = [openai, compatible, anthropic, gemini, notAList];

  beforeAll(async () => {
    await Promise.all([...fakes.map((fake) => fake.start()), bedrock.start()]);
    t = await buildTestApp(kind, NO_RATE_LIMITS);
    admin = await loginRoot(t.app);
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([...fakes.map((fake) => fake.close()), bedrock.stop()]);
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = { cookie: admin }) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const fetchModels = async (form: object, headers?: Record<string, string>, status = 200) => {
    const response = await call('POST', '/api/channel/fetch_models', form, headers);
    // Every refusal is an envelope with a message, never a server error; a field that is not a number is a 400.
    expect(response.statusCode).toBe(status);
    return response.json<{ success: boolean; message: string; data?: { models: { id: string; priced: boolean }[] } }>();
  };

  it('lists an OpenAI-compatible upstream with the first key, sorted, once each, and marks the unpriced', async () => {
    const answer = await fetchModels({ type: 1, key: `${OPENAI_KEY}\nsk-second-key`, base_url: `${openai.url}/` });
    expect(answer).toEqual({
      success: true,
      message: '',
      data: {
        models: [
          { id: 'gpt-4o', priced: true },
          { id: 'gpt-4o-mini', priced: true },
          { id: 'mystery-model-x', priced: false },
        ],
      },
    });
    expect(openai.received('/v1/models').at(-1)?.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
    // "OpenAI compatible" (strip-v1) keeps its base URL's own version: /models right under it.
    expect((await fetchModels({ type: 50, key: OPENAI_KEY, base_url: compatible.url })).data?.models).toEqual([{ id: 'local-llama', priced: false }]);
  });

  it('follows Anthropic’s pages with after_id', async () => {
    const answer = await fetchModels({ type: 14, key: ANTHROPIC_KEY, base_url: anthropic.url });
    expect(answer.data?.models).toEqual([
      { id: 'claude-3-5-haiku-20241022', priced: true },
      { id: 'claude-mystery-9', priced: false },
      { id: 'claude-sonnet-4-5', priced: true },
    ]);
    const asked = anthropic.received('/v1/models');
    expect(asked.map((request) => request.query.get('after_id'))).toEqual([null, 'claude-mystery-9']);
    expect(asked[0]?.query.get('limit')).toBe('1000');
  });

  it('follows Gemini’s page tokens, strips models/ and keeps only models that generate, embed or predict', async () => {
    const answer = await fetchModels({ type: 24, key: GEMINI_KEY, base_url: gemini.url });
    expect(answer.data?.models).toEqual([
      { id: 'gemini-2.0-flash', priced: true },
      { id: 'gemini-mystery-x', priced: false },
      { id: 'text-embedding-004', priced: true },
    ]);
    expect(gemini.received('/v1beta/models').map((request) => request.query.get('pageToken'))).toEqual([null, '2']);
    expect(gemini.received('/v1beta/models')[0]?.query.get('pageSize')).toBe('1000');
    // The key travels in a header, as the relay sends it, not in the URL.
    expect(gemini.received('/v1beta/models').every((request) => request.headers['x-goog-api-key'] === GEMINI_KEY && !request.query.has('key'))).toBe(true);
  });

  it('lists Bedrock’s on-demand text and embedding models and its inference profiles, signed with SigV4', async () => {
    const answer = await fetchModels({ type: 33, key: `${AWS.accessKeyId}|${AWS.secretAccessKey}|${AWS.region}`, base_url: bedrock.baseUrl });
    expect(answer.message).toBe('');
    expect(answer.data?.models.map((model) => model.id)).toEqual(['amazon.titan-embed-text-v2:0', 'anthropic.claude-3-5-haiku-20241022-v1:0', 'us.anthropic.claude-sonnet-4-20250514-v1:0']);
    // A wrong secret is the fake's signature check refusing, with AWS's words.
    const refused = await fetchModels({ type: 33, key: `${AWS.accessKeyId}|wrong-secret|${AWS.region}`, base_url: bedrock.baseUrl });
    expect(refused.message).toMatch(/HTTP 403 at http:\/\/127\.0\.0\.1:\d+\/foundation-models: The request signature we calculated does not match/);
  });

  it('uses the stored key of a saved channel when the form leaves it blank, and lists a saved channel by id', async () => {
    const created = await call('POST', '/api/channel/', { name: 'listed', type: 1, key: OPENAI_KEY, base_url: openai.url, models: 'gpt-4o', group: 'default' });
    const id = created.json<{ data: number }>().data;
    const answer = await fetchModels({ id, type: 1, key: '', base_url: openai.url });
    expect(answer.data?.models).toHaveLength(3);
    expect(openai.received('/v1/models').at(-1)?.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
    const byId = await call('GET', `/api/channel/fetch_models/${id}`);
    expect(byId.json()).toMatchObject({ success: true, data: { models: [{ id: 'gpt-4o' }, { id: 'gpt-4o-mini' }, { id: 'mystery-model-x', priced: false }] } });
    expect((await call('GET', '/api/channel/fetch_models/987654')).json()).toEqual({ success: false, message: 'channel not found' });
  });

  it('names the upstream’s status and words when it refuses the key, in the console’s language', async () => {
    const answer = await fetchModels({ type: 1, key: 'sk-wrong-key', base_url: openai.url });
    expect(answer).toEqual({ success: false, message: `the upstream answered HTTP 401 at ${openai.url}/v1/models: Incorrect API key provided: sk-wro**key.` });
    const zh = await fetchModels({ type: 14, key: 'wrong', base_url: anthropic.url }, { cookie: admin, 'accept-language': 'zh-CN' });
    expect(zh.message).toBe(`上游在 ${anthropic.url}/v1/models 返回 HTTP 401：invalid x-api-key`);
    // Gemini says no with a 400; the key never shows in the address named.
    expect((await fetchModels({ type: 24, key: 'wrong', base_url: gemini.url })).message).toBe(`the upstream answered HTTP 400 at ${gemini.url}/v1beta/models: API key not valid. Please pass a valid API key.`);
  });

  it('says so when the upstream cannot be reached or answers no list', async () => {
    const port = await closedPort();
    const refused = await fetchModels({ type: 8, key: OPENAI_KEY, base_url: `http://127.0.0.1:${port}` });
    expect(refused.success).toBe(false);
    expect(refused.message).toMatch(new RegExp(`^could not reach the upstream at http://127\\.0\\.0\\.1:${port}/v1/models: .*ECONNREFUSED`));
    expect((await fetchModels({ type: 1, key: OPENAI_KEY, base_url: notAList.url })).message).toBe(`the upstream at ${notAList.url}/v1/models did not answer with a model list: <html>a login page</html>`);
    expect((await fetchModels({ type: 1, key: OPENAI_KEY, base_url: gemini.url.replace('http', 'gopher') })).message).toMatch(/^could not reach the upstream at gopher:/);
  });

  it('refuses what cannot be listed with a message saying what to do', async () => {
    expect((await fetchModels({ type: 15, key: 'ak|sk' })).message).toBe('channel type Baidu Wenxin Qianfan has no model list Tollgate can ask for: enter its models by hand');
    expect((await fetchModels({ type: 1, key: '' })).message).toBe('enter the channel key first: the model list is asked for with it');
    expect((await fetchModels({ type: 8, key: OPENAI_KEY })).message).toBe('enter the base URL first: this channel type has no default address');
    expect((await fetchModels({ type: 33, key: 'not-an-aws-key' })).message).toMatch(/^the AWS key must be AK\|SK\|Region/);
    // Type as the console sends it, a number: a fuzzer's "12" for every field reaches no vendor.
    expect((await fetchModels({ type: '12', key: '12', id: '12' }, undefined, 400)).success).toBe(false);
  });

  it('asks nothing of the channels cache: listing changes no channel', async () => {
    const changed = vi.spyOn(t.ctx.cacheSync, 'changed');
    await fetchModels({ type: 1, key: OPENAI_KEY, base_url: openai.url });
    await call('POST', '/api/channel/unpriced_models', { models: ['gpt-4o'] });
    expect(changed).not.toHaveBeenCalled();
    changed.mockRestore();
  });

  it('answers which of a form’s models have no price, within bounds', async () => {
    const unpriced = (models: unknown, headers?: Record<string, string>) => call('POST', '/api/channel/unpriced_models', { models }, headers).then((response) => response.json());
    expect(await unpriced(['gpt-4o-mini', 'mystery-model-x', 'claude-mystery-9', 'mystery-model-x'])).toEqual({ success: true, message: '', data: { unpriced: ['mystery-model-x', 'claude-mystery-9'] } });
    expect(await unpriced(Array.from({ length: UNPRICED_MODELS_MAX + 1 }, (_, i) => `m${i}`))).toEqual({ success: false, message: 'models: at most 5000 model names at a time' });
    expect(await unpriced(['ok', 'x'.repeat(192)])).toEqual({ success: false, message: 'models.1: a model name must be at most 191 characters' });
    expect((await unpriced(['x'.repeat(192)], { cookie: admin, 'accept-language': 'zh' })).message).toBe('models.0：模型名称不得超过 191 个字符');
  });

  it('is for administrators only', async () => {
    const { cookie } = await signedInUser(t, 'plainlister', Role.Common);
    const asked = openai.requests.length;
    const form = { type: 1, key: OPENAI_KEY, base_url: openai.url, models: ['gpt-4o'] };
    for (const [method, url] of [
      ['POST', '/api/channel/fetch_models'],
      ['GET', '/api/channel/fetch_models/1'],
      ['POST', '/api/channel/unpriced_models'],
    ] as const) {
      const payload = method === 'POST' ? form : undefined;
      expect((await call(method, url, payload, { cookie })).json()).toMatchObject({ success: false, message: 'permission denied: insufficient role' });
      expect((await call(method, url, payload, {})).statusCode).toBe(401);
    }
    expect(openai.requests).toHaveLength(asked);
  });
});
