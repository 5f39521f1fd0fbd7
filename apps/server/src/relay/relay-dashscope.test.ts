import type OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PNG_1X1 } from '../../test/canonical-request.js';
import { databaseKinds } from '../../test/databases.js';
import { FakeDashScope } from '../../test/fake-dashscope.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';

const MODEL = 'qwen-max';
const EMBEDDING_MODEL = 'text-embedding-v3';
const VISION_MODEL = 'qwen-vl-max';
const IMAGE_MODEL = 'wanx-v1';
const weatherTool: OpenAI.ChatCompletionTool = {
  type: 'function',
  function: { name: 'get_weather', description: 'Get current weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
};

describe.each(databaseKinds)('DashScope channels through the official OpenAI SDK on %s', (kind) => {
  let f: RelayFixture;
  let upstream: FakeDashScope;
  let channelId: number;
  let userId: number;
  let key: string;

  beforeAll(async () => {
    upstream = await new FakeDashScope('dashscope').start();
    f = await relayFixture(kind);
    // Priced explicitly so the test does not depend on the built-in table.
    await f.ctx.options.set('ModelRatio', JSON.stringify({ [MODEL]: 1, [`${MODEL}-internet`]: 1, [EMBEDDING_MODEL]: 1, [VISION_MODEL]: 1, [IMAGE_MODEL]: 1 }));
    const models = `${MODEL},${MODEL}-internet,${EMBEDDING_MODEL},${VISION_MODEL},${IMAGE_MODEL}`;
    channelId = await f.addChannel({ type: 17, name: 'dashscope', key: 'sk-ds', base_url: upstream.baseUrl, models, config: JSON.stringify({ plugin: '{"code_interpreter":{}}' }) });
    userId = await f.addUser('qwenuser', 10_000_000);
    key = await f.addKey(userId);
  });
  afterAll(async () => {
    await f.close();
    await upstream.stop();
  });
  afterEach(async () => {
    upstream.behaviour = {};
    await f.ctx.options.set('AutomaticDisableChannelEnabled', 'false');
  });

  const lastLog = () => f.ctx.db.selectFrom('logs').selectAll().where('type', '=', 2).orderBy('id', 'desc').executeTakeFirstOrThrow();

  it('converts a chat completion both ways, bills it and logs it', async () => {
    const answer = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], max_tokens: 100, temperature: 0.2 });
    expect(answer).toMatchObject({ id: 'chatcmpl-req-1', object: 'chat.completion', model: MODEL, usage: { prompt_tokens: 12, completion_tokens: 6, total_tokens: 18 } });
    expect(answer.choices[0]).toMatchObject({ message: { role: 'assistant', content: 'Hello from dashscope' }, finish_reason: 'stop' });
    const sent = upstream.received.at(-1);
    expect(sent?.path).toBe('/api/v1/services/aigc/text-generation/generation');
    expect(sent?.headers).toMatchObject({ authorization: 'Bearer sk-ds', 'x-dashscope-plugin': '{"code_interpreter":{}}' });
    expect(sent?.headers['x-dashscope-sse']).toBeUndefined();
    expect(sent?.json).toEqual({ model: MODEL, input: { messages: [{ role: 'user', content: 'hi' }] }, parameters: { result_format: 'message', max_tokens: 100, temperature: 0.2 } });
    await f.flush();
    expect(await lastLog()).toMatchObject({ user_id: userId, model_name: MODEL, channel_id: channelId, prompt_tokens: 12, completion_tokens: 6 });
    expect((await lastLog()).quota).toBeGreaterThan(0);
  });

  it('converts the SSE stream into chunks with usage in the last one, and bills the stream', async () => {
    const stream = await f.client(key).chat.completions.create({ model: `${MODEL}-internet`, messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } });
    let text = '';
    let usage;
    const finishes: (string | null | undefined)[] = [];
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      if (chunk.choices[0]?.finish_reason) finishes.push(chunk.choices[0].finish_reason);
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe('Hello from dashscope');
    expect(finishes).toEqual(['stop']);
    expect(usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 6 });
    const sent = upstream.received.at(-1);
    expect(sent?.headers['x-dashscope-sse']).toBe('enable');
    expect(sent?.json).toMatchObject({ model: MODEL, parameters: { incremental_output: true, enable_search: true } });
    await f.flush();
    expect(await lastLog()).toMatchObject({ model_name: `${MODEL}-internet`, prompt_tokens: 12, completion_tokens: 6 });
    expect(Boolean((await lastLog()).is_stream)).toBe(true);
  });

  it('round-trips a tool call, streamed and not, and sends the result back named', async () => {
    const client = f.client(key);
    const ask: OpenAI.ChatCompletionMessageParam = { role: 'user', content: 'Weather in Paris?' };
    const first = await client.chat.completions.create({ model: MODEL, messages: [ask], tools: [weatherTool] });
    const call = first.choices[0]?.message.tool_calls?.[0];
    expect(first.choices[0]?.finish_reason).toBe('tool_calls');
    expect(call).toMatchObject({ id: 'call_ds1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } });

    const streamed = await client.chat.completions.create({ model: MODEL, messages: [ask], tools: [weatherTool], stream: true });
    let args = '';
    for await (const chunk of streamed) for (const delta of chunk.choices[0]?.delta.tool_calls ?? []) args += delta.function?.arguments ?? '';
    expect(JSON.parse(args)).toEqual({ city: 'Paris' });

    const second = await client.chat.completions.create({
      model: MODEL,
      tools: [weatherTool],
      messages: [ask, { role: 'assistant', content: null, tool_calls: call ? [call] : [] }, { role: 'tool', tool_call_id: call?.id ?? '', content: '{"temp_c":18}' }],
    });
    expect(second.choices[0]?.message.content).toBe('Paris: {"temp_c":18}');
    expect((upstream.received.at(-1)?.json?.input as { messages: unknown[] }).messages.at(-1)).toEqual({ role: 'tool', content: '{"temp_c":18}', tool_call_id: 'call_ds1', name: 'get_weather' });
  });

  it('converts embeddings through text-embedding and bills the reported tokens', async () => {
    const answer = await f.client(key).embeddings.create({ model: EMBEDDING_MODEL, input: ['hello', 'world!'] });
    expect(answer.data.map((d) => Array.from(d.embedding))).toEqual([
      [0, 5],
      [1, 6],
    ]);
    expect(upstream.received.at(-1)).toMatchObject({ path: '/api/v1/services/embeddings/text-embedding/text-embedding', json: { model: EMBEDDING_MODEL, input: { texts: ['hello', 'world!'] } } });
    await f.flush();
    expect(await lastLog()).toMatchObject({ model_name: EMBEDDING_MODEL, prompt_tokens: 4, completion_tokens: 0 });
  });

  it('sends a request with an image to the multimodal endpoint with the data URL inline, streamed and not', async () => {
    const image = `data:image/png;base64,${PNG_1X1}`;
    const messages: OpenAI.ChatCompletionMessageParam[] = [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: [{ type: 'text', text: 'What is in this image?' }, { type: 'image_url', image_url: { url: image } }] },
    ];
    const answer = await f.client(key).chat.completions.create({ model: VISION_MODEL, messages });
    expect(answer.choices[0]?.message.content).toBe('I see 1 image(s) from dashscope');
    const sent = upstream.received.at(-1);
    expect(sent?.path).toBe('/api/v1/services/aigc/multimodal-generation/generation');
    expect(sent?.json).toEqual({
      model: VISION_MODEL,
      input: { messages: [{ role: 'system', content: [{ text: 'Be brief.' }] }, { role: 'user', content: [{ image }, { text: 'What is in this image?' }] }] },
      parameters: { result_format: 'message' },
    });
    await f.flush();
    expect(await lastLog()).toMatchObject({ model_name: VISION_MODEL, prompt_tokens: 12, completion_tokens: 6 });

    const stream = await f.client(key).chat.completions.create({ model: VISION_MODEL, messages, stream: true });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toBe('I see 1 image(s) from dashscope');
    expect(upstream.received.at(-1)).toMatchObject({ path: '/api/v1/services/aigc/multimodal-generation/generation', headers: { 'x-dashscope-sse': 'enable' } });
  });

  it('generates images through an async image-synthesis task polled to completion, billed and logged', async () => {
    const answer = await f.client(key).images.generate({ model: IMAGE_MODEL, prompt: 'a cat', n: 2, size: '1024x1024' });
    expect(answer.data?.map((d) => d.url)).toEqual(['https://dashscope-result.example/dashscope/task-1-0.png', 'https://dashscope-result.example/dashscope/task-1-1.png']);
    const created = upstream.received.find((r) => r.path === '/api/v1/services/aigc/text2image/image-synthesis');
    expect(created?.headers).toMatchObject({ 'x-dashscope-async': 'enable', authorization: 'Bearer sk-ds' });
    expect(created?.json).toEqual({ model: IMAGE_MODEL, input: { prompt: 'a cat' }, parameters: { size: '1024*1024', n: 2 } });
    expect(upstream.received.filter((r) => r.path === '/api/v1/tasks/task-1')).toHaveLength(3);
    await f.flush();
    const log = await lastLog();
    expect(log).toMatchObject({ user_id: userId, model_name: IMAGE_MODEL, channel_id: channelId });
    expect(log.quota).toBe(2000);
  });

  it('answers a FAILED image task as an OpenAI error', async () => {
    upstream.behaviour = { failTask: { code: 'DataInspectionFailed', message: 'Input data may contain inappropriate content.' } };
    const failed = await f.client(key).images.generate({ model: IMAGE_MODEL, prompt: 'bad', size: '1024x1024' }).catch((error: unknown) => error);
    expect(failed).toMatchObject({ status: 400, code: 'content_filter', message: expect.stringContaining('inappropriate content') as unknown });
  });

  it('passes the channel test through the adaptor', async () => {
    const result = await f.app.inject({ method: 'GET', url: `/api/channel/test/${channelId}?model=${MODEL}`, headers: { cookie: f.rootCookie } });
    expect(result.json()).toMatchObject({ success: true, message: 'Hello from dashscope', model: MODEL });
    expect(upstream.received.at(-1)?.path).toBe('/api/v1/services/aigc/text-generation/generation');
  });

  it('answers InvalidApiKey in OpenAI shape and disables the channel when auto-disable is on', async () => {
    await f.ctx.options.set('AutomaticDisableChannelEnabled', 'true');
    upstream.behaviour = { fail: { status: 401, body: { code: 'InvalidApiKey', message: 'Invalid API-key provided.', request_id: 'fb53c4ec' } } };
    const failed = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] }).catch((error: unknown) => error);
    expect(failed).toMatchObject({ status: 401, type: 'authentication_error', code: 'invalid_api_key' });
    await expect.poll(async () => (await f.ctx.db.selectFrom('channels').select('status').where('id', '=', channelId).executeTakeFirstOrThrow()).status).toBe(3);
  });
});
