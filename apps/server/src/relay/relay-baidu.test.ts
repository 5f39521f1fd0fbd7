import { ChannelStatus } from '@tollgate/contract';
import { describe, expect, it } from 'vitest';
import { chatError } from '../../test/chat-error.js';
import { channelStatus, testChannel, testEveryChannel } from '../../test/channel-checks.js';
import { readChatStream } from '../../test/chat-stream.js';
import { lastConsumeLog } from '../../test/consume-log.js';
import { databaseKinds } from '../../test/databases.js';
import { FakeBaidu } from '../../test/fake-baidu.js';
import { providerSuite } from '../../test/provider-suite.js';

const MODEL = 'ERNIE-4.0-8K';
const EMBEDDING_MODEL = 'Embedding-V1';

describe.each(databaseKinds)('Baidu Qianfan v1 channels through the official OpenAI SDK on %s', (kind) => {
  const suite = providerSuite(kind, {
    upstream: () => new FakeBaidu(),
    modelRatio: { [MODEL]: 1, [EMBEDDING_MODEL]: 1 },
    // A key per database run: the token cache is per process, and each run must see its own exchange.
    channel: (upstream) => ({ type: 15, name: 'baidu', key: `AK-${kind}|SK`, base_url: upstream.baseUrl, models: `${MODEL},${EMBEDDING_MODEL}` }),
    username: 'baiduuser',
  });

  it('exchanges the key once, converts a chat completion both ways, bills it and logs it', async () => {
    const client = suite.client();
    const answer = await client.chat.completions.create({ model: MODEL, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hi' }], temperature: 0 });
    await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'again' }] });
    expect(suite.upstream.tokenExchanges).toBe(1);
    expect(answer).toMatchObject({ object: 'chat.completion', model: MODEL, usage: { prompt_tokens: 12, completion_tokens: 6, total_tokens: 18 } });
    expect(answer.choices[0]).toMatchObject({ message: { role: 'assistant', content: 'Hello from baidu' }, finish_reason: 'stop' });
    const sent = suite.upstream.received.filter((r) => r.path.includes('/chat/')).at(-2);
    expect(sent?.path).toBe('/rpc/2.0/ai_custom/v1/wenxinworkshop/chat/completions_pro?access_token=24.fake-access-token');
    expect(sent?.json).toEqual({ messages: [{ role: 'user', content: 'hi' }], system: 'Be brief.', stream: false, temperature: 0.01 });
    await suite.f.flush();
    const log = await lastConsumeLog(suite.f);
    expect(log).toMatchObject({ user_id: suite.userId, model_name: MODEL, channel_id: suite.channelId, prompt_tokens: 12, completion_tokens: 6 });
    expect(log.quota).toBeGreaterThan(0);
  });

  it('streams the converted frames with usage in the last chunk, and bills the stream', async () => {
    const stream = await suite.client().chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } });
    const read = await readChatStream(stream);
    expect(read.text).toBe('Hello from baidu');
    expect(read.usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 6 });
    await suite.f.flush();
    const log = await lastConsumeLog(suite.f);
    expect(log).toMatchObject({ prompt_tokens: 12, completion_tokens: 6 });
    expect(Boolean(log.is_stream)).toBe(true);
  });

  it('converts embeddings and bills the reported prompt count', async () => {
    const answer = await suite.client().embeddings.create({ model: EMBEDDING_MODEL, input: ['a', 'b'], encoding_format: 'float' });
    expect(answer.data.map((d) => d.embedding)).toEqual([
      [0, 0.5],
      [1, 0.5],
    ]);
    expect(suite.upstream.received.at(-1)?.path).toMatch(/^\/rpc\/2\.0\/ai_custom\/v1\/wenxinworkshop\/embeddings\/embedding-v1\?access_token=/);
    await suite.f.flush();
    expect(await lastConsumeLog(suite.f)).toMatchObject({ model_name: EMBEDDING_MODEL, prompt_tokens: 5 });
  });

  it('answers an in-band error of an HTTP 200 body as the error it is', async () => {
    suite.upstream.behaviour = { inBandError: { error_code: 336003, error_msg: 'messages length must be odd' } };
    expect(await chatError(suite.client(), MODEL)).toMatchObject({ status: 400, type: 'invalid_request_error' });
  });

  it('passes the channel test through the adaptor', async () => {
    expect(await testChannel(suite.f, suite.channelId, MODEL)).toMatchObject({ success: true, message: 'Hello from baidu', model: MODEL });
  });

  it('exchanges the key again when Baidu reports the cached token expired (111), and the request succeeds', async () => {
    await suite.enableAutoDisable();
    const client = suite.client();
    await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'warm the token cache' }] });
    const before = suite.upstream.tokenExchanges;
    const tokensSent = () => suite.upstream.received.filter((r) => r.path.includes('/chat/')).map((r) => new URL(r.path, 'http://fake').searchParams.get('access_token'));

    suite.upstream.expireToken();
    const answer = await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] });
    expect(answer.choices[0]?.message.content).toBe('Hello from baidu');
    expect(suite.upstream.tokenExchanges - before).toBe(1);
    expect(tokensSent().slice(-2)).toEqual(['24.fake-access-token', '24.fake-access-token.1']);

    // A stream asked with an expired token gets the in-band error as a JSON body instead: the same renewal.
    suite.upstream.expireToken();
    const stream = await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], stream: true });
    expect((await readChatStream(stream)).text).toBe('Hello from baidu');
    expect(suite.upstream.tokenExchanges - before).toBe(2);
    expect(tokensSent().slice(-2)).toEqual(['24.fake-access-token.1', '24.fake-access-token.2']);

    await suite.f.flush();
    expect(await lastConsumeLog(suite.f)).toMatchObject({ channel_id: suite.channelId, prompt_tokens: 12, completion_tokens: 6 });
    expect(await channelStatus(suite.f, suite.channelId)).toBe(ChannelStatus.Enabled);
  });

  it('disables the channel on an in-band auth error when auto-disable is on', async () => {
    await suite.enableAutoDisable();
    suite.upstream.behaviour = { inBandError: { error_code: 6, error_msg: 'No permission to access data' } };
    const before = suite.upstream.tokenExchanges;
    expect(await chatError(suite.client(), MODEL)).toMatchObject({ status: 401, type: 'authentication_error', code: 'invalid_api_key' });
    // An auth refusal drops the token: asked once more with a new one, then counted as the channel's failure.
    expect(suite.upstream.tokenExchanges - before).toBe(1);
    await expect.poll(() => channelStatus(suite.f, suite.channelId)).toBe(ChannelStatus.AutoDisabled);
  });

  it('disables a channel whose key Baidu refuses to exchange', async () => {
    await suite.enableAutoDisable();
    suite.upstream.behaviour = { refuseToken: true };
    const badId = await suite.f.addChannel({ type: 15, name: 'baidu-bad', key: `BAD-${kind}|SK`, base_url: suite.upstream.baseUrl, models: MODEL });
    expect(await testChannel(suite.f, badId, MODEL)).toMatchObject({ success: false, message: expect.stringContaining('invalid_client') as unknown });
    // Testing that one channel only reports; a run over every channel applies the health rules.
    expect(await channelStatus(suite.f, badId)).toBe(ChannelStatus.Enabled);
    await testEveryChannel(suite.f);
    expect(await channelStatus(suite.f, badId)).toBe(ChannelStatus.AutoDisabled);
  });
});
