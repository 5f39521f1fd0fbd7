import { ChannelStatus } from '@tollgate/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { chatError } from '../../test/chat-error.js';
import { channelStatus, testChannel } from '../../test/channel-checks.js';
import { readChatStream } from '../../test/chat-stream.js';
import { lastConsumeLog } from '../../test/consume-log.js';
import { databaseKinds } from '../../test/databases.js';
import { FakeZhipu } from '../../test/fake-zhipu.js';
import { providerSuite } from '../../test/provider-suite.js';

const MODEL = 'glm-4';
const EMBEDDING_MODEL = 'embedding-3';
const V3_MODEL = 'chatglm_turbo';
const IMAGE_MODEL = 'cogview-3';

/** Zhipu v4 speaks OpenAI's wire format on /api/paas/v4 (the fake's OpenAI part); v3 its own. */
describe.each(databaseKinds)('Zhipu channels through the official OpenAI SDK on %s', (kind) => {
  const suite = providerSuite(kind, {
    upstream: () => new FakeZhipu('zhipu'),
    modelRatio: { [MODEL]: 1, [EMBEDDING_MODEL]: 1, [V3_MODEL]: 1, [IMAGE_MODEL]: 1 },
    channel: (upstream) => ({ type: 16, name: 'zhipu', key: 'myid.mysecret', base_url: upstream.baseUrl, models: `${MODEL},${EMBEDDING_MODEL},${V3_MODEL},${IMAGE_MODEL}` }),
    username: 'zhipuuser',
  });
  // The v3 failure sits beside the OpenAI-part behaviour the suite resets.
  afterEach(() => {
    suite.upstream.v3Failure = undefined;
  });

  it('sends the chat to /api/paas/v4 with a signed JWT, bills it and logs it', async () => {
    const answer = await suite.client().chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], temperature: 1.5 });
    expect(answer.choices[0]?.message.content).toBe('Hello from zhipu');
    const sent = suite.upstream.received.at(-1);
    expect(sent?.path).toBe('/api/paas/v4/chat/completions');
    expect(sent?.json).toMatchObject({ model: MODEL, temperature: 1 });
    const token = String(sent?.headers.authorization);
    expect(JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString())).toMatchObject({ api_key: 'myid' });
    await suite.f.flush();
    const log = await lastConsumeLog(suite.f);
    expect(log).toMatchObject({ user_id: suite.userId, model_name: MODEL, channel_id: suite.channelId, prompt_tokens: 10, completion_tokens: 5 });
    expect(log.quota).toBeGreaterThan(0);
  });

  it('streams the chunks with usage in the last one, and bills the stream', async () => {
    const stream = await suite.client().chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } });
    const read = await readChatStream(stream);
    expect(read.text).toBe('part0 part1 part2 ');
    expect(read.usage).toMatchObject({ prompt_tokens: 10, completion_tokens: 5 });
    await suite.f.flush();
    const log = await lastConsumeLog(suite.f);
    expect(log).toMatchObject({ model_name: MODEL, prompt_tokens: 10, completion_tokens: 5 });
    expect(Boolean(log.is_stream)).toBe(true);
  });

  it('sends embeddings to /api/paas/v4/embeddings with a single input', async () => {
    const answer = await suite.client().embeddings.create({ model: EMBEDDING_MODEL, input: ['hello'], encoding_format: 'float' });
    expect(answer.data[0]?.embedding).toEqual([0.1, 0.2, 0.3]);
    expect(suite.upstream.received.at(-1)).toMatchObject({ path: '/api/paas/v4/embeddings', json: { model: EMBEDDING_MODEL, input: 'hello' } });
    await suite.f.flush();
    expect(await lastConsumeLog(suite.f)).toMatchObject({ model_name: EMBEDDING_MODEL, prompt_tokens: 8 });
  });

  it('sends a legacy v3 model to model-api invoke, converts the answer, bills and logs it', async () => {
    const answer = await suite.client().chat.completions.create({ model: V3_MODEL, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hi' }], temperature: 0.3 });
    expect(answer).toMatchObject({ id: 'chatcmpl-v3req', object: 'chat.completion', usage: { prompt_tokens: 11, completion_tokens: 4, total_tokens: 15 } });
    expect(answer.choices[0]).toMatchObject({ message: { role: 'assistant', content: ' Hello from zhipu v3' }, finish_reason: 'stop' });
    const sent = suite.upstream.received.at(-1);
    expect(sent?.path).toBe(`/api/paas/v3/model-api/${V3_MODEL}/invoke`);
    expect(sent?.json).toEqual({ prompt: [{ role: 'user', content: 'Be brief.\nhi' }], temperature: 0.3 });
    expect(JSON.parse(Buffer.from(String(sent?.headers.authorization).split('.')[1] ?? '', 'base64url').toString())).toMatchObject({ api_key: 'myid' });
    await suite.f.flush();
    const log = await lastConsumeLog(suite.f);
    expect(log).toMatchObject({ model_name: V3_MODEL, prompt_tokens: 11, completion_tokens: 4 });
    expect(log.quota).toBeGreaterThan(0);
  });

  it('streams a legacy v3 model through sse-invoke: raw-text events re-framed, usage from the meta line', async () => {
    const stream = await suite.client().chat.completions.create({ model: V3_MODEL, messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } });
    const read = await readChatStream(stream);
    expect(read.text).toBe(' Hello from zhipu v3');
    expect(read.finishReasons).toEqual(['stop']);
    expect(read.usage).toMatchObject({ prompt_tokens: 11, completion_tokens: 4 });
    expect(suite.upstream.received.at(-1)).toMatchObject({ path: `/api/paas/v3/model-api/${V3_MODEL}/sse-invoke`, json: { incremental: true } });
    await suite.f.flush();
    const log = await lastConsumeLog(suite.f);
    expect(log).toMatchObject({ model_name: V3_MODEL, prompt_tokens: 11, completion_tokens: 4 });
    expect(Boolean(log.is_stream)).toBe(true);
  });

  it('reads a v3 error inside a 200 answer as the status its code stands for', async () => {
    suite.upstream.v3Failure = { code: 1302, msg: '您当前使用该API的并发数过高' };
    expect(await chatError(suite.client(), V3_MODEL)).toMatchObject({ status: 429, type: 'rate_limit_error', code: 'rate_limit_exceeded' });
  });

  it('generates CogView images through /api/paas/v4/images/generations, billed and logged', async () => {
    const answer = await suite.client().images.generate({ model: IMAGE_MODEL, prompt: 'a cat', size: '1024x1024' });
    expect(answer.data?.[0]?.url).toBe('https://images.example/zhipu/0.png');
    expect(suite.upstream.received.at(-1)).toMatchObject({ path: '/api/paas/v4/images/generations', json: { model: IMAGE_MODEL, prompt: 'a cat', size: '1024x1024' } });
    await suite.f.flush();
    const log = await lastConsumeLog(suite.f);
    expect(log).toMatchObject({ model_name: IMAGE_MODEL, channel_id: suite.channelId });
    expect(log.quota).toBeGreaterThan(0);
  });

  it('passes the channel test through the adaptor', async () => {
    expect(await testChannel(suite.f, suite.channelId, MODEL)).toMatchObject({ success: true, message: 'Hello from zhipu', model: MODEL });
    expect(suite.upstream.received.at(-1)?.path).toBe('/api/paas/v4/chat/completions');
  });

  it('answers an auth failure in OpenAI shape and disables the channel when auto-disable is on', async () => {
    await suite.enableAutoDisable();
    suite.upstream.behaviour = { fail: { status: 401, body: { error: { code: '1002', message: 'Authorization Token非法，请确认Authorization Token正确传递。' } } } };
    expect(await chatError(suite.client(), MODEL)).toMatchObject({ status: 401, type: 'authentication_error', code: 'invalid_api_key' });
    await expect.poll(() => channelStatus(suite.f, suite.channelId)).toBe(ChannelStatus.AutoDisabled);
  });
});
