import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../test/databases.js';
import { FakeSpark } from '../../test/fake-spark.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';

const MODEL = 'Spark-Max';
const SECRET = 'MjlmNzkzNmZkMDQ2OTc0ZDdmNGE2ZTZi';
const API_KEY = 'fake-api-key';
const weatherTool = { type: 'function' as const, function: { name: 'get_weather', description: 'Get current weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } };

describe.each(databaseKinds)('iFlytek Spark v1 channels (websocket) through the official OpenAI SDK on %s', (kind) => {
  let f: RelayFixture;
  let upstream: FakeSpark;
  let spare: FakeSpark;
  let channelId: number;
  let userId: number;
  let key: string;

  beforeAll(async () => {
    upstream = await new FakeSpark(SECRET, API_KEY).start();
    spare = await new FakeSpark(SECRET, API_KEY).start();
    f = await relayFixture(kind);
    await f.ctx.options.set('ModelRatio', JSON.stringify({ [MODEL]: 1 }));
    channelId = await f.addChannel({ type: 18, name: 'spark', key: `APPID|${SECRET}|${API_KEY}`, base_url: upstream.baseUrl, models: MODEL, priority: 10 });
    userId = await f.addUser('sparkuser', 10_000_000);
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

  it('collects the frames of a non-stream answer on a signed URL, bills it and logs it', async () => {
    const answer = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hi' }], temperature: 0.5, max_tokens: 100 });
    expect(answer).toMatchObject({ object: 'chat.completion', model: MODEL, usage: { prompt_tokens: 12, completion_tokens: 6, total_tokens: 18 } });
    expect(answer.choices[0]).toMatchObject({ message: { role: 'assistant', content: 'Hello from spark' }, finish_reason: 'stop' });
    const sent = upstream.received.at(-1);
    expect(sent?.path).toBe('/v3.5/chat');
    expect(sent?.frame).toEqual({
      header: { app_id: 'APPID' },
      parameter: { chat: { domain: 'generalv3.5', temperature: 0.5, max_tokens: 100 } },
      payload: { message: { text: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hi' }] } },
    });
    await f.flush();
    const log = await lastLog();
    expect(log).toMatchObject({ user_id: userId, model_name: MODEL, channel_id: channelId, prompt_tokens: 12, completion_tokens: 6 });
    expect(log.quota).toBeGreaterThan(0);
  });

  it('streams the frames as chunks with usage in the last one, bills the stream and closes the socket', async () => {
    const stream = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } });
    let text = '';
    let usage;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe('Hello from spark');
    expect(usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 6, total_tokens: 18 });
    await f.flush();
    const log = await lastLog();
    expect(log).toMatchObject({ prompt_tokens: 12, completion_tokens: 6 });
    expect(Boolean(log.is_stream)).toBe(true);
    await expect.poll(() => upstream.openSockets).toBe(0);
  });

  it('sends tools as Spark functions and answers the function call as a tool call', async () => {
    upstream.behaviour = { functionCall: true };
    const answer = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Weather in Paris?' }], tools: [weatherTool] });
    expect((upstream.received.at(-1)?.frame?.payload as { functions?: unknown }).functions).toEqual({ text: [weatherTool.function] });
    expect(answer.choices[0]?.finish_reason).toBe('tool_calls');
    expect(answer.choices[0]?.message.tool_calls?.[0]).toMatchObject({ type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } });
  });

  it('passes the channel test through the websocket', async () => {
    const result = await f.app.inject({ method: 'GET', url: `/api/channel/test/${channelId}?model=${MODEL}`, headers: { cookie: f.rootCookie } });
    expect(result.json()).toMatchObject({ success: true, message: 'Hello from spark', model: MODEL });
  });

  it('retries an in-band rate limit on another channel', async () => {
    await f.ctx.options.set('RetryTimes', '1');
    const spareId = await f.addChannel({ type: 18, name: 'spark-spare', key: `APPID|${SECRET}|${API_KEY}`, base_url: spare.baseUrl, models: MODEL, priority: 1 });
    upstream.behaviour = { inBandError: { code: 11202, message: 'licc limit' } };
    const answer = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] });
    expect(answer.choices[0]?.message.content).toBe('Hello from spark');
    expect(spare.received).toHaveLength(1);
    expect(await statusOf(channelId)).toBe(1);
    await f.app.inject({ method: 'DELETE', url: `/api/channel/${spareId}`, headers: { cookie: f.rootCookie } });
  });

  it('answers an in-band error of the first frame with the status its code stands for', async () => {
    upstream.behaviour = { inBandError: { code: 10907, message: 'token number exceeds the limit' } };
    const failed = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], stream: true }).catch((error: unknown) => error);
    expect(failed).toMatchObject({ status: 400, type: 'invalid_request_error', code: 'context_length_exceeded' });
  });

  it('disables a channel whose signature the handshake refuses, when auto-disable is on', async () => {
    await f.ctx.options.set('AutomaticDisableChannelEnabled', 'true');
    const badId = await f.addChannel({ type: 18, name: 'spark-bad', key: `APPID|wrong-secret|${API_KEY}`, base_url: upstream.baseUrl, models: 'Spark-Lite' });
    const result = await f.app.inject({ method: 'GET', url: `/api/channel/test/${badId}?model=Spark-Lite`, headers: { cookie: f.rootCookie } });
    expect(result.json()).toMatchObject({ success: false, message: expect.stringContaining('HMAC signature cannot be verified') as unknown });
    await expect.poll(() => statusOf(badId)).toBe(3);
  });
});
