import type OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../test/databases.js';
import { FakeBedrock } from '../../test/fake-bedrock.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';

const CLAUDE = 'claude-3-5-sonnet-20241022';
const LLAMA = 'llama3-8b-8192';
/** Neither Claude nor Llama 3: served through Converse. */
const NOVA = 'amazon.nova-lite-v1:0';
/** Served by a failing channel first (higher priority), then by a working one. */
const RETRY_MODEL = 'claude-3-haiku-20240307';
/** Served only by the channel whose secret key is wrong. */
const BAD_KEY_MODEL = 'claude-3-opus-20240229';
const CREDENTIALS = { accessKeyId: 'AKIDFAKEBEDROCK', secretAccessKey: 'fake/secret+key', region: 'us-west-2' };

const weatherTool: OpenAI.ChatCompletionTool = {
  type: 'function',
  function: { name: 'get_weather', description: 'Get current weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
};

describe.each(databaseKinds)('AWS Bedrock channels through the official OpenAI SDK on %s', (kind) => {
  let f: RelayFixture;
  let upstream: FakeBedrock;
  let failing: FakeBedrock;
  let failingChannelId: number;
  let channelId: number;
  let badChannelId: number;
  let userId: number;
  let key: string;

  beforeAll(async () => {
    upstream = await new FakeBedrock('bedrock', CREDENTIALS).start();
    failing = await new FakeBedrock('bedrock-down', CREDENTIALS).start();
    failing.behaviour = { fail: { status: 503, name: 'ServiceUnavailableException', message: 'Bedrock is unable to process your request.' } };
    f = await relayFixture(kind);
    await f.ctx.options.set('ModelRatio', JSON.stringify({ [CLAUDE]: 1, [LLAMA]: 1, [NOVA]: 1, [RETRY_MODEL]: 1, [BAD_KEY_MODEL]: 1 }));
    // As the console sends it: no key, the credentials in the config fields.
    const config = { region: CREDENTIALS.region, ak: CREDENTIALS.accessKeyId, sk: CREDENTIALS.secretAccessKey };
    channelId = await f.addChannel({ type: 33, name: 'bedrock', key: '', config, base_url: upstream.baseUrl, models: `${CLAUDE},${LLAMA},${NOVA},${RETRY_MODEL}` });
    failingChannelId = await f.addChannel({ type: 33, name: 'bedrock-down', key: '', config, base_url: failing.baseUrl, models: RETRY_MODEL, priority: 10 });
    badChannelId = await f.addChannel({ type: 33, name: 'bedrock-bad', key: '', config: { ...config, sk: 'wrong-secret' }, base_url: upstream.baseUrl, models: BAD_KEY_MODEL });
    userId = await f.addUser('bedrockuser', 10_000_000);
    key = await f.addKey(userId);
  });
  afterAll(async () => {
    await f.close();
    await upstream.stop();
    await failing.stop();
  });
  afterEach(async () => {
    upstream.behaviour = {};
    await f.ctx.options.set('AutomaticDisableChannelEnabled', 'false');
    await f.ctx.options.set('RetryTimes', '0');
  });

  const lastLog = () => f.ctx.db.selectFrom('logs').selectAll().where('type', '=', 2).orderBy('id', 'desc').executeTakeFirstOrThrow();
  const channelStatus = async (id: number) => (await f.ctx.db.selectFrom('channels').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  it('signs a Claude InvokeModel call, converts it both ways, bills it and logs it', async () => {
    const answer = await f.client(key).chat.completions.create({ model: CLAUDE, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hi' }], max_tokens: 100, temperature: 0.2 });
    expect(answer).toMatchObject({ object: 'chat.completion', usage: { prompt_tokens: 14, completion_tokens: 7, total_tokens: 21 } });
    expect(answer.choices[0]).toMatchObject({ message: { role: 'assistant', content: 'Hello from bedrock' }, finish_reason: 'stop' });
    const sent = upstream.received.at(-1);
    expect(sent?.path).toBe('/model/anthropic.claude-3-5-sonnet-20241022-v2%3A0/invoke');
    expect(sent?.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDFAKEBEDROCK\/\d{8}\/us-west-2\/bedrock\/aws4_request, /);
    expect(sent?.json).toEqual({ anthropic_version: 'bedrock-2023-05-31', max_tokens: 100, temperature: 0.2, system: 'Be brief.', messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] });
    await f.flush();
    expect(await lastLog()).toMatchObject({ user_id: userId, model_name: CLAUDE, channel_id: channelId, prompt_tokens: 14, completion_tokens: 7 });
    expect((await lastLog()).quota).toBeGreaterThan(0);
  });

  it('decodes the event-stream frames into chunks with usage in the last one, and bills the stream', async () => {
    const stream = await f.client(key).chat.completions.create({ model: CLAUDE, messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } });
    let text = '';
    let usage;
    const finishes: (string | null | undefined)[] = [];
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      if (chunk.choices[0]?.finish_reason) finishes.push(chunk.choices[0].finish_reason);
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe('Hello from bedrock');
    expect(finishes).toEqual(['stop']);
    expect(usage).toMatchObject({ prompt_tokens: 14, completion_tokens: 7 });
    expect(upstream.received.at(-1)?.path).toBe('/model/anthropic.claude-3-5-sonnet-20241022-v2%3A0/invoke-with-response-stream');
    await f.flush();
    expect(await lastLog()).toMatchObject({ model_name: CLAUDE, channel_id: channelId, prompt_tokens: 14, completion_tokens: 7 });
    expect(Boolean((await lastLog()).is_stream)).toBe(true);
  });

  it('round-trips a Claude tool call, streamed and not', async () => {
    const client = f.client(key);
    const ask: OpenAI.ChatCompletionMessageParam = { role: 'user', content: 'Weather in Paris?' };
    const first = await client.chat.completions.create({ model: CLAUDE, messages: [ask], tools: [weatherTool] });
    const call = first.choices[0]?.message.tool_calls?.[0];
    expect(first.choices[0]?.finish_reason).toBe('tool_calls');
    expect(call).toMatchObject({ id: 'toolu_bdrk_01', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } });

    const streamed = await client.chat.completions.create({ model: CLAUDE, messages: [ask], tools: [weatherTool], stream: true });
    let args = '';
    for await (const chunk of streamed) for (const delta of chunk.choices[0]?.delta.tool_calls ?? []) args += delta.function?.arguments ?? '';
    expect(JSON.parse(args)).toEqual({ city: 'Paris' });

    const second = await client.chat.completions.create({
      model: CLAUDE,
      tools: [weatherTool],
      messages: [ask, { role: 'assistant', content: null, tool_calls: call ? [call] : [] }, { role: 'tool', tool_call_id: call?.id ?? '', content: '{"temp_c":18}' }],
    });
    expect(second.choices[0]?.message.content).toBe('Paris: {"temp_c":18}');
    expect((upstream.received.at(-1)?.json?.messages as unknown[]).slice(1)).toEqual([
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_bdrk_01', name: 'get_weather', input: { city: 'Paris' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_bdrk_01', content: '{"temp_c":18}' }] },
    ]);
  });

  it('serves Llama 3 with its prompt template, streamed and not', async () => {
    const client = f.client(key);
    const answer = await client.chat.completions.create({ model: LLAMA, messages: [{ role: 'user', content: 'hi' }] });
    expect(answer).toMatchObject({ model: LLAMA, choices: [{ message: { content: 'Hello from bedrock' }, finish_reason: 'stop' }], usage: { prompt_tokens: 11, completion_tokens: 5 } });
    expect(upstream.received.at(-1)).toMatchObject({
      path: '/model/meta.llama3-8b-instruct-v1%3A0/invoke',
      json: { prompt: '<|begin_of_text|><|start_header_id|>user<|end_header_id|>\n\nhi<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\n', max_gen_len: 2048 },
    });
    const stream = await client.chat.completions.create({ model: LLAMA, messages: [{ role: 'user', content: 'hi' }], stream: true });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toBe('Hello from bedrock');
    await f.flush();
    expect(await lastLog()).toMatchObject({ model_name: LLAMA, prompt_tokens: 11, completion_tokens: 5 });
  });

  it('serves other models through Converse: text, a streamed tool call, billed', async () => {
    const client = f.client(key);
    const answer = await client.chat.completions.create({ model: NOVA, messages: [{ role: 'user', content: 'hi' }], max_tokens: 50 });
    expect(answer).toMatchObject({ model: NOVA, choices: [{ message: { content: 'Hello from bedrock' }, finish_reason: 'stop' }], usage: { prompt_tokens: 9, completion_tokens: 4 } });
    expect(upstream.received.at(-1)).toMatchObject({ path: '/model/amazon.nova-lite-v1%3A0/converse', json: { messages: [{ role: 'user', content: [{ text: 'hi' }] }], inferenceConfig: { maxTokens: 50 } } });
    const stream = await client.chat.completions.create({ model: NOVA, messages: [{ role: 'user', content: 'Weather in Paris?' }], tools: [weatherTool], stream: true, stream_options: { include_usage: true } });
    let args = '';
    let usage;
    for await (const chunk of stream) {
      for (const delta of chunk.choices[0]?.delta.tool_calls ?? []) args += delta.function?.arguments ?? '';
      if (chunk.usage) usage = chunk.usage;
    }
    expect(JSON.parse(args)).toEqual({ city: 'Paris' });
    expect(usage).toMatchObject({ prompt_tokens: 9, completion_tokens: 4 });
    expect(upstream.received.at(-1)?.path).toBe('/model/amazon.nova-lite-v1%3A0/converse-stream');
    await f.flush();
    expect(await lastLog()).toMatchObject({ model_name: NOVA, prompt_tokens: 9, completion_tokens: 4 });
  });

  it('ends a stream with an error the SDK raises when Bedrock sends an exception frame', async () => {
    upstream.behaviour = { streamException: { type: 'modelStreamErrorException', message: 'The model failed mid-answer' } };
    const stream = await f.client(key).chat.completions.create({ model: CLAUDE, messages: [{ role: 'user', content: 'hi' }], stream: true });
    const failed = await (async () => {
      for await (const _chunk of stream) {
        // Read until the error arrives.
      }
    })().catch((error: unknown) => error);
    expect(String((failed as Error).message)).toContain('The model failed mid-answer');
  });

  it('answers throttling as a 429 in OpenAI shape without disabling the channel', async () => {
    await f.ctx.options.set('AutomaticDisableChannelEnabled', 'true');
    upstream.behaviour = { fail: { status: 429, name: 'ThrottlingException', message: 'Too many requests, please wait before trying again.' } };
    const failed = await f.client(key).chat.completions.create({ model: CLAUDE, messages: [{ role: 'user', content: 'hi' }] }).catch((error: unknown) => error);
    expect(failed).toMatchObject({ status: 429, type: 'rate_limit_error', code: 'rate_limit_exceeded' });
    expect(await channelStatus(channelId)).toBe(1);
  });

  it('retries a 503 ServiceUnavailableException on another channel without disabling the failing one', async () => {
    await f.ctx.options.set('AutomaticDisableChannelEnabled', 'true');
    await f.ctx.options.set('RetryTimes', '1');
    const answer = await f.client(key).chat.completions.create({ model: RETRY_MODEL, messages: [{ role: 'user', content: 'hi' }] });
    expect(answer.choices[0]?.message.content).toBe('Hello from bedrock');
    expect(failing.received.at(-1)?.path).toBe('/model/anthropic.claude-3-haiku-20240307-v1%3A0/invoke');
    expect(upstream.received.at(-1)?.path).toBe('/model/anthropic.claude-3-haiku-20240307-v1%3A0/invoke');
    expect(await channelStatus(failingChannelId)).toBe(1);
  });

  it('passes the channel test through the adaptor', async () => {
    const result = await f.app.inject({ method: 'GET', url: `/api/channel/test/${channelId}?model=${CLAUDE}`, headers: { cookie: f.rootCookie } });
    expect(result.json()).toMatchObject({ success: true, message: 'Hello from bedrock', model: CLAUDE });
    expect(upstream.received.at(-1)?.path).toBe('/model/anthropic.claude-3-5-sonnet-20241022-v2%3A0/invoke');
  });

  it('answers a bad secret key (InvalidSignatureException) as an auth error and disables the channel', async () => {
    await f.ctx.options.set('AutomaticDisableChannelEnabled', 'true');
    const failed = await f.client(key).chat.completions.create({ model: BAD_KEY_MODEL, messages: [{ role: 'user', content: 'hi' }] }).catch((error: unknown) => error);
    expect(failed).toMatchObject({ status: 403, type: 'authentication_error', code: 'invalid_api_key' });
    expect(upstream.received.at(-1)?.path).toBe('/model/anthropic.claude-3-opus-20240229-v1%3A0/invoke');
    await expect.poll(() => channelStatus(badChannelId)).toBe(3);
    expect(await channelStatus(channelId)).toBe(1);
  });
});
