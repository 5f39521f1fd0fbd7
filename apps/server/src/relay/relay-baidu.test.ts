import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../test/databases.js';
import { FakeBaidu } from '../../test/fake-baidu.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';

const MODEL = 'ERNIE-4.0-8K';
const EMBEDDING_MODEL = 'Embedding-V1';

describe.each(databaseKinds)('Baidu Qianfan v1 channels through the official OpenAI SDK on %s', (kind) => {
  let f: RelayFixture;
  let upstream: FakeBaidu;
  let channelId: number;
  let userId: number;
  let key: string;

  beforeAll(async () => {
    upstream = await new FakeBaidu().start();
    f = await relayFixture(kind);
    await f.ctx.options.set('ModelRatio', JSON.stringify({ [MODEL]: 1, [EMBEDDING_MODEL]: 1 }));
    // A key per database run: the token cache is per process, and each run must see its own exchange.
    channelId = await f.addChannel({ type: 15, name: 'baidu', key: `AK-${kind}|SK`, base_url: upstream.baseUrl, models: `${MODEL},${EMBEDDING_MODEL}` });
    userId = await f.addUser('baiduuser', 10_000_000);
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

  it('exchanges the key once, converts a chat completion both ways, bills it and logs it', async () => {
    const client = f.client(key);
    const answer = await client.chat.completions.create({ model: MODEL, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hi' }], temperature: 0 });
    await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'again' }] });
    expect(upstream.tokenExchanges).toBe(1);
    expect(answer).toMatchObject({ object: 'chat.completion', model: MODEL, usage: { prompt_tokens: 12, completion_tokens: 6, total_tokens: 18 } });
    expect(answer.choices[0]).toMatchObject({ message: { role: 'assistant', content: 'Hello from baidu' }, finish_reason: 'stop' });
    const sent = upstream.received.filter((r) => r.path.includes('/chat/')).at(-2);
    expect(sent?.path).toBe('/rpc/2.0/ai_custom/v1/wenxinworkshop/chat/completions_pro?access_token=24.fake-access-token');
    expect(sent?.json).toEqual({ messages: [{ role: 'user', content: 'hi' }], system: 'Be brief.', stream: false, temperature: 0.01 });
    await f.flush();
    expect(await lastLog()).toMatchObject({ user_id: userId, model_name: MODEL, channel_id: channelId, prompt_tokens: 12, completion_tokens: 6 });
    expect((await lastLog()).quota).toBeGreaterThan(0);
  });

  it('streams the converted frames with usage in the last chunk, and bills the stream', async () => {
    const stream = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } });
    let text = '';
    let usage;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe('Hello from baidu');
    expect(usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 6 });
    await f.flush();
    expect(await lastLog()).toMatchObject({ prompt_tokens: 12, completion_tokens: 6 });
    expect(Boolean((await lastLog()).is_stream)).toBe(true);
  });

  it('converts embeddings and bills the reported prompt count', async () => {
    const answer = await f.client(key).embeddings.create({ model: EMBEDDING_MODEL, input: ['a', 'b'], encoding_format: 'float' });
    expect(answer.data.map((d) => d.embedding)).toEqual([
      [0, 0.5],
      [1, 0.5],
    ]);
    expect(upstream.received.at(-1)?.path).toMatch(/^\/rpc\/2\.0\/ai_custom\/v1\/wenxinworkshop\/embeddings\/embedding-v1\?access_token=/);
    await f.flush();
    expect(await lastLog()).toMatchObject({ model_name: EMBEDDING_MODEL, prompt_tokens: 5 });
  });

  it('answers an in-band error of an HTTP 200 body as the error it is', async () => {
    upstream.behaviour = { inBandError: { error_code: 336003, error_msg: 'messages length must be odd' } };
    const failed = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] }).catch((error: unknown) => error);
    expect(failed).toMatchObject({ status: 400, type: 'invalid_request_error' });
  });

  it('passes the channel test through the adaptor', async () => {
    const result = await f.app.inject({ method: 'GET', url: `/api/channel/test/${channelId}?model=${MODEL}`, headers: { cookie: f.rootCookie } });
    expect(result.json()).toMatchObject({ success: true, message: 'Hello from baidu', model: MODEL });
  });

  it('exchanges the key again when Baidu reports the cached token expired (111), and the request succeeds', async () => {
    await f.ctx.options.set('AutomaticDisableChannelEnabled', 'true');
    const client = f.client(key);
    await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'warm the token cache' }] });
    const before = upstream.tokenExchanges;
    const tokensSent = () => upstream.received.filter((r) => r.path.includes('/chat/')).map((r) => new URL(r.path, 'http://fake').searchParams.get('access_token'));

    upstream.expireToken();
    const answer = await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] });
    expect(answer.choices[0]?.message.content).toBe('Hello from baidu');
    expect(upstream.tokenExchanges - before).toBe(1);
    expect(tokensSent().slice(-2)).toEqual(['24.fake-access-token', '24.fake-access-token.1']);

    // A stream asked with an expired token gets the in-band error as a JSON body instead: the same renewal.
    upstream.expireToken();
    const stream = await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], stream: true });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toBe('Hello from baidu');
    expect(upstream.tokenExchanges - before).toBe(2);
    expect(tokensSent().slice(-2)).toEqual(['24.fake-access-token.1', '24.fake-access-token.2']);

    await f.flush();
    expect(await lastLog()).toMatchObject({ channel_id: channelId, prompt_tokens: 12, completion_tokens: 6 });
    expect((await f.ctx.db.selectFrom('channels').select('status').where('id', '=', channelId).executeTakeFirstOrThrow()).status).toBe(1);
  });

  it('disables the channel on an in-band auth error when auto-disable is on', async () => {
    await f.ctx.options.set('AutomaticDisableChannelEnabled', 'true');
    upstream.behaviour = { inBandError: { error_code: 6, error_msg: 'No permission to access data' } };
    const before = upstream.tokenExchanges;
    const failed = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] }).catch((error: unknown) => error);
    expect(failed).toMatchObject({ status: 401, type: 'authentication_error', code: 'invalid_api_key' });
    // An auth refusal drops the token: asked once more with a new one, then counted as the channel's failure.
    expect(upstream.tokenExchanges - before).toBe(1);
    await expect.poll(async () => (await f.ctx.db.selectFrom('channels').select('status').where('id', '=', channelId).executeTakeFirstOrThrow()).status).toBe(3);
  });

  it('disables a channel whose key Baidu refuses to exchange', async () => {
    await f.ctx.options.set('AutomaticDisableChannelEnabled', 'true');
    upstream.behaviour = { refuseToken: true };
    const badId = await f.addChannel({ type: 15, name: 'baidu-bad', key: `BAD-${kind}|SK`, base_url: upstream.baseUrl, models: MODEL });
    const result = await f.app.inject({ method: 'GET', url: `/api/channel/test/${badId}?model=${MODEL}`, headers: { cookie: f.rootCookie } });
    expect(result.json()).toMatchObject({ success: false, message: expect.stringContaining('invalid_client') as unknown });
    expect((await f.ctx.db.selectFrom('channels').select('status').where('id', '=', badId).executeTakeFirstOrThrow()).status).toBe(3);
  });
});
