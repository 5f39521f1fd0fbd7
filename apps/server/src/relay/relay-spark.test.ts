import { ChannelStatus } from '@tollgate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatError } from '../../test/chat-error.js';
import { channelStatus, testChannel, testEveryChannel } from '../../test/channel-checks.js';
import { readChatStream } from '../../test/chat-stream.js';
import { lastConsumeLog } from '../../test/consume-log.js';
import { PNG_1X1 } from '../../test/canonical-request.js';
import { databaseKinds } from '../../test/databases.js';
import { FakeSpark } from '../../test/fake-spark.js';
import { providerSuite } from '../../test/provider-suite.js';
import { askWeather, weatherTool } from '../../test/weather-tool.js';

const MODEL = 'Spark-Max';
const SECRET = 'MjlmNzkzNmZkMDQ2OTc0ZDdmNGE2ZTZi';
const API_KEY = 'fake-api-key';

describe.each(databaseKinds)('iFlytek Spark v1 channels (websocket) through the official OpenAI SDK on %s', (kind) => {
  const suite = providerSuite(kind, {
    upstream: () => new FakeSpark(SECRET, API_KEY),
    modelRatio: { [MODEL]: 1 },
    channel: (upstream) => ({ type: 18, name: 'spark', key: `APPID|${SECRET}|${API_KEY}`, base_url: upstream.baseUrl, models: MODEL, priority: 10 }),
    username: 'sparkuser',
  });
  let spare: FakeSpark;
  beforeAll(async () => {
    spare = await new FakeSpark(SECRET, API_KEY).start();
  });
  afterAll(() => spare.stop());

  it('collects the frames of a non-stream answer on a signed URL, bills it and logs it', async () => {
    const answer = await suite.client().chat.completions.create({ model: MODEL, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hi' }], temperature: 0.5, max_tokens: 100 });
    expect(answer).toMatchObject({ object: 'chat.completion', model: MODEL, usage: { prompt_tokens: 12, completion_tokens: 6, total_tokens: 18 } });
    expect(answer.choices[0]).toMatchObject({ message: { role: 'assistant', content: 'Hello from spark' }, finish_reason: 'stop' });
    const sent = suite.upstream.received.at(-1);
    expect(sent?.path).toBe('/v3.5/chat');
    expect(sent?.frame).toEqual({
      header: { app_id: 'APPID' },
      parameter: { chat: { domain: 'generalv3.5', temperature: 0.5, max_tokens: 100 } },
      payload: { message: { text: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hi' }] } },
    });
    await suite.f.flush();
    const log = await lastConsumeLog(suite.f);
    expect(log).toMatchObject({ user_id: suite.userId, model_name: MODEL, channel_id: suite.channelId, prompt_tokens: 12, completion_tokens: 6 });
    expect(log.quota).toBeGreaterThan(0);
  });

  it('streams the frames as chunks with usage in the last one, bills the stream and closes the socket', async () => {
    const stream = await suite.client().chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } });
    const read = await readChatStream(stream);
    expect(read.text).toBe('Hello from spark');
    expect(read.usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 6, total_tokens: 18 });
    await suite.f.flush();
    const log = await lastConsumeLog(suite.f);
    expect(log).toMatchObject({ prompt_tokens: 12, completion_tokens: 6 });
    expect(Boolean(log.is_stream)).toBe(true);
    await expect.poll(() => suite.upstream.openSockets).toBe(0);
  });

  it('sends tools as Spark functions and answers the function call as a tool call', async () => {
    suite.upstream.behaviour = { functionCall: true };
    const answer = await suite.client().chat.completions.create({ model: MODEL, messages: [askWeather], tools: [weatherTool] });
    expect((suite.upstream.received.at(-1)?.frame?.payload as { functions?: unknown }).functions).toEqual({ text: [weatherTool.function] });
    expect(answer.choices[0]?.finish_reason).toBe('tool_calls');
    expect(answer.choices[0]?.message.tool_calls?.[0]).toMatchObject({ type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } });
  });

  it('sends a request with an image to the image understanding service, the image first, and bills it', async () => {
    const question = { type: 'text' as const, text: 'What is in this image?' };
    const image = { type: 'image_url' as const, image_url: { url: `data:image/png;base64,${PNG_1X1}` } };
    const answer = await suite.client().chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: [question, image] }], max_tokens: 200 });
    expect(answer.choices[0]?.message.content).toBe('Hello from spark');
    const sent = suite.upstream.received.at(-1);
    expect(sent?.path).toBe('/v2.1/image');
    expect(sent?.frame).toEqual({
      header: { app_id: 'APPID' },
      parameter: { chat: { domain: 'imagev3', max_tokens: 200 } },
      payload: { message: { text: [{ role: 'user', content: PNG_1X1, content_type: 'image' }, { role: 'user', content: 'What is in this image?', content_type: 'text' }] } },
    });
    await suite.f.flush();
    expect(await lastConsumeLog(suite.f)).toMatchObject({ model_name: MODEL, channel_id: suite.channelId, prompt_tokens: 12, completion_tokens: 6 });
    const calls = suite.upstream.received.length;
    const two = await chatError(suite.client(), MODEL, { messages: [{ role: 'user', content: [question, image, image] }] });
    expect(two).toMatchObject({ status: 400, code: 'unsupported_parameter', message: expect.stringMatching(/more than one image is not supported by channel #\d+ \(iFlytek Spark\)/) as unknown });
    expect(suite.upstream.received.length).toBe(calls);
  });

  it('passes the channel test through the websocket', async () => {
    expect(await testChannel(suite.f, suite.channelId, MODEL)).toMatchObject({ success: true, message: 'Hello from spark', model: MODEL });
  });

  it('retries an in-band rate limit on another channel', async () => {
    await suite.f.ctx.options.set('RetryTimes', '1');
    const spareId = await suite.f.addChannel({ type: 18, name: 'spark-spare', key: `APPID|${SECRET}|${API_KEY}`, base_url: spare.baseUrl, models: MODEL, priority: 1 });
    suite.upstream.behaviour = { inBandError: { code: 11202, message: 'licc limit' } };
    const answer = await suite.client().chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] });
    expect(answer.choices[0]?.message.content).toBe('Hello from spark');
    expect(spare.received).toHaveLength(1);
    expect(await channelStatus(suite.f, suite.channelId)).toBe(ChannelStatus.Enabled);
    await suite.f.removeChannel(spareId);
  });

  it('answers an in-band error of the first frame with the status its code stands for', async () => {
    suite.upstream.behaviour = { inBandError: { code: 10907, message: 'token number exceeds the limit' } };
    expect(await chatError(suite.client(), MODEL, { stream: true })).toMatchObject({ status: 400, type: 'invalid_request_error', code: 'context_length_exceeded' });
  });

  it('disables a channel whose signature the handshake refuses, when auto-disable is on', async () => {
    await suite.enableAutoDisable();
    const badId = await suite.f.addChannel({ type: 18, name: 'spark-bad', key: `APPID|wrong-secret|${API_KEY}`, base_url: suite.upstream.baseUrl, models: 'Spark-Lite' });
    expect(await testChannel(suite.f, badId, 'Spark-Lite')).toMatchObject({ success: false, message: expect.stringContaining('HMAC signature cannot be verified') as unknown });
    // Testing that one channel only reports; a run over every channel applies the health rules.
    expect(await channelStatus(suite.f, badId)).toBe(ChannelStatus.Enabled);
    await testEveryChannel(suite.f);
    expect(await channelStatus(suite.f, badId)).toBe(ChannelStatus.AutoDisabled);
  });
});
