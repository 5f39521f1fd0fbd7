import { ChannelStatus } from '@tollgate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatError } from '../../test/chat-error.js';
import { channelStatus, testChannel } from '../../test/channel-checks.js';
import { readChatStream } from '../../test/chat-stream.js';
import { lastConsumeLog } from '../../test/consume-log.js';
import { databaseKinds } from '../../test/databases.js';
import { FakeBedrock } from '../../test/fake-bedrock.js';
import { providerSuite } from '../../test/provider-suite.js';
import { weatherTool, weatherToolRoundTrip } from '../../test/weather-tool.js';

const CLAUDE = 'claude-3-5-sonnet-20241022';
const LLAMA = 'llama3-8b-8192';
/** Neither Claude nor Llama 3: served through Converse. */
const NOVA = 'amazon.nova-lite-v1:0';
/** Served by a failing channel first (higher priority), then by a working one. */
const RETRY_MODEL = 'claude-3-haiku-20240307';
/** Served only by the channel whose secret key is wrong. */
const BAD_KEY_MODEL = 'claude-3-opus-20240229';
const CREDENTIALS = { accessKeyId: 'AKIDFAKEBEDROCK', secretAccessKey: 'fake/secret+key', region: 'us-west-2' };
// As the console sends it: no key, the credentials in the config fields.
const CONFIG = { region: CREDENTIALS.region, ak: CREDENTIALS.accessKeyId, sk: CREDENTIALS.secretAccessKey };

describe.each(databaseKinds)('AWS Bedrock channels through the official OpenAI SDK on %s', (kind) => {
  const suite = providerSuite(kind, {
    upstream: () => new FakeBedrock('bedrock', CREDENTIALS),
    modelRatio: { [CLAUDE]: 1, [LLAMA]: 1, [NOVA]: 1, [RETRY_MODEL]: 1, [BAD_KEY_MODEL]: 1 },
    channel: (upstream) => ({ type: 33, name: 'bedrock', key: '', config: CONFIG, base_url: upstream.baseUrl, models: `${CLAUDE},${LLAMA},${NOVA},${RETRY_MODEL}` }),
    username: 'bedrockuser',
  });
  let failing: FakeBedrock;
  let failingChannelId: number;
  let badChannelId: number;

  beforeAll(async () => {
    failing = await new FakeBedrock('bedrock-down', CREDENTIALS).start();
    failing.behaviour = { fail: { status: 503, name: 'ServiceUnavailableException', message: 'Bedrock is unable to process your request.' } };
    failingChannelId = await suite.f.addChannel({ type: 33, name: 'bedrock-down', key: '', config: CONFIG, base_url: failing.baseUrl, models: RETRY_MODEL, priority: 10 });
    badChannelId = await suite.f.addChannel({ type: 33, name: 'bedrock-bad', key: '', config: { ...CONFIG, sk: 'wrong-secret' }, base_url: suite.upstream.baseUrl, models: BAD_KEY_MODEL });
  });
  afterAll(() => failing.stop());

  it('signs a Claude InvokeModel call, converts it both ways, bills it and logs it', async () => {
    const answer = await suite.client().chat.completions.create({ model: CLAUDE, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hi' }], max_tokens: 100, temperature: 0.2 });
    expect(answer).toMatchObject({ object: 'chat.completion', usage: { prompt_tokens: 14, completion_tokens: 7, total_tokens: 21 } });
    expect(answer.choices[0]).toMatchObject({ message: { role: 'assistant', content: 'Hello from bedrock' }, finish_reason: 'stop' });
    const sent = suite.upstream.received.at(-1);
    expect(sent?.path).toBe('/model/anthropic.claude-3-5-sonnet-20241022-v2%3A0/invoke');
    expect(sent?.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDFAKEBEDROCK\/\d{8}\/us-west-2\/bedrock\/aws4_request, /);
    expect(sent?.json).toEqual({ anthropic_version: 'bedrock-2023-05-31', max_tokens: 100, temperature: 0.2, system: 'Be brief.', messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] });
    await suite.f.flush();
    const log = await lastConsumeLog(suite.f);
    expect(log).toMatchObject({ user_id: suite.userId, model_name: CLAUDE, channel_id: suite.channelId, prompt_tokens: 14, completion_tokens: 7 });
    expect(log.quota).toBeGreaterThan(0);
  });

  it('decodes the event-stream frames into chunks with usage in the last one, and bills the stream', async () => {
    const stream = await suite.client().chat.completions.create({ model: CLAUDE, messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } });
    const read = await readChatStream(stream);
    expect(read.text).toBe('Hello from bedrock');
    expect(read.finishReasons).toEqual(['stop']);
    expect(read.usage).toMatchObject({ prompt_tokens: 14, completion_tokens: 7 });
    expect(suite.upstream.received.at(-1)?.path).toBe('/model/anthropic.claude-3-5-sonnet-20241022-v2%3A0/invoke-with-response-stream');
    await suite.f.flush();
    const log = await lastConsumeLog(suite.f);
    expect(log).toMatchObject({ model_name: CLAUDE, channel_id: suite.channelId, prompt_tokens: 14, completion_tokens: 7 });
    expect(Boolean(log.is_stream)).toBe(true);
  });

  it('round-trips a Claude tool call, streamed and not', async () => {
    const trip = await weatherToolRoundTrip(suite.client(), suite.upstream, { model: CLAUDE });
    expect(trip.first?.finish_reason).toBe('tool_calls');
    expect(trip.call).toMatchObject({ id: 'toolu_bdrk_01', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } });
    expect(JSON.parse(trip.streamed.toolArguments)).toEqual({ city: 'Paris' });
    expect(trip.second?.message.content).toBe('Paris: {"temp_c":18}');
    expect((trip.secondSent?.json?.messages as unknown[]).slice(1)).toEqual([
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_bdrk_01', name: 'get_weather', input: { city: 'Paris' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_bdrk_01', content: '{"temp_c":18}' }] },
    ]);
  });

  it('serves Llama 3 with its prompt template, streamed and not', async () => {
    const client = suite.client();
    const answer = await client.chat.completions.create({ model: LLAMA, messages: [{ role: 'user', content: 'hi' }] });
    expect(answer).toMatchObject({ model: LLAMA, choices: [{ message: { content: 'Hello from bedrock' }, finish_reason: 'stop' }], usage: { prompt_tokens: 11, completion_tokens: 5 } });
    expect(suite.upstream.received.at(-1)).toMatchObject({
      path: '/model/meta.llama3-8b-instruct-v1%3A0/invoke',
      json: { prompt: '<|begin_of_text|><|start_header_id|>user<|end_header_id|>\n\nhi<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\n', max_gen_len: 2048 },
    });
    const stream = await client.chat.completions.create({ model: LLAMA, messages: [{ role: 'user', content: 'hi' }], stream: true });
    expect((await readChatStream(stream)).text).toBe('Hello from bedrock');
    await suite.f.flush();
    expect(await lastConsumeLog(suite.f)).toMatchObject({ model_name: LLAMA, prompt_tokens: 11, completion_tokens: 5 });
  });

  it('serves other models through Converse: text, a streamed tool call, billed', async () => {
    const client = suite.client();
    const answer = await client.chat.completions.create({ model: NOVA, messages: [{ role: 'user', content: 'hi' }], max_tokens: 50 });
    expect(answer).toMatchObject({ model: NOVA, choices: [{ message: { content: 'Hello from bedrock' }, finish_reason: 'stop' }], usage: { prompt_tokens: 9, completion_tokens: 4 } });
    expect(suite.upstream.received.at(-1)).toMatchObject({ path: '/model/amazon.nova-lite-v1%3A0/converse', json: { messages: [{ role: 'user', content: [{ text: 'hi' }] }], inferenceConfig: { maxTokens: 50 } } });
    const stream = await client.chat.completions.create({ model: NOVA, messages: [{ role: 'user', content: 'Weather in Paris?' }], tools: [weatherTool], stream: true, stream_options: { include_usage: true } });
    const read = await readChatStream(stream);
    expect(JSON.parse(read.toolArguments)).toEqual({ city: 'Paris' });
    expect(read.usage).toMatchObject({ prompt_tokens: 9, completion_tokens: 4 });
    expect(suite.upstream.received.at(-1)?.path).toBe('/model/amazon.nova-lite-v1%3A0/converse-stream');
    await suite.f.flush();
    expect(await lastConsumeLog(suite.f)).toMatchObject({ model_name: NOVA, prompt_tokens: 9, completion_tokens: 4 });
  });

  it('ends a stream with an error the SDK raises when Bedrock sends an exception frame', async () => {
    suite.upstream.behaviour = { streamException: { type: 'modelStreamErrorException', message: 'The model failed mid-answer' } };
    const stream = await suite.client().chat.completions.create({ model: CLAUDE, messages: [{ role: 'user', content: 'hi' }], stream: true });
    const failed = await readChatStream(stream).catch((error: unknown) => error);
    expect(String((failed as Error).message)).toContain('The model failed mid-answer');
  });

  it('answers throttling as a 429 in OpenAI shape without disabling the channel', async () => {
    await suite.enableAutoDisable();
    suite.upstream.behaviour = { fail: { status: 429, name: 'ThrottlingException', message: 'Too many requests, please wait before trying again.' } };
    expect(await chatError(suite.client(), CLAUDE)).toMatchObject({ status: 429, type: 'rate_limit_error', code: 'rate_limit_exceeded' });
    expect(await channelStatus(suite.f, suite.channelId)).toBe(ChannelStatus.Enabled);
  });

  it('retries a 503 ServiceUnavailableException on another channel without disabling the failing one', async () => {
    await suite.enableAutoDisable();
    await suite.f.ctx.options.set('RetryTimes', '1');
    const answer = await suite.client().chat.completions.create({ model: RETRY_MODEL, messages: [{ role: 'user', content: 'hi' }] });
    expect(answer.choices[0]?.message.content).toBe('Hello from bedrock');
    expect(failing.received.at(-1)?.path).toBe('/model/anthropic.claude-3-haiku-20240307-v1%3A0/invoke');
    expect(suite.upstream.received.at(-1)?.path).toBe('/model/anthropic.claude-3-haiku-20240307-v1%3A0/invoke');
    expect(await channelStatus(suite.f, failingChannelId)).toBe(ChannelStatus.Enabled);
  });

  it('passes the channel test through the adaptor', async () => {
    expect(await testChannel(suite.f, suite.channelId, CLAUDE)).toMatchObject({ success: true, message: 'Hello from bedrock', model: CLAUDE });
    expect(suite.upstream.received.at(-1)?.path).toBe('/model/anthropic.claude-3-5-sonnet-20241022-v2%3A0/invoke');
  });

  it('answers a bad secret key (InvalidSignatureException) as an auth error and disables the channel', async () => {
    await suite.enableAutoDisable();
    expect(await chatError(suite.client(), BAD_KEY_MODEL)).toMatchObject({ status: 403, type: 'authentication_error', code: 'invalid_api_key' });
    expect(suite.upstream.received.at(-1)?.path).toBe('/model/anthropic.claude-3-opus-20240229-v1%3A0/invoke');
    await expect.poll(() => channelStatus(suite.f, badChannelId)).toBe(ChannelStatus.AutoDisabled);
    expect(await channelStatus(suite.f, suite.channelId)).toBe(ChannelStatus.Enabled);
  });
});
