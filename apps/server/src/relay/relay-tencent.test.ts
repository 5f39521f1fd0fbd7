import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../test/databases.js';
import { FakeTencent } from '../../test/fake-tencent.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';

const MODEL = 'hunyuan-lite';
const EMBEDDING_MODEL = 'hunyuan-embedding';
const SECRET_ID = 'AKIDfakeSecretId';
const SECRET_KEY = 'fakeSecretKey';
const weatherTool = { type: 'function' as const, function: { name: 'get_weather', description: 'Get current weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } };

describe.each(databaseKinds)('Tencent Hunyuan channels (TC3-signed API 3.0) through the official OpenAI SDK on %s', (kind) => {
  let f: RelayFixture;
  let upstream: FakeTencent;
  let spare: FakeTencent;
  let channelId: number;
  let userId: number;
  let key: string;

  beforeAll(async () => {
    upstream = await new FakeTencent(SECRET_ID, SECRET_KEY).start();
    spare = await new FakeTencent(SECRET_ID, SECRET_KEY).start();
    f = await relayFixture(kind);
    await f.ctx.options.set('ModelRatio', JSON.stringify({ [MODEL]: 1, [EMBEDDING_MODEL]: 1 }));
    channelId = await f.addChannel({ type: 23, name: 'hunyuan', key: `1250000000|${SECRET_ID}|${SECRET_KEY}`, base_url: upstream.baseUrl, config: JSON.stringify({ region: 'ap-guangzhou' }), models: `${MODEL},${EMBEDDING_MODEL}`, priority: 10 });
    userId = await f.addUser('hunyuanuser', 10_000_000);
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
    await f.ctx.options.set('RetryTimes', '0');
  });

  const lastLog = () => f.ctx.db.selectFrom('logs').selectAll().where('type', '=', 2).orderBy('id', 'desc').executeTakeFirstOrThrow();
  const statusOf = async (id: number) => (await f.ctx.db.selectFrom('channels').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  it('signs a converted chat completion, converts the answer back, bills it and logs it', async () => {
    const answer = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hi' }], temperature: 0.5 });
    expect(answer).toMatchObject({ object: 'chat.completion', model: MODEL, usage: { prompt_tokens: 12, completion_tokens: 6, total_tokens: 18 } });
    expect(answer.choices[0]).toMatchObject({ message: { role: 'assistant', content: 'Hello from hunyuan' }, finish_reason: 'stop' });
    const sent = upstream.received.at(-1);
    expect(sent?.path).toBe('/');
    expect(sent?.headers).toMatchObject({ 'x-tc-action': 'ChatCompletions', 'x-tc-version': '2023-09-01', 'x-tc-region': 'ap-guangzhou', 'content-type': 'application/json' });
    expect(sent?.json).toEqual({ Model: MODEL, Messages: [{ Role: 'system', Content: 'Be brief.' }, { Role: 'user', Content: 'hi' }], Stream: false, Temperature: 0.5 });
    await f.flush();
    const log = await lastLog();
    expect(log).toMatchObject({ user_id: userId, model_name: MODEL, channel_id: channelId, prompt_tokens: 12, completion_tokens: 6 });
    expect(log.quota).toBeGreaterThan(0);
  });

  it('streams the SSE events as chunks with usage in the last one, and bills the stream', async () => {
    const stream = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } });
    let text = '';
    let usage;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe('Hello from hunyuan');
    expect(usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 6, total_tokens: 18 });
    await f.flush();
    const log = await lastLog();
    expect(log).toMatchObject({ prompt_tokens: 12, completion_tokens: 6 });
    expect(Boolean(log.is_stream)).toBe(true);
  });

  it('sends tools with Parameters as a JSON string and answers the tool call', async () => {
    upstream.behaviour = { toolCall: true };
    const answer = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Weather in Paris?' }], tools: [weatherTool] });
    expect(upstream.received.at(-1)?.json).toMatchObject({ Tools: [{ Type: 'function', Function: { Name: 'get_weather', Parameters: JSON.stringify(weatherTool.function.parameters) } }], ToolChoice: 'auto' });
    expect(answer.choices[0]).toMatchObject({ finish_reason: 'tool_calls', message: { tool_calls: [{ id: 'call_hy1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] } });
  });

  it('converts embeddings through GetEmbedding and bills the reported prompt count', async () => {
    const answer = await f.client(key).embeddings.create({ model: EMBEDDING_MODEL, input: ['a', 'b'], encoding_format: 'float' });
    expect(answer.data.map((d) => d.embedding)).toEqual([
      [0, 0.5],
      [1, 0.5],
    ]);
    expect(upstream.received.at(-1)?.headers['x-tc-action']).toBe('GetEmbedding');
    expect(upstream.received.at(-1)?.json).toEqual({ InputList: ['a', 'b'] });
    await f.flush();
    expect(await lastLog()).toMatchObject({ model_name: EMBEDDING_MODEL, prompt_tokens: 5 });
  });

  it('passes the channel test through the adaptor', async () => {
    const result = await f.app.inject({ method: 'GET', url: `/api/channel/test/${channelId}?model=${MODEL}`, headers: { cookie: f.rootCookie } });
    expect(result.json()).toMatchObject({ success: true, message: 'Hello from hunyuan', model: MODEL });
  });

  it('answers an error in a 200 body with the status its code stands for, stream or not', async () => {
    upstream.behaviour = { inBandError: { Code: 'InvalidParameterValue.Model', Message: 'model does not exist' } };
    const failed = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] }).catch((error: unknown) => error);
    expect(failed).toMatchObject({ status: 400, type: 'invalid_request_error', code: 'model_not_found' });
    const streamFailed = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], stream: true }).catch((error: unknown) => error);
    expect(streamFailed).toMatchObject({ status: 400, type: 'invalid_request_error', code: 'model_not_found' });
  });

  it('retries a rate limit on another channel', async () => {
    await f.ctx.options.set('RetryTimes', '1');
    const spareId = await f.addChannel({ type: 23, name: 'hunyuan-spare', key: `1|${SECRET_ID}|${SECRET_KEY}`, base_url: spare.baseUrl, models: MODEL, priority: 1 });
    upstream.behaviour = { inBandError: { Code: 'RequestLimitExceeded', Message: 'too many requests' } };
    const stream = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], stream: true });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toBe('Hello from hunyuan');
    expect(spare.received).toHaveLength(1);
    expect(await statusOf(channelId)).toBe(1);
    await f.app.inject({ method: 'DELETE', url: `/api/channel/${spareId}`, headers: { cookie: f.rootCookie } });
  });

  it('disables a channel whose signature Tencent refuses, when auto-disable is on', async () => {
    await f.ctx.options.set('AutomaticDisableChannelEnabled', 'true');
    const badId = await f.addChannel({ type: 23, name: 'hunyuan-bad', key: `1|${SECRET_ID}|wrong-key`, base_url: upstream.baseUrl, models: 'hunyuan-pro' });
    const result = await f.app.inject({ method: 'GET', url: `/api/channel/test/${badId}?model=hunyuan-pro`, headers: { cookie: f.rootCookie } });
    expect(result.json()).toMatchObject({ success: false, message: expect.stringContaining('AuthFailure.SignatureFailure') as unknown });
    await expect.poll(() => statusOf(badId)).toBe(3);
  });
});
