import { ChannelStatus } from '@tollgate/contract';
import { describe, expect, it } from 'vitest';
import { chatError } from '../../test/chat-error.js';
import { channelStatus, testChannel } from '../../test/channel-checks.js';
import { readChatStream } from '../../test/chat-stream.js';
import { lastConsumeLog } from '../../test/consume-log.js';
import { databaseKinds } from '../../test/databases.js';
import { FakeGemini } from '../../test/fake-gemini.js';
import { providerSuite } from '../../test/provider-suite.js';
import { weatherToolRoundTrip } from '../../test/weather-tool.js';

const MODEL = 'gemini-1.5-flash';
const EMBEDDING_MODEL = 'text-embedding-004';
/** Served by two channels of their own, for the retry after an invalid key. */
const RETRY_MODEL = 'gemini-2.0-flash';
/** Google's answer to a bad API key: a 400 INVALID_ARGUMENT whose reason is API_KEY_INVALID (reference providers.md 3.5). */
const INVALID_KEY = {
  status: 400,
  body: {
    error: {
      code: 400,
      message: 'API key not valid. Please pass a valid API key.',
      status: 'INVALID_ARGUMENT',
      details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com', metadata: { service: 'generativelanguage.googleapis.com' } }],
    },
  },
};

describe.each(databaseKinds)('Gemini channels through the official OpenAI SDK on %s', (kind) => {
  const suite = providerSuite(kind, {
    upstream: () => new FakeGemini('gemini'),
    channel: (upstream) => ({ type: 24, name: 'gemini', key: 'AIza-upstream', base_url: upstream.baseUrl, models: `${MODEL},${EMBEDDING_MODEL}` }),
    username: 'geminiuser',
  });

  it('converts a chat completion both ways, bills it and logs it', async () => {
    const answer = await suite.client().chat.completions.create({ model: MODEL, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hi' }], max_tokens: 100 });
    expect(answer).toMatchObject({ id: 'chatcmpl-fake01', object: 'chat.completion', model: MODEL, usage: { prompt_tokens: 12, completion_tokens: 6, total_tokens: 18 } });
    expect(answer.choices[0]).toMatchObject({ message: { role: 'assistant', content: 'Hello from gemini' }, finish_reason: 'stop' });

    const sent = suite.upstream.received.at(-1);
    expect(sent?.path).toBe(`/v1beta/models/${MODEL}:generateContent`);
    expect(sent?.headers['x-goog-api-key']).toBe('AIza-upstream');
    expect(sent?.headers.authorization).toBeUndefined();
    expect(sent?.json).toMatchObject({ systemInstruction: { parts: [{ text: 'Be brief.' }] }, contents: [{ role: 'user', parts: [{ text: 'hi' }] }], generationConfig: { maxOutputTokens: 100 } });

    await suite.f.flush();
    const log = await lastConsumeLog(suite.f);
    expect(log).toMatchObject({ user_id: suite.userId, model_name: MODEL, channel_id: suite.channelId, prompt_tokens: 12, completion_tokens: 6 });
    expect(log.quota).toBeGreaterThan(0);
  });

  it('streams the converted chunks with usage in the last one, and bills the stream', async () => {
    const stream = await suite.client().chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } });
    const read = await readChatStream(stream);
    expect(new Set(read.chunks.map((chunk) => chunk.id))).toEqual(new Set(['chatcmpl-fake02']));
    expect(read.text).toBe('Hello from gemini');
    expect(read.finishReasons).toEqual(['stop']);
    expect(read.usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 6 });
    expect(suite.upstream.received.at(-1)?.path).toBe(`/v1beta/models/${MODEL}:streamGenerateContent?alt=sse`);
    await suite.f.flush();
    const log = await lastConsumeLog(suite.f);
    expect(log).toMatchObject({ prompt_tokens: 12, completion_tokens: 6 });
    expect(Boolean(log.is_stream)).toBe(true);
  });

  it('asks Gemini for log probabilities and returns them in OpenAI’s shape, streamed and not', async () => {
    const request = { model: MODEL, messages: [{ role: 'user' as const, content: 'hi' }], logprobs: true, top_logprobs: 2 };
    const answer = await suite.client().chat.completions.create(request);
    expect(suite.upstream.received.at(-1)?.json).toMatchObject({ generationConfig: { responseLogprobs: true, logprobs: 2 } });
    const token = (text: string, logprob: number) => ({ token: text, logprob, bytes: [...Buffer.from(text)] });
    expect(answer.choices[0]?.logprobs).toEqual({ content: [{ ...token('Hello from gemini', -0.25), top_logprobs: [token('Hello from gemini', -0.25), token('¿', -3.5)] }] });

    const read = await readChatStream(await suite.client().chat.completions.create({ ...request, stream: true }));
    const streamed = read.chunks.flatMap((chunk) => chunk.choices[0]?.logprobs?.content ?? []);
    expect(streamed.map((entry) => entry.token)).toEqual(['Hello', ' from gemini']);
    expect(streamed[0]?.top_logprobs).toHaveLength(2);
  });

  it('round-trips a tool call: the call comes back as tool_calls, the result goes up as a functionResponse', async () => {
    const trip = await weatherToolRoundTrip(suite.client(), suite.upstream, { model: MODEL, tool_choice: 'required' });
    expect(trip.first?.finish_reason).toBe('tool_calls');
    expect(trip.call).toMatchObject({ id: expect.stringMatching(/^call_/), type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } });
    expect(trip.firstSent?.json).toMatchObject({
      tools: [{ functionDeclarations: [{ name: 'get_weather', parameters: { type: 'OBJECT', properties: { city: { type: 'STRING' } } } }] }],
      toolConfig: { functionCallingConfig: { mode: 'ANY' } },
    });
    expect(JSON.parse(trip.streamed.toolArguments)).toEqual({ city: 'Paris' });
    expect(trip.streamed.finishReasons).toEqual(['tool_calls']);
    expect(trip.second?.message.content).toBe('Paris: {"temp_c":18}');
    expect((trip.secondSent?.json?.contents as unknown[]).slice(1)).toEqual([
      { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { output: '{"temp_c":18}' } } }] },
    ]);
  });

  it('converts embeddings through batchEmbedContents and bills the locally counted input', async () => {
    await suite.f.ctx.options.set('ModelRatio', JSON.stringify({ [EMBEDDING_MODEL]: 0.05, [MODEL]: 0.0375 }));
    const answer = await suite.client().embeddings.create({ model: EMBEDDING_MODEL, input: ['hello', 'world!'] });
    expect(answer.data.map((d) => d.embedding)).toEqual([
      [0, 5],
      [1, 6],
    ]);
    expect(suite.upstream.received.at(-1)?.path).toBe(`/v1/models/${EMBEDDING_MODEL}:batchEmbedContents`);
    expect(suite.upstream.received.at(-1)?.json).toEqual({ requests: ['hello', 'world!'].map((text) => ({ model: `models/${EMBEDDING_MODEL}`, content: { parts: [{ text }] } })) });
    await suite.f.flush();
    const log = await lastConsumeLog(suite.f);
    expect(log).toMatchObject({ model_name: EMBEDDING_MODEL, completion_tokens: 0 });
    expect(log.prompt_tokens).toBeGreaterThan(0);
  });

  it('passes the channel test through the adaptor', async () => {
    expect(await testChannel(suite.f, suite.channelId, MODEL)).toMatchObject({ success: true, message: 'Hello from gemini', model: MODEL });
    expect(suite.upstream.received.at(-1)?.path).toBe(`/v1beta/models/${MODEL}:generateContent`);
  });

  it('retries a request refused for an invalid key (HTTP 400 API_KEY_INVALID) on another channel, and disables the bad one', async () => {
    await suite.enableAutoDisable();
    await suite.f.ctx.options.set('RetryTimes', '1');
    const badKeyUpstream = await new FakeGemini('gemini-bad-key').start();
    try {
      badKeyUpstream.behaviour = { fail: INVALID_KEY };
      const badId = await suite.f.addChannel({ type: 24, name: 'gemini-bad-key', key: 'AIza-revoked', base_url: badKeyUpstream.baseUrl, models: RETRY_MODEL, priority: 10 });
      const goodId = await suite.f.addChannel({ type: 24, name: 'gemini-backup', key: 'AIza-upstream', base_url: suite.upstream.baseUrl, models: RETRY_MODEL, priority: 0 });
      const answer = await suite.client().chat.completions.create({ model: RETRY_MODEL, messages: [{ role: 'user', content: 'hi' }] });
      expect(answer.choices[0]?.message.content).toBe('Hello from gemini');
      expect(badKeyUpstream.received).toHaveLength(1);
      await expect.poll(() => channelStatus(suite.f, badId)).toBe(ChannelStatus.AutoDisabled);
      expect(await channelStatus(suite.f, goodId)).toBe(ChannelStatus.Enabled);
      await suite.f.flush();
      expect(await lastConsumeLog(suite.f)).toMatchObject({ model_name: RETRY_MODEL, channel_id: goodId });
    } finally {
      await badKeyUpstream.stop();
    }
  });

  it('answers an invalid key as the auth failure it is (401, upstream status in param) and disables the channel when auto-disable is on', async () => {
    await suite.enableAutoDisable();
    suite.upstream.behaviour = { fail: INVALID_KEY };
    expect(await chatError(suite.client(), MODEL)).toMatchObject({ status: 401, type: 'authentication_error', code: 'invalid_api_key', param: '400' });
    await expect.poll(() => channelStatus(suite.f, suite.channelId)).toBe(ChannelStatus.AutoDisabled);
  });
});
