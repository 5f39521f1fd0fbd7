import { ChannelStatus } from '@tollgate/contract';
import { describe, expect, it } from 'vitest';
import { chatError } from '../../test/chat-error.js';
import { channelStatus, testChannel } from '../../test/channel-checks.js';
import { readChatStream } from '../../test/chat-stream.js';
import { lastConsumeLog } from '../../test/consume-log.js';
import { databaseKinds } from '../../test/databases.js';
import { FakeOllama } from '../../test/fake-ollama.js';
import { providerSuite } from '../../test/provider-suite.js';
import { weatherToolRoundTrip } from '../../test/weather-tool.js';

const MODEL = 'llama3.2';
const EMBEDDING_MODEL = 'all-minilm';

describe.each(databaseKinds)('Ollama channels through the official OpenAI SDK on %s', (kind) => {
  const suite = providerSuite(kind, {
    upstream: () => new FakeOllama('ollama'),
    // Local models have no built-in price.
    modelRatio: { [MODEL]: 1, [EMBEDDING_MODEL]: 1 },
    channel: (upstream) => ({ type: 30, name: 'ollama', key: 'proxy-key', base_url: upstream.baseUrl, models: `${MODEL},${EMBEDDING_MODEL}` }),
    username: 'ollamauser',
  });

  it('converts a chat completion both ways, bills it and logs it', async () => {
    const answer = await suite.client().chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], max_tokens: 100, temperature: 0.2 });
    expect(answer).toMatchObject({ object: 'chat.completion', model: MODEL, usage: { prompt_tokens: 12, completion_tokens: 6, total_tokens: 18 } });
    expect(answer.choices[0]).toMatchObject({ message: { role: 'assistant', content: 'Hello from ollama' }, finish_reason: 'stop' });
    const sent = suite.upstream.received.at(-1);
    expect(sent?.path).toBe('/api/chat');
    expect(sent?.headers.authorization).toBe('Bearer proxy-key');
    expect(sent?.json).toEqual({ model: MODEL, stream: false, messages: [{ role: 'user', content: 'hi' }], options: { num_predict: 100, temperature: 0.2 } });
    await suite.f.flush();
    const log = await lastConsumeLog(suite.f);
    expect(log).toMatchObject({ user_id: suite.userId, model_name: MODEL, channel_id: suite.channelId, prompt_tokens: 12, completion_tokens: 6 });
    expect(log.quota).toBeGreaterThan(0);
  });

  it('converts the NDJSON stream into chunks with usage in the last one, and bills the stream', async () => {
    const stream = await suite.client().chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } });
    const read = await readChatStream(stream);
    expect(read.text).toBe('Hello from ollama');
    expect(read.finishReasons).toEqual(['stop']);
    expect(read.usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 6 });
    expect(suite.upstream.received.at(-1)?.json).toMatchObject({ stream: true });
    await suite.f.flush();
    const log = await lastConsumeLog(suite.f);
    expect(log).toMatchObject({ prompt_tokens: 12, completion_tokens: 6 });
    expect(Boolean(log.is_stream)).toBe(true);
  });

  it('asks Ollama for log probabilities and returns them in OpenAI’s shape, streamed and not', async () => {
    const request = { model: MODEL, messages: [{ role: 'user' as const, content: 'hi' }], logprobs: true, top_logprobs: 2 };
    const answer = await suite.client().chat.completions.create(request);
    expect(suite.upstream.received.at(-1)?.json).toMatchObject({ logprobs: true, top_logprobs: 2 });
    const token = (text: string, logprob: number) => ({ token: text, logprob, bytes: [...Buffer.from(text)] });
    expect(answer.choices[0]?.logprobs).toEqual({ content: [{ ...token('Hello from ollama', -0.5), top_logprobs: [token('Hello from ollama', -0.5), token('¿', -4)] }] });

    const read = await readChatStream(await suite.client().chat.completions.create({ ...request, stream: true }));
    expect(read.chunks.flatMap((chunk) => chunk.choices[0]?.logprobs?.content ?? []).map((entry) => entry.token)).toEqual(['Hello', ' from ollama']);
  });

  it('round-trips a tool call: the call comes back as tool_calls, the result goes up named', async () => {
    const trip = await weatherToolRoundTrip(suite.client(), suite.upstream, { model: MODEL });
    expect(trip.first?.finish_reason).toBe('tool_calls');
    expect(trip.call).toMatchObject({ id: expect.stringMatching(/^call_/), type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } });
    expect(JSON.parse(trip.streamed.toolArguments)).toEqual({ city: 'Paris' });
    expect(trip.second?.message.content).toBe('Paris: {"temp_c":18}');
    expect((trip.secondSent?.json?.messages as unknown[]).slice(1)).toEqual([
      { role: 'assistant', content: '', tool_calls: [{ function: { name: 'get_weather', arguments: { city: 'Paris' } } }] },
      { role: 'tool', content: '{"temp_c":18}', tool_name: 'get_weather' },
    ]);
  });

  it('converts embeddings through /api/embed and bills the reported prompt count', async () => {
    const answer = await suite.client().embeddings.create({ model: EMBEDDING_MODEL, input: ['hello', 'world!'] });
    expect(answer.data.map((d) => d.embedding)).toEqual([
      [0, 5],
      [1, 6],
    ]);
    expect(suite.upstream.received.at(-1)).toMatchObject({ path: '/api/embed', json: { model: EMBEDDING_MODEL, input: ['hello', 'world!'] } });
    await suite.f.flush();
    expect(await lastConsumeLog(suite.f)).toMatchObject({ model_name: EMBEDDING_MODEL, prompt_tokens: 4, completion_tokens: 0 });
  });

  it('passes the channel test through the adaptor', async () => {
    expect(await testChannel(suite.f, suite.channelId, MODEL)).toMatchObject({ success: true, message: 'Hello from ollama', model: MODEL });
    expect(suite.upstream.received.at(-1)?.json).toMatchObject({ model: MODEL, stream: false });
  });

  it('answers a proxy 401 in OpenAI shape and disables the channel when auto-disable is on', async () => {
    await suite.enableAutoDisable();
    suite.upstream.behaviour = { fail: { status: 401, body: { error: 'unauthorized' } } };
    expect(await chatError(suite.client(), MODEL)).toMatchObject({ status: 401, type: 'authentication_error', code: 'invalid_api_key' });
    await expect.poll(() => channelStatus(suite.f, suite.channelId)).toBe(ChannelStatus.AutoDisabled);
  });
});
