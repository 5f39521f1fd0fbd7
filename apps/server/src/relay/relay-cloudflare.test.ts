import type OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../test/databases.js';
import { FakeCloudflare, cloudflareEnvelope } from '../../test/fake-cloudflare.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';

const MODEL = '@cf/meta/llama-3.1-8b-instruct';
const EMBEDDING_MODEL = '@cf/baai/bge-base-en-v1.5';
const ACCOUNT = 'acc0123456789';
const weatherTool: OpenAI.ChatCompletionTool = {
  type: 'function',
  function: { name: 'get_weather', description: 'Get current weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
};

describe.each(databaseKinds)('Cloudflare Workers AI channels through the official OpenAI SDK on %s', (kind) => {
  let f: RelayFixture;
  let upstream: FakeCloudflare;
  let spare: FakeCloudflare;
  let channelId: number;
  let userId: number;
  let key: string;

  const statusOf = async (id: number) => (await f.ctx.db.selectFrom('channels').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const lastLog = () => f.ctx.db.selectFrom('logs').selectAll().where('type', '=', 2).orderBy('id', 'desc').executeTakeFirstOrThrow();

  beforeAll(async () => {
    upstream = await new FakeCloudflare('cloudflare', ACCOUNT, 'cf-token').start();
    spare = await new FakeCloudflare('spare', ACCOUNT, 'cf-token').start();
    f = await relayFixture(kind);
    await f.ctx.options.set('ModelRatio', JSON.stringify({ [MODEL]: 1, [EMBEDDING_MODEL]: 1 }));
    channelId = await f.addChannel({ type: 37, name: 'cloudflare', key: 'cf-token', base_url: upstream.baseUrl, config: JSON.stringify({ user_id: ACCOUNT }), models: `${MODEL},${EMBEDDING_MODEL}`, priority: 10 });
    userId = await f.addUser('cfuser', 10_000_000);
    key = await f.addKey(userId);
  });
  afterAll(async () => {
    await f.close();
    await upstream.stop();
    await spare.stop();
  });
  afterEach(async () => {
    upstream.behaviour = {};
    await f.ctx.options.set('AutomaticDisableChannelEnabled', 'false');
  });

  it('passes a chat completion through the account URL with the token, bills the reported usage and logs it', async () => {
    const request = { model: MODEL, messages: [{ role: 'system' as const, content: 'Be brief.' }, { role: 'user' as const, content: 'hi' }], max_tokens: 64 };
    const answer = await f.client(key).chat.completions.create(request);
    expect(answer).toMatchObject({ object: 'chat.completion', model: MODEL, usage: { prompt_tokens: 21, completion_tokens: 4, total_tokens: 25 } });
    expect(answer.choices[0]).toMatchObject({ message: { role: 'assistant', content: 'Hello from cloudflare' }, finish_reason: 'stop' });
    const sent = upstream.received.at(-1);
    expect(sent?.path).toBe(`/client/v4/accounts/${ACCOUNT}/ai/v1/chat/completions`);
    expect(sent?.headers.authorization).toBe('Bearer cf-token');
    expect(sent?.json).toEqual(request);
    await f.flush();
    expect(await lastLog()).toMatchObject({ user_id: userId, model_name: MODEL, channel_id: channelId, prompt_tokens: 21, completion_tokens: 4 });
    expect((await lastLog()).quota).toBeGreaterThan(0);
  });

  it('streams the chunks and counts the completion locally when Workers AI reports no usage', async () => {
    const stream = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], stream: true });
    let text = '';
    const finishes: (string | null | undefined)[] = [];
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      if (chunk.choices[0]?.finish_reason) finishes.push(chunk.choices[0].finish_reason);
    }
    expect(text).toBe('Hello from cloudflare');
    expect(finishes).toEqual(['stop']);
    await f.flush();
    const log = await lastLog();
    expect(Boolean(log.is_stream)).toBe(true);
    expect(log.prompt_tokens).toBeGreaterThan(0);
    expect(log.completion_tokens).toBeGreaterThan(0);
    expect(log.quota).toBeGreaterThan(0);
  });

  it('round-trips a tool call, streamed and not', async () => {
    const client = f.client(key);
    const ask: OpenAI.ChatCompletionMessageParam = { role: 'user', content: 'Weather in Paris?' };
    const first = await client.chat.completions.create({ model: MODEL, messages: [ask], tools: [weatherTool] });
    const call = first.choices[0]?.message.tool_calls?.[0];
    expect(first.choices[0]?.finish_reason).toBe('tool_calls');
    expect(call).toMatchObject({ type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } });
    const streamed = await client.chat.completions.create({ model: MODEL, messages: [ask], tools: [weatherTool], stream: true });
    let args = '';
    for await (const chunk of streamed) for (const delta of chunk.choices[0]?.delta.tool_calls ?? []) args += delta.function?.arguments ?? '';
    expect(JSON.parse(args)).toEqual({ city: 'Paris' });
    const second = await client.chat.completions.create({ model: MODEL, tools: [weatherTool], messages: [ask, { role: 'assistant', content: null, tool_calls: call ? [call] : [] }, { role: 'tool', tool_call_id: call?.id ?? '', content: '{"temp_c":18}' }] });
    expect(second.choices[0]?.message.content).toBe('Hello from cloudflare');
    expect(upstream.received.at(-1)?.json?.messages).toHaveLength(3);
  });

  it('passes embeddings through and bills them', async () => {
    const answer = await f.client(key).embeddings.create({ model: EMBEDDING_MODEL, input: ['a', 'b'], encoding_format: 'float' });
    expect(answer.data.map((d) => d.embedding)).toEqual([
      [0, 0.5],
      [1, 0.5],
    ]);
    expect(upstream.received.at(-1)?.path).toBe(`/client/v4/accounts/${ACCOUNT}/ai/v1/embeddings`);
    await f.flush();
    expect(await lastLog()).toMatchObject({ model_name: EMBEDDING_MODEL, prompt_tokens: 3 });
  });

  it('passes the channel test, and fails it clearly when the account id is missing', async () => {
    const result = await f.app.inject({ method: 'GET', url: `/api/channel/test/${channelId}?model=${MODEL}`, headers: { cookie: f.rootCookie } });
    expect(result.json()).toMatchObject({ success: true, message: 'Hello from cloudflare', model: MODEL });
    const noAccount = await f.addChannel({ type: 37, name: 'cf-no-account', key: 'cf-token', base_url: upstream.baseUrl, models: 'unused-model', priority: 0 });
    const failed = await f.app.inject({ method: 'GET', url: `/api/channel/test/${noAccount}`, headers: { cookie: f.rootCookie } });
    expect(failed.json()).toMatchObject({ success: false, message: expect.stringContaining('user_id') as unknown });
  });

  it('retries a 429 on another channel', async () => {
    await f.ctx.options.set('RetryTimes', '1');
    const spareId = await f.addChannel({ type: 37, name: 'cf-spare', key: 'cf-token', base_url: spare.baseUrl, config: JSON.stringify({ user_id: ACCOUNT }), models: MODEL, priority: 1 });
    upstream.behaviour = { fail: { status: 429, body: cloudflareEnvelope(3036, 'you have used up your daily free allocation of 10,000 neurons') } };
    const answer = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] });
    expect(answer.choices[0]?.message.content).toBe('Hello from spare');
    expect(await statusOf(channelId)).toBe(1);
    await f.app.inject({ method: 'DELETE', url: `/api/channel/${spareId}`, headers: { cookie: f.rootCookie } });
    await f.ctx.options.set('RetryTimes', '0');
  });

  it('answers an auth error in OpenAI shape and disables the channel when auto-disable is on', async () => {
    await f.ctx.options.set('AutomaticDisableChannelEnabled', 'true');
    upstream.behaviour = { fail: { status: 401, body: cloudflareEnvelope(10000, 'Authentication error') } };
    const failed = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] }).catch((error: unknown) => error);
    expect(failed).toMatchObject({ status: 401, type: 'authentication_error', code: 'invalid_api_key', message: expect.stringContaining('Authentication error (code 10000)') as unknown });
    await expect.poll(() => statusOf(channelId)).toBe(3);
  });
});
