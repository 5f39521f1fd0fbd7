import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../test/databases.js';
import { FakeZhipu } from '../../test/fake-zhipu.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';

const MODEL = 'glm-4';
const EMBEDDING_MODEL = 'embedding-3';
const V3_MODEL = 'chatglm_turbo';
const IMAGE_MODEL = 'cogview-3';

/** Zhipu v4 speaks OpenAI's wire format on /api/paas/v4 (the fake's OpenAI part); v3 its own. */
describe.each(databaseKinds)('Zhipu channels through the official OpenAI SDK on %s', (kind) => {
  let f: RelayFixture;
  let upstream: FakeZhipu;
  let channelId: number;
  let userId: number;
  let key: string;

  beforeAll(async () => {
    upstream = await new FakeZhipu('zhipu').start();
    f = await relayFixture(kind);
    await f.ctx.options.set('ModelRatio', JSON.stringify({ [MODEL]: 1, [EMBEDDING_MODEL]: 1, [V3_MODEL]: 1, [IMAGE_MODEL]: 1 }));
    channelId = await f.addChannel({ type: 16, name: 'zhipu', key: 'myid.mysecret', base_url: upstream.baseUrl, models: `${MODEL},${EMBEDDING_MODEL},${V3_MODEL},${IMAGE_MODEL}` });
    userId = await f.addUser('zhipuuser', 10_000_000);
    key = await f.addKey(userId);
  });
  afterAll(async () => {
    await f.close();
    await upstream.stop();
  });
  afterEach(async () => {
    upstream.behaviour = {};
    upstream.v3Failure = undefined;
    await f.ctx.options.set('AutomaticDisableChannelEnabled', 'false');
  });

  const lastLog = () => f.ctx.db.selectFrom('logs').selectAll().where('type', '=', 2).orderBy('id', 'desc').executeTakeFirstOrThrow();

  it('sends the chat to /api/paas/v4 with a signed JWT, bills it and logs it', async () => {
    const answer = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], temperature: 1.5 });
    expect(answer.choices[0]?.message.content).toBe('Hello from zhipu');
    const sent = upstream.received.at(-1);
    expect(sent?.path).toBe('/api/paas/v4/chat/completions');
    expect(sent?.json).toMatchObject({ model: MODEL, temperature: 1 });
    const token = String(sent?.headers.authorization);
    expect(JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString())).toMatchObject({ api_key: 'myid' });
    await f.flush();
    expect(await lastLog()).toMatchObject({ user_id: userId, model_name: MODEL, channel_id: channelId, prompt_tokens: 10, completion_tokens: 5 });
    expect((await lastLog()).quota).toBeGreaterThan(0);
  });

  it('streams the chunks with usage in the last one, and bills the stream', async () => {
    const stream = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } });
    let text = '';
    let usage;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe('part0 part1 part2 ');
    expect(usage).toMatchObject({ prompt_tokens: 10, completion_tokens: 5 });
    await f.flush();
    expect(await lastLog()).toMatchObject({ model_name: MODEL, prompt_tokens: 10, completion_tokens: 5 });
    expect(Boolean((await lastLog()).is_stream)).toBe(true);
  });

  it('sends embeddings to /api/paas/v4/embeddings with a single input', async () => {
    const answer = await f.client(key).embeddings.create({ model: EMBEDDING_MODEL, input: ['hello'], encoding_format: 'float' });
    expect(answer.data[0]?.embedding).toEqual([0.1, 0.2, 0.3]);
    expect(upstream.received.at(-1)).toMatchObject({ path: '/api/paas/v4/embeddings', json: { model: EMBEDDING_MODEL, input: 'hello' } });
    await f.flush();
    expect(await lastLog()).toMatchObject({ model_name: EMBEDDING_MODEL, prompt_tokens: 8 });
  });

  it('sends a legacy v3 model to model-api invoke, converts the answer, bills and logs it', async () => {
    const answer = await f.client(key).chat.completions.create({ model: V3_MODEL, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hi' }], temperature: 0.3 });
    expect(answer).toMatchObject({ id: 'chatcmpl-v3req', object: 'chat.completion', usage: { prompt_tokens: 11, completion_tokens: 4, total_tokens: 15 } });
    expect(answer.choices[0]).toMatchObject({ message: { role: 'assistant', content: ' Hello from zhipu v3' }, finish_reason: 'stop' });
    const sent = upstream.received.at(-1);
    expect(sent?.path).toBe(`/api/paas/v3/model-api/${V3_MODEL}/invoke`);
    expect(sent?.json).toEqual({ prompt: [{ role: 'user', content: 'Be brief.\nhi' }], temperature: 0.3 });
    expect(JSON.parse(Buffer.from(String(sent?.headers.authorization).split('.')[1] ?? '', 'base64url').toString())).toMatchObject({ api_key: 'myid' });
    await f.flush();
    expect(await lastLog()).toMatchObject({ model_name: V3_MODEL, prompt_tokens: 11, completion_tokens: 4 });
    expect((await lastLog()).quota).toBeGreaterThan(0);
  });

  it('streams a legacy v3 model through sse-invoke: raw-text events re-framed, usage from the meta line', async () => {
    const stream = await f.client(key).chat.completions.create({ model: V3_MODEL, messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } });
    let text = '';
    let usage;
    const finishes: string[] = [];
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      if (chunk.choices[0]?.finish_reason) finishes.push(chunk.choices[0].finish_reason);
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe(' Hello from zhipu v3');
    expect(finishes).toEqual(['stop']);
    expect(usage).toMatchObject({ prompt_tokens: 11, completion_tokens: 4 });
    expect(upstream.received.at(-1)).toMatchObject({ path: `/api/paas/v3/model-api/${V3_MODEL}/sse-invoke`, json: { incremental: true } });
    await f.flush();
    expect(await lastLog()).toMatchObject({ model_name: V3_MODEL, prompt_tokens: 11, completion_tokens: 4 });
    expect(Boolean((await lastLog()).is_stream)).toBe(true);
  });

  it('reads a v3 error inside a 200 answer as the status its code stands for', async () => {
    upstream.v3Failure = { code: 1302, msg: '您当前使用该API的并发数过高' };
    const failed = await f.client(key).chat.completions.create({ model: V3_MODEL, messages: [{ role: 'user', content: 'hi' }] }).catch((error: unknown) => error);
    expect(failed).toMatchObject({ status: 429, type: 'rate_limit_error', code: 'rate_limit_exceeded' });
  });

  it('generates CogView images through /api/paas/v4/images/generations, billed and logged', async () => {
    const answer = await f.client(key).images.generate({ model: IMAGE_MODEL, prompt: 'a cat', size: '1024x1024' });
    expect(answer.data?.[0]?.url).toBe('https://images.example/zhipu/0.png');
    expect(upstream.received.at(-1)).toMatchObject({ path: '/api/paas/v4/images/generations', json: { model: IMAGE_MODEL, prompt: 'a cat', size: '1024x1024' } });
    await f.flush();
    expect(await lastLog()).toMatchObject({ model_name: IMAGE_MODEL, channel_id: channelId });
    expect((await lastLog()).quota).toBeGreaterThan(0);
  });

  it('passes the channel test through the adaptor', async () => {
    const result = await f.app.inject({ method: 'GET', url: `/api/channel/test/${channelId}?model=${MODEL}`, headers: { cookie: f.rootCookie } });
    expect(result.json()).toMatchObject({ success: true, message: 'Hello from zhipu', model: MODEL });
    expect(upstream.received.at(-1)?.path).toBe('/api/paas/v4/chat/completions');
  });

  it('answers an auth failure in OpenAI shape and disables the channel when auto-disable is on', async () => {
    await f.ctx.options.set('AutomaticDisableChannelEnabled', 'true');
    upstream.behaviour = { fail: { status: 401, body: { error: { code: '1002', message: 'Authorization Token非法，请确认Authorization Token正确传递。' } } } };
    const failed = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] }).catch((error: unknown) => error);
    expect(failed).toMatchObject({ status: 401, type: 'authentication_error', code: 'invalid_api_key' });
    await expect.poll(async () => (await f.ctx.db.selectFrom('channels').select('status').where('id', '=', channelId).executeTakeFirstOrThrow()).status).toBe(3);
  });
});
