import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../test/databases.js';
import { FakeHttp } from '../../test/fake-http.js';
import { FakeOpenAI } from '../../test/fake-openai.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';
import { usedQuota } from '../../test/stream-break.js';

const tools = [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }];
const schema = { type: 'json_schema', json_schema: { name: 'city', schema: { type: 'object', properties: { city: { type: 'string' } } } } };

/**
 * Every egress protocol refuses by name what it can neither honour nor emulate (the README's parameter
 * table): a 400 naming the parameter and the channel, no upstream call, no charge. One request per
 * protocol, with a parameter only that protocol refuses among the ones the case sends.
 */
const CASES: { type: number; label: string; model: string; body: object; name: string; param: string; fields?: object }[] = [
  { type: 11, label: 'Google PaLM2', model: 'chat-bison-001', body: { tools }, name: 'tools', param: 'tools' },
  { type: 15, label: 'Baidu Wenxin Qianfan', model: 'ERNIE-4.0-8K', body: { response_format: schema }, name: 'response_format json_schema', param: 'response_format', fields: { key: 'AK|SK' } },
  { type: 16, label: 'Zhipu ChatGLM', model: 'glm-4-plus', body: { tools, tool_choice: 'required' }, name: 'tool_choice required', param: 'tool_choice' },
  { type: 16, label: 'Zhipu ChatGLM', model: 'chatglm_pro', body: { tools }, name: 'tools', param: 'tools' },
  { type: 17, label: 'Alibaba Tongyi Qianwen', model: 'qwen-max', body: { n: 2 }, name: 'n', param: 'n' },
  { type: 21, label: 'knowledge base AI Proxy', model: 'gpt-4o-library', body: { response_format: { type: 'json_object' } }, name: 'response_format json_object', param: 'response_format', fields: { other: 'lib-1' } },
  { type: 23, label: 'Tencent Hunyuan', model: 'hunyuan-lite', body: { stop: ['END'] }, name: 'stop', param: 'stop', fields: { key: '1|id|secret' } },
  { type: 30, label: 'Ollama', model: 'llama3.2', body: { tools, tool_choice: { type: 'function', function: { name: 'get_weather' } } }, name: 'tool_choice function', param: 'tool_choice' },
  { type: 35, label: 'Cohere', model: 'command-r', body: { tools, tool_choice: 'required' }, name: 'tool_choice required', param: 'tool_choice' },
  { type: 37, label: 'Cloudflare', model: '@cf/meta/llama-3.1-8b-instruct', body: { top_logprobs: 3 }, name: 'logprobs', param: 'logprobs', fields: { config: JSON.stringify({ user_id: 'acct' }) } },
  { type: 38, label: 'DeepL', model: 'deepl-zh', body: { tools }, name: 'tools', param: 'tools' },
  { type: 42, label: 'VertexAI', model: 'claude-sonnet-4-5@20250929', body: { n: 2 }, name: 'n', param: 'n' },
  { type: 46, label: 'Replicate', model: 'meta/meta-llama-3-8b-instruct', body: { response_format: schema }, name: 'response_format json_schema', param: 'response_format' },
];

describe.each(databaseKinds)('parameters each protocol refuses, on %s', (kind) => {
  let f: RelayFixture;
  let upstream: FakeHttp;
  let baseUrl: string;
  let openai: FakeOpenAI;
  let userId: number;
  let key: string;

  beforeAll(async () => {
    upstream = new FakeHttp();
    baseUrl = (await upstream.start()).replace(/\/$/, '');
    openai = await new FakeOpenAI('openai').start();
    f = await relayFixture(kind);
    const models = CASES.map((c) => c.model);
    await f.ctx.options.set('ModelRatio', JSON.stringify(Object.fromEntries([...models, 'shared-llama'].map((model) => [model, 1]))));
    for (const c of CASES) await f.addChannel({ type: c.type, name: `${c.type}-${c.model}`, key: 'upstream-key', base_url: baseUrl, models: c.model, ...c.fields });
    await f.addChannel({ type: 30, name: 'ollama-first', base_url: baseUrl, models: 'shared-llama', priority: 10 });
    await f.addChannel({ type: 1, name: 'openai-second', base_url: openai.baseUrl, models: 'shared-llama' });
    userId = await f.addUser('refusals', 1_000_000);
    key = await f.addKey(userId);
  });
  afterAll(async () => {
    await f.close();
    await Promise.all([upstream.close(), openai.stop()]);
  });

  const chat = (body: object) =>
    fetch(`${f.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }], ...body }),
    });
  const used = () => usedQuota(f, userId);

  it.each(CASES)('$label ($model) refuses $name with a 400 naming it, uncalled and uncharged', async (c) => {
    const before = await used();
    const response = await chat({ model: c.model, ...c.body });
    const { error } = (await response.json()) as { error: { message: string; code: string; param: string } };
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ code: 'unsupported_parameter', param: c.param });
    expect(error.message).toContain(`${c.name} is not supported by channel #`);
    expect(error.message).toContain(`(${c.label})`);
    expect(upstream.received).toEqual([]);
    await f.flush();
    expect(await used()).toBe(before);
  });

  it('sends a request the preferred channel refuses to another channel serving the model', async () => {
    const response = await chat({ model: 'shared-llama', tools, tool_choice: 'required' });
    expect(response.status).toBe(200);
    expect(openai.received.at(-1)?.json).toMatchObject({ tool_choice: 'required' });
    expect(upstream.received).toEqual([]);
  });

  it('does not refuse what a parameter asks at its default, nor harmless hints', async () => {
    const response = await chat({ model: 'shared-llama', n: 1, tools, tool_choice: 'auto', parallel_tool_calls: true, seed: 7, user: 'u-1' });
    expect(response.status).not.toBe(400);
    // DashScope refuses logprobs, but top_logprobs 0 without logprobs asks for none.
    expect((await chat({ model: 'qwen-max', top_logprobs: 0 })).status).not.toBe(400);
    expect(upstream.received.length).toBe(2);
  });
});
