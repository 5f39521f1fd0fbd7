import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../test/databases.js';
import { FakeOpenAI } from '../../test/fake-openai.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';

const MODEL = 'glm-4';
const EMBEDDING_MODEL = 'embedding-3';

/** Zhipu v4 speaks OpenAI's wire format on /api/paas/v4, so the OpenAI fake stands in for it. */
describe.each(databaseKinds)('Zhipu channels through the official OpenAI SDK on %s', (kind) => {
  let f: RelayFixture;
  let upstream: FakeOpenAI;
  let channelId: number;
  let userId: number;
  let key: string;

  beforeAll(async () => {
    upstream = await new FakeOpenAI('zhipu').start();
    f = await relayFixture(kind);
    await f.ctx.options.set('ModelRatio', JSON.stringify({ [MODEL]: 1, [EMBEDDING_MODEL]: 1, chatglm_turbo: 1 }));
    channelId = await f.addChannel({ type: 16, name: 'zhipu', key: 'myid.mysecret', base_url: upstream.baseUrl, models: `${MODEL},${EMBEDDING_MODEL},chatglm_turbo` });
    userId = await f.addUser('zhipuuser', 10_000_000);
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

  it('refuses a legacy v3 model with a clear 400 before any upstream call', async () => {
    const calls = upstream.received.length;
    const failed = await f.client(key).chat.completions.create({ model: 'chatglm_turbo', messages: [{ role: 'user', content: 'hi' }] }).catch((error: unknown) => error);
    expect(failed).toMatchObject({ status: 400, code: 'model_not_supported' });
    expect(upstream.received.length).toBe(calls);
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
