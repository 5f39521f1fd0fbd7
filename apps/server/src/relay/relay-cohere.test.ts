import { ChannelStatus } from '@tollgate/contract';
import { describe, expect, it } from 'vitest';
import { chatError } from '../../test/chat-error.js';
import { channelStatus, testChannel } from '../../test/channel-checks.js';
import { readChatStream } from '../../test/chat-stream.js';
import { lastConsumeLog } from '../../test/consume-log.js';
import { databaseKinds } from '../../test/databases.js';
import { FakeCohere } from '../../test/fake-cohere.js';
import { providerSuite } from '../../test/provider-suite.js';
import { weatherToolRoundTrip } from '../../test/weather-tool.js';

const MODEL = 'command-r';
const EMBEDDING_MODEL = 'embed-v4.0';

describe.each(databaseKinds)('Cohere channels through the official OpenAI SDK on %s', (kind) => {
  const suite = providerSuite(kind, {
    upstream: () => new FakeCohere('cohere'),
    // The built-in prices are keyed `cohere/…`; the test prices the bare names it uses.
    modelRatio: { [MODEL]: 1, [`${MODEL}-internet`]: 1, [EMBEDDING_MODEL]: 1 },
    channel: (upstream) => ({ type: 35, name: 'cohere', key: 'co-key', base_url: upstream.baseUrl, models: `${MODEL},${MODEL}-internet,${EMBEDDING_MODEL}` }),
    username: 'cohereuser',
  });

  it('converts a chat completion both ways, bills the billed units and logs it', async () => {
    const answer = await suite.client().chat.completions.create({ model: MODEL, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hi' }], max_tokens: 100, temperature: 0.2 });
    expect(answer).toMatchObject({ object: 'chat.completion', model: MODEL, usage: { prompt_tokens: 12, completion_tokens: 6, total_tokens: 18 } });
    expect(answer.choices[0]).toMatchObject({ message: { role: 'assistant', content: 'Hello from cohere' }, finish_reason: 'stop' });
    const sent = suite.upstream.received.at(-1);
    expect(sent?.path).toBe('/v1/chat');
    expect(sent?.headers.authorization).toBe('Bearer co-key');
    expect(sent?.json).toEqual({ model: MODEL, message: 'hi', preamble: 'Be brief.', stream: false, max_tokens: 100, temperature: 0.2 });
    await suite.f.flush();
    const log = await lastConsumeLog(suite.f);
    expect(log).toMatchObject({ user_id: suite.userId, model_name: MODEL, channel_id: suite.channelId, prompt_tokens: 12, completion_tokens: 6 });
    expect(log.quota).toBeGreaterThan(0);
  });

  it('converts the NDJSON stream into chunks with usage in the last one, and bills the stream', async () => {
    const stream = await suite.client().chat.completions.create({ model: `${MODEL}-internet`, messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } });
    const read = await readChatStream(stream);
    expect(read.text).toBe('Hello from cohere');
    expect(read.finishReasons).toEqual(['stop']);
    expect(read.usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 6 });
    expect(suite.upstream.received.at(-1)?.json).toMatchObject({ model: MODEL, stream: true, connectors: [{ id: 'web-search' }] });
    await suite.f.flush();
    const log = await lastConsumeLog(suite.f);
    expect(log).toMatchObject({ model_name: `${MODEL}-internet`, prompt_tokens: 12, completion_tokens: 6 });
    expect(Boolean(log.is_stream)).toBe(true);
  });

  it('round-trips a tool call: the call comes back as tool_calls, the result goes up as tool_results', async () => {
    const trip = await weatherToolRoundTrip(suite.client(), suite.upstream, { model: MODEL });
    expect(trip.first?.finish_reason).toBe('tool_calls');
    expect(trip.call).toMatchObject({ id: expect.stringMatching(/^call_/), type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } });
    expect(trip.firstSent?.json?.tools).toEqual([{ name: 'get_weather', description: 'Get current weather for a city', parameter_definitions: { city: { type: 'str', required: true } } }]);
    expect(JSON.parse(trip.streamed.toolArguments)).toEqual({ city: 'Paris' });
    expect(trip.second?.message.content).toBe('Paris: {"temp_c":18}');
    expect(trip.secondSent?.json).toMatchObject({
      message: '',
      chat_history: [{ role: 'USER', message: 'Weather in Paris?' }, { role: 'CHATBOT', message: '', tool_calls: [{ name: 'get_weather', parameters: { city: 'Paris' } }] }],
      tool_results: [{ call: { name: 'get_weather', parameters: { city: 'Paris' } }, outputs: [{ temp_c: 18 }] }],
    });
  });

  it('converts embeddings through /v2/embed and bills the billed input tokens', async () => {
    const answer = await suite.client().embeddings.create({ model: EMBEDDING_MODEL, input: ['hello', 'world!'] });
    expect(answer.data.map((d) => Array.from(d.embedding))).toEqual([
      [0, 5],
      [1, 6],
    ]);
    expect(suite.upstream.received.at(-1)).toMatchObject({ path: '/v2/embed', json: { model: EMBEDDING_MODEL, texts: ['hello', 'world!'], input_type: 'search_document', embedding_types: ['float'] } });
    await suite.f.flush();
    expect(await lastConsumeLog(suite.f)).toMatchObject({ model_name: EMBEDDING_MODEL, prompt_tokens: 4, completion_tokens: 0 });
  });

  it('passes the channel test through the adaptor', async () => {
    expect(await testChannel(suite.f, suite.channelId, MODEL)).toMatchObject({ success: true, message: 'Hello from cohere', model: MODEL });
    expect(suite.upstream.received.at(-1)).toMatchObject({ path: '/v1/chat', json: { model: MODEL, stream: false } });
  });

  it('answers a 401 in OpenAI shape and disables the channel when auto-disable is on', async () => {
    await suite.enableAutoDisable();
    suite.upstream.behaviour = { fail: { status: 401, body: { message: 'invalid api token' } } };
    expect(await chatError(suite.client(), MODEL)).toMatchObject({ status: 401, type: 'authentication_error', code: 'invalid_api_key' });
    await expect.poll(() => channelStatus(suite.f, suite.channelId)).toBe(ChannelStatus.AutoDisabled);
  });
});
