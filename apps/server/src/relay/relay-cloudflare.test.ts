import { ChannelStatus } from '@tollgate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatError } from '../../test/chat-error.js';
import { channelStatus, testChannel } from '../../test/channel-checks.js';
import { readChatStream } from '../../test/chat-stream.js';
import { lastConsumeLog } from '../../test/consume-log.js';
import { databaseKinds } from '../../test/databases.js';
import { FakeCloudflare, cloudflareEnvelope } from '../../test/fake-cloudflare.js';
import { providerSuite } from '../../test/provider-suite.js';
import { weatherToolRoundTrip } from '../../test/weather-tool.js';

const MODEL = '@cf/meta/llama-3.1-8b-instruct';
const EMBEDDING_MODEL = '@cf/baai/bge-base-en-v1.5';
const ACCOUNT = 'acc0123456789';

describe.each(databaseKinds)('Cloudflare Workers AI channels through the official OpenAI SDK on %s', (kind) => {
  const suite = providerSuite(kind, {
    upstream: () => new FakeCloudflare('cloudflare', ACCOUNT, 'cf-token'),
    modelRatio: { [MODEL]: 1, [EMBEDDING_MODEL]: 1 },
    channel: (upstream) => ({ type: 37, name: 'cloudflare', key: 'cf-token', base_url: upstream.baseUrl, config: JSON.stringify({ user_id: ACCOUNT }), models: `${MODEL},${EMBEDDING_MODEL}`, priority: 10 }),
    username: 'cfuser',
  });
  let spare: FakeCloudflare;
  beforeAll(async () => {
    spare = await new FakeCloudflare('spare', ACCOUNT, 'cf-token').start();
  });
  afterAll(() => spare.stop());

  it('passes a chat completion through the account URL with the token, bills the reported usage and logs it', async () => {
    const request = { model: MODEL, messages: [{ role: 'system' as const, content: 'Be brief.' }, { role: 'user' as const, content: 'hi' }], max_tokens: 64 };
    const answer = await suite.client().chat.completions.create(request);
    expect(answer).toMatchObject({ object: 'chat.completion', model: MODEL, usage: { prompt_tokens: 21, completion_tokens: 4, total_tokens: 25 } });
    expect(answer.choices[0]).toMatchObject({ message: { role: 'assistant', content: 'Hello from cloudflare' }, finish_reason: 'stop' });
    const sent = suite.upstream.received.at(-1);
    expect(sent?.path).toBe(`/client/v4/accounts/${ACCOUNT}/ai/v1/chat/completions`);
    expect(sent?.headers.authorization).toBe('Bearer cf-token');
    expect(sent?.json).toEqual(request);
    await suite.f.flush();
    const log = await lastConsumeLog(suite.f);
    expect(log).toMatchObject({ user_id: suite.userId, model_name: MODEL, channel_id: suite.channelId, prompt_tokens: 21, completion_tokens: 4 });
    expect(log.quota).toBeGreaterThan(0);
  });

  it('streams the chunks and counts the completion locally when Workers AI reports no usage', async () => {
    const stream = await suite.client().chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], stream: true });
    const read = await readChatStream(stream);
    expect(read.text).toBe('Hello from cloudflare');
    expect(read.finishReasons).toEqual(['stop']);
    await suite.f.flush();
    const log = await lastConsumeLog(suite.f);
    expect(Boolean(log.is_stream)).toBe(true);
    expect(log.prompt_tokens).toBeGreaterThan(0);
    expect(log.completion_tokens).toBeGreaterThan(0);
    expect(log.quota).toBeGreaterThan(0);
  });

  it('round-trips a tool call, streamed and not', async () => {
    const trip = await weatherToolRoundTrip(suite.client(), suite.upstream, { model: MODEL });
    expect(trip.first?.finish_reason).toBe('tool_calls');
    expect(trip.call).toMatchObject({ type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } });
    expect(JSON.parse(trip.streamed.toolArguments)).toEqual({ city: 'Paris' });
    expect(trip.second?.message.content).toBe('Hello from cloudflare');
    expect(trip.secondSent?.json?.messages).toHaveLength(3);
  });

  it('passes embeddings through and bills them', async () => {
    const answer = await suite.client().embeddings.create({ model: EMBEDDING_MODEL, input: ['a', 'b'], encoding_format: 'float' });
    expect(answer.data.map((d) => d.embedding)).toEqual([
      [0, 0.5],
      [1, 0.5],
    ]);
    expect(suite.upstream.received.at(-1)?.path).toBe(`/client/v4/accounts/${ACCOUNT}/ai/v1/embeddings`);
    await suite.f.flush();
    expect(await lastConsumeLog(suite.f)).toMatchObject({ model_name: EMBEDDING_MODEL, prompt_tokens: 3 });
  });

  it('passes the channel test, and fails it clearly when the account id is missing', async () => {
    expect(await testChannel(suite.f, suite.channelId, MODEL)).toMatchObject({ success: true, message: 'Hello from cloudflare', model: MODEL });
    const noAccount = await suite.f.addChannel({ type: 37, name: 'cf-no-account', key: 'cf-token', base_url: suite.upstream.baseUrl, models: 'unused-model', priority: 0 });
    expect(await testChannel(suite.f, noAccount)).toMatchObject({ success: false, message: expect.stringContaining('user_id') as unknown });
  });

  it('retries a 429 on another channel', async () => {
    await suite.f.ctx.options.set('RetryTimes', '1');
    const spareId = await suite.f.addChannel({ type: 37, name: 'cf-spare', key: 'cf-token', base_url: spare.baseUrl, config: JSON.stringify({ user_id: ACCOUNT }), models: MODEL, priority: 1 });
    suite.upstream.behaviour = { fail: { status: 429, body: cloudflareEnvelope(3036, 'you have used up your daily free allocation of 10,000 neurons') } };
    const answer = await suite.client().chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] });
    expect(answer.choices[0]?.message.content).toBe('Hello from spare');
    expect(await channelStatus(suite.f, suite.channelId)).toBe(ChannelStatus.Enabled);
    await suite.f.removeChannel(spareId);
  });

  it('answers an auth error in OpenAI shape and disables the channel when auto-disable is on', async () => {
    await suite.enableAutoDisable();
    suite.upstream.behaviour = { fail: { status: 401, body: cloudflareEnvelope(10000, 'Authentication error') } };
    expect(await chatError(suite.client(), MODEL)).toMatchObject({ status: 401, type: 'authentication_error', code: 'invalid_api_key', message: expect.stringContaining('Authentication error (code 10000)') as unknown });
    await expect.poll(() => channelStatus(suite.f, suite.channelId)).toBe(ChannelStatus.AutoDisabled);
  });
});
