import type OpenAI from 'openai';
import { ChannelStatus } from '@tollgate/contract';
import { describe, expect, it } from 'vitest';
import { chatError } from '../../test/chat-error.js';
import { channelStatus, testChannel } from '../../test/channel-checks.js';
import { readChatStream } from '../../test/chat-stream.js';
import { lastConsumeLog } from '../../test/consume-log.js';
import { databaseKinds } from '../../test/databases.js';
import { PNG_1X1 } from '../../test/canonical-request.js';
import { FakeDashScope } from '../../test/fake-dashscope.js';
import { providerSuite } from '../../test/provider-suite.js';
import { weatherToolRoundTrip } from '../../test/weather-tool.js';

const MODEL = 'qwen-max';
const EMBEDDING_MODEL = 'text-embedding-v3';
const VISION_MODEL = 'qwen-vl-max';
const IMAGE_MODEL = 'wanx-v1';

describe.each(databaseKinds)('DashScope channels through the official OpenAI SDK on %s', (kind) => {
  const suite = providerSuite(kind, {
    upstream: () => new FakeDashScope('dashscope'),
    // Priced explicitly so the test does not depend on the built-in table.
    modelRatio: { [MODEL]: 1, [`${MODEL}-internet`]: 1, [EMBEDDING_MODEL]: 1, [VISION_MODEL]: 1, [IMAGE_MODEL]: 1 },
    channel: (upstream) => ({
      type: 17,
      name: 'dashscope',
      key: 'sk-ds',
      base_url: upstream.baseUrl,
      models: `${MODEL},${MODEL}-internet,${EMBEDDING_MODEL},${VISION_MODEL},${IMAGE_MODEL}`,
      config: JSON.stringify({ plugin: '{"code_interpreter":{}}' }),
    }),
    username: 'qwenuser',
  });

  it('converts a chat completion both ways, bills it and logs it', async () => {
    const answer = await suite.client().chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], max_tokens: 100, temperature: 0.2 });
    expect(answer).toMatchObject({ id: 'chatcmpl-req-1', object: 'chat.completion', model: MODEL, usage: { prompt_tokens: 12, completion_tokens: 6, total_tokens: 18 } });
    expect(answer.choices[0]).toMatchObject({ message: { role: 'assistant', content: 'Hello from dashscope' }, finish_reason: 'stop' });
    const sent = suite.upstream.received.at(-1);
    expect(sent?.path).toBe('/api/v1/services/aigc/text-generation/generation');
    expect(sent?.headers).toMatchObject({ authorization: 'Bearer sk-ds', 'x-dashscope-plugin': '{"code_interpreter":{}}' });
    expect(sent?.headers['x-dashscope-sse']).toBeUndefined();
    expect(sent?.json).toEqual({ model: MODEL, input: { messages: [{ role: 'user', content: 'hi' }] }, parameters: { result_format: 'message', max_tokens: 100, temperature: 0.2 } });
    await suite.f.flush();
    const log = await lastConsumeLog(suite.f);
    expect(log).toMatchObject({ user_id: suite.userId, model_name: MODEL, channel_id: suite.channelId, prompt_tokens: 12, completion_tokens: 6 });
    expect(log.quota).toBeGreaterThan(0);
  });

  it('passes a named tool choice, the parallel-call switch and a json_schema format on, as DashScope takes them', async () => {
    const tools = [{ type: 'function' as const, function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }];
    const format = { type: 'json_schema' as const, json_schema: { name: 'city', schema: { type: 'object', properties: { city: { type: 'string' } } } } };
    await suite.client().chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], tools, tool_choice: { type: 'function', function: { name: 'get_weather' } }, parallel_tool_calls: false });
    expect(suite.upstream.received.at(-1)?.json).toMatchObject({ parameters: { tools, tool_choice: { type: 'function', function: { name: 'get_weather' } }, parallel_tool_calls: false } });
    await suite.client().chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], response_format: format });
    expect(suite.upstream.received.at(-1)?.json).toMatchObject({ parameters: { response_format: format } });
  });

  it('converts the SSE stream into chunks with usage in the last one, and bills the stream', async () => {
    const stream = await suite.client().chat.completions.create({ model: `${MODEL}-internet`, messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } });
    const read = await readChatStream(stream);
    expect(read.text).toBe('Hello from dashscope');
    expect(read.finishReasons).toEqual(['stop']);
    expect(read.usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 6 });
    const sent = suite.upstream.received.at(-1);
    expect(sent?.headers['x-dashscope-sse']).toBe('enable');
    expect(sent?.json).toMatchObject({ model: MODEL, parameters: { incremental_output: true, enable_search: true } });
    await suite.f.flush();
    const log = await lastConsumeLog(suite.f);
    expect(log).toMatchObject({ model_name: `${MODEL}-internet`, prompt_tokens: 12, completion_tokens: 6 });
    expect(Boolean(log.is_stream)).toBe(true);
  });

  it('round-trips a tool call, streamed and not, and sends the result back named', async () => {
    const trip = await weatherToolRoundTrip(suite.client(), suite.upstream, { model: MODEL });
    expect(trip.first?.finish_reason).toBe('tool_calls');
    expect(trip.call).toMatchObject({ id: 'call_ds1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } });
    expect(JSON.parse(trip.streamed.toolArguments)).toEqual({ city: 'Paris' });
    expect(trip.second?.message.content).toBe('Paris: {"temp_c":18}');
    expect((trip.secondSent?.json?.input as { messages: unknown[] }).messages.at(-1)).toEqual({ role: 'tool', content: '{"temp_c":18}', tool_call_id: 'call_ds1', name: 'get_weather' });
  });

  it('converts embeddings through text-embedding and bills the reported tokens', async () => {
    const answer = await suite.client().embeddings.create({ model: EMBEDDING_MODEL, input: ['hello', 'world!'] });
    expect(answer.data.map((d) => Array.from(d.embedding))).toEqual([
      [0, 5],
      [1, 6],
    ]);
    expect(suite.upstream.received.at(-1)).toMatchObject({ path: '/api/v1/services/embeddings/text-embedding/text-embedding', json: { model: EMBEDDING_MODEL, input: { texts: ['hello', 'world!'] } } });
    await suite.f.flush();
    expect(await lastConsumeLog(suite.f)).toMatchObject({ model_name: EMBEDDING_MODEL, prompt_tokens: 4, completion_tokens: 0 });
  });

  it('sends a request with an image to the multimodal endpoint with the data URL inline, streamed and not', async () => {
    const image = `data:image/png;base64,${PNG_1X1}`;
    const messages: OpenAI.ChatCompletionMessageParam[] = [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: [{ type: 'text', text: 'What is in this image?' }, { type: 'image_url', image_url: { url: image } }] },
    ];
    const answer = await suite.client().chat.completions.create({ model: VISION_MODEL, messages });
    expect(answer.choices[0]?.message.content).toBe('I see 1 image(s) from dashscope');
    const sent = suite.upstream.received.at(-1);
    expect(sent?.path).toBe('/api/v1/services/aigc/multimodal-generation/generation');
    expect(sent?.json).toEqual({
      model: VISION_MODEL,
      input: { messages: [{ role: 'system', content: [{ text: 'Be brief.' }] }, { role: 'user', content: [{ image }, { text: 'What is in this image?' }] }] },
      parameters: { result_format: 'message' },
    });
    await suite.f.flush();
    expect(await lastConsumeLog(suite.f)).toMatchObject({ model_name: VISION_MODEL, prompt_tokens: 12, completion_tokens: 6 });

    const stream = await suite.client().chat.completions.create({ model: VISION_MODEL, messages, stream: true });
    expect((await readChatStream(stream)).text).toBe('I see 1 image(s) from dashscope');
    expect(suite.upstream.received.at(-1)).toMatchObject({ path: '/api/v1/services/aigc/multimodal-generation/generation', headers: { 'x-dashscope-sse': 'enable' } });
  });

  it('generates images through an async image-synthesis task polled to completion, billed and logged', async () => {
    const answer = await suite.client().images.generate({ model: IMAGE_MODEL, prompt: 'a cat', n: 2, size: '1024x1024' });
    expect(answer.data?.map((d) => d.url)).toEqual(['https://dashscope-result.example/dashscope/task-1-0.png', 'https://dashscope-result.example/dashscope/task-1-1.png']);
    const created = suite.upstream.received.find((r) => r.path === '/api/v1/services/aigc/text2image/image-synthesis');
    expect(created?.headers).toMatchObject({ 'x-dashscope-async': 'enable', authorization: 'Bearer sk-ds' });
    expect(created?.json).toEqual({ model: IMAGE_MODEL, input: { prompt: 'a cat' }, parameters: { size: '1024*1024', n: 2 } });
    expect(suite.upstream.received.filter((r) => r.path === '/api/v1/tasks/task-1')).toHaveLength(3);
    await suite.f.flush();
    const log = await lastConsumeLog(suite.f);
    expect(log).toMatchObject({ user_id: suite.userId, model_name: IMAGE_MODEL, channel_id: suite.channelId });
    expect(log.quota).toBe(2000);
  });

  it('answers a FAILED image task as an OpenAI error', async () => {
    suite.upstream.behaviour = { failTask: { code: 'DataInspectionFailed', message: 'Input data may contain inappropriate content.' } };
    const failed = await suite.client().images.generate({ model: IMAGE_MODEL, prompt: 'bad', size: '1024x1024' }).catch((error: unknown) => error);
    expect(failed).toMatchObject({ status: 400, code: 'content_filter', message: expect.stringContaining('inappropriate content') as unknown });
  });

  it('passes the channel test through the adaptor', async () => {
    expect(await testChannel(suite.f, suite.channelId, MODEL)).toMatchObject({ success: true, message: 'Hello from dashscope', model: MODEL });
    expect(suite.upstream.received.at(-1)?.path).toBe('/api/v1/services/aigc/text-generation/generation');
  });

  it('answers InvalidApiKey in OpenAI shape and disables the channel when auto-disable is on', async () => {
    await suite.enableAutoDisable();
    suite.upstream.behaviour = { fail: { status: 401, body: { code: 'InvalidApiKey', message: 'Invalid API-key provided.', request_id: 'fb53c4ec' } } };
    expect(await chatError(suite.client(), MODEL)).toMatchObject({ status: 401, type: 'authentication_error', code: 'invalid_api_key' });
    await expect.poll(() => channelStatus(suite.f, suite.channelId)).toBe(ChannelStatus.AutoDisabled);
  });
});
