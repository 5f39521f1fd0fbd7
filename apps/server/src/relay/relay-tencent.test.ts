import { ChannelStatus } from '@tollgate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatError } from '../../test/chat-error.js';
import { channelStatus, testChannel, testEveryChannel } from '../../test/channel-checks.js';
import { readChatStream } from '../../test/chat-stream.js';
import { lastConsumeLog } from '../../test/consume-log.js';
import { databaseKinds } from '../../test/databases.js';
import { FakeTencent } from '../../test/fake-tencent.js';
import { providerSuite } from '../../test/provider-suite.js';
import { askWeather, weatherTool } from '../../test/weather-tool.js';

const MODEL = 'hunyuan-lite';
const EMBEDDING_MODEL = 'hunyuan-embedding';
const SECRET_ID = 'AKIDfakeSecretId';
const SECRET_KEY = 'fakeSecretKey';

describe.each(databaseKinds)('Tencent Hunyuan channels (TC3-signed API 3.0) through the official OpenAI SDK on %s', (kind) => {
  const suite = providerSuite(kind, {
    upstream: () => new FakeTencent(SECRET_ID, SECRET_KEY),
    modelRatio: { [MODEL]: 1, [EMBEDDING_MODEL]: 1 },
    channel: (upstream) => ({
      type: 23,
      name: 'hunyuan',
      key: `1250000000|${SECRET_ID}|${SECRET_KEY}`,
      base_url: upstream.baseUrl,
      config: JSON.stringify({ region: 'ap-guangzhou' }),
      models: `${MODEL},${EMBEDDING_MODEL}`,
      priority: 10,
    }),
    username: 'hunyuanuser',
  });
  let spare: FakeTencent;
  beforeAll(async () => {
    spare = await new FakeTencent(SECRET_ID, SECRET_KEY).start();
  });
  afterAll(() => spare.stop());

  it('signs a converted chat completion, converts the answer back, bills it and logs it', async () => {
    const answer = await suite.client().chat.completions.create({ model: MODEL, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hi' }], temperature: 0.5 });
    expect(answer).toMatchObject({ object: 'chat.completion', model: MODEL, usage: { prompt_tokens: 12, completion_tokens: 6, total_tokens: 18 } });
    expect(answer.choices[0]).toMatchObject({ message: { role: 'assistant', content: 'Hello from hunyuan' }, finish_reason: 'stop' });
    const sent = suite.upstream.received.at(-1);
    expect(sent?.path).toBe('/');
    expect(sent?.headers).toMatchObject({ 'x-tc-action': 'ChatCompletions', 'x-tc-version': '2023-09-01', 'x-tc-region': 'ap-guangzhou', 'content-type': 'application/json' });
    expect(sent?.json).toEqual({ Model: MODEL, Messages: [{ Role: 'system', Content: 'Be brief.' }, { Role: 'user', Content: 'hi' }], Stream: false, Temperature: 0.5 });
    await suite.f.flush();
    const log = await lastConsumeLog(suite.f);
    expect(log).toMatchObject({ user_id: suite.userId, model_name: MODEL, channel_id: suite.channelId, prompt_tokens: 12, completion_tokens: 6 });
    expect(log.quota).toBeGreaterThan(0);
  });

  it('streams the SSE events as chunks with usage in the last one, and bills the stream', async () => {
    const stream = await suite.client().chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } });
    const read = await readChatStream(stream);
    expect(read.text).toBe('Hello from hunyuan');
    expect(read.usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 6, total_tokens: 18 });
    await suite.f.flush();
    const log = await lastConsumeLog(suite.f);
    expect(log).toMatchObject({ prompt_tokens: 12, completion_tokens: 6 });
    expect(Boolean(log.is_stream)).toBe(true);
  });

  it('sends tools with Parameters as a JSON string and answers the tool call', async () => {
    suite.upstream.behaviour = { toolCall: true };
    const answer = await suite.client().chat.completions.create({ model: MODEL, messages: [askWeather], tools: [weatherTool] });
    expect(suite.upstream.received.at(-1)?.json).toMatchObject({ Tools: [{ Type: 'function', Function: { Name: 'get_weather', Parameters: JSON.stringify(weatherTool.function.parameters) } }], ToolChoice: 'auto' });
    expect(answer.choices[0]).toMatchObject({ finish_reason: 'tool_calls', message: { tool_calls: [{ id: 'call_hy1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] } });
  });

  it('converts embeddings through GetEmbedding and bills the reported prompt count', async () => {
    const answer = await suite.client().embeddings.create({ model: EMBEDDING_MODEL, input: ['a', 'b'], encoding_format: 'float' });
    expect(answer.data.map((d) => d.embedding)).toEqual([
      [0, 0.5],
      [1, 0.5],
    ]);
    expect(suite.upstream.received.at(-1)?.headers['x-tc-action']).toBe('GetEmbedding');
    expect(suite.upstream.received.at(-1)?.json).toEqual({ InputList: ['a', 'b'] });
    await suite.f.flush();
    expect(await lastConsumeLog(suite.f)).toMatchObject({ model_name: EMBEDDING_MODEL, prompt_tokens: 5 });
  });

  it('passes the channel test through the adaptor', async () => {
    expect(await testChannel(suite.f, suite.channelId, MODEL)).toMatchObject({ success: true, message: 'Hello from hunyuan', model: MODEL });
  });

  it('answers an error in a 200 body with the status its code stands for, stream or not', async () => {
    suite.upstream.behaviour = { inBandError: { Code: 'InvalidParameterValue.Model', Message: 'model does not exist' } };
    expect(await chatError(suite.client(), MODEL)).toMatchObject({ status: 400, type: 'invalid_request_error', code: 'model_not_found' });
    const streamFailed = await chatError(suite.client(), MODEL, { stream: true });
    expect(streamFailed).toMatchObject({ status: 400, type: 'invalid_request_error', code: 'model_not_found' });
  });

  it('retries a rate limit on another channel', async () => {
    await suite.f.ctx.options.set('RetryTimes', '1');
    const spareId = await suite.f.addChannel({ type: 23, name: 'hunyuan-spare', key: `1|${SECRET_ID}|${SECRET_KEY}`, base_url: spare.baseUrl, models: MODEL, priority: 1 });
    suite.upstream.behaviour = { inBandError: { Code: 'RequestLimitExceeded', Message: 'too many requests' } };
    const stream = await suite.client().chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], stream: true });
    expect((await readChatStream(stream)).text).toBe('Hello from hunyuan');
    expect(spare.received).toHaveLength(1);
    expect(await channelStatus(suite.f, suite.channelId)).toBe(ChannelStatus.Enabled);
    await suite.f.removeChannel(spareId);
  });

  it('disables a channel whose signature Tencent refuses, when auto-disable is on', async () => {
    await suite.enableAutoDisable();
    const badId = await suite.f.addChannel({ type: 23, name: 'hunyuan-bad', key: `1|${SECRET_ID}|wrong-key`, base_url: suite.upstream.baseUrl, models: 'hunyuan-pro' });
    expect(await testChannel(suite.f, badId, 'hunyuan-pro')).toMatchObject({ success: false, message: expect.stringContaining('AuthFailure.SignatureFailure') as unknown });
    // Testing that one channel only reports; a run over every channel applies the health rules.
    expect(await channelStatus(suite.f, badId)).toBe(ChannelStatus.Enabled);
    await testEveryChannel(suite.f);
    expect(await channelStatus(suite.f, badId)).toBe(ChannelStatus.AutoDisabled);
  });
});
