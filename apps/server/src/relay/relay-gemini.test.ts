import type OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../test/databases.js';
import { FakeGemini } from '../../test/fake-gemini.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';

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
const weatherTool: OpenAI.ChatCompletionTool = {
  type: 'function',
  function: { name: 'get_weather', description: 'Get current weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
};

describe.each(databaseKinds)('Gemini channels through the official OpenAI SDK on %s', (kind) => {
  let f: RelayFixture;
  let upstream: FakeGemini;
  let channelId: number;
  let userId: number;
  let key: string;

  beforeAll(async () => {
    upstream = await new FakeGemini('gemini').start();
    f = await relayFixture(kind);
    channelId = await f.addChannel({ type: 24, name: 'gemini', key: 'AIza-upstream', base_url: upstream.baseUrl, models: `${MODEL},${EMBEDDING_MODEL}` });
    userId = await f.addUser('geminiuser', 10_000_000);
    key = await f.addKey(userId);
  });
  afterAll(async () => {
    await f.close();
    await upstream.stop();
  });
  afterEach(async () => {
    upstream.behaviour = {};
    await f.ctx.options.set('AutomaticDisableChannelEnabled', 'false');
    await f.ctx.options.set('RetryTimes', '0');
  });

  const channelStatus = async (id: number) => (await f.ctx.db.selectFrom('channels').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const lastLog = () => f.ctx.db.selectFrom('logs').selectAll().where('type', '=', 2).orderBy('id', 'desc').executeTakeFirstOrThrow();

  it('converts a chat completion both ways, bills it and logs it', async () => {
    const answer = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hi' }], max_tokens: 100 });
    expect(answer).toMatchObject({ id: 'chatcmpl-fake01', object: 'chat.completion', model: MODEL, usage: { prompt_tokens: 12, completion_tokens: 6, total_tokens: 18 } });
    expect(answer.choices[0]).toMatchObject({ message: { role: 'assistant', content: 'Hello from gemini' }, finish_reason: 'stop' });

    const sent = upstream.received.at(-1);
    expect(sent?.path).toBe(`/v1beta/models/${MODEL}:generateContent`);
    expect(sent?.headers['x-goog-api-key']).toBe('AIza-upstream');
    expect(sent?.headers.authorization).toBeUndefined();
    expect(sent?.json).toMatchObject({ systemInstruction: { parts: [{ text: 'Be brief.' }] }, contents: [{ role: 'user', parts: [{ text: 'hi' }] }], generationConfig: { maxOutputTokens: 100 } });

    await f.flush();
    expect(await lastLog()).toMatchObject({ user_id: userId, model_name: MODEL, channel_id: channelId, prompt_tokens: 12, completion_tokens: 6 });
    expect((await lastLog()).quota).toBeGreaterThan(0);
  });

  it('streams the converted chunks with usage in the last one, and bills the stream', async () => {
    const stream = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } });
    let text = '';
    let usage;
    const finishes: (string | null | undefined)[] = [];
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      if (chunk.choices[0]?.finish_reason) finishes.push(chunk.choices[0].finish_reason);
      if (chunk.usage) usage = chunk.usage;
      expect(chunk.id).toBe('chatcmpl-fake02');
    }
    expect(text).toBe('Hello from gemini');
    expect(finishes).toEqual(['stop']);
    expect(usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 6 });
    expect(upstream.received.at(-1)?.path).toBe(`/v1beta/models/${MODEL}:streamGenerateContent?alt=sse`);
    await f.flush();
    expect(await lastLog()).toMatchObject({ prompt_tokens: 12, completion_tokens: 6 });
    expect(Boolean((await lastLog()).is_stream)).toBe(true);
  });

  it('round-trips a tool call: the call comes back as tool_calls, the result goes up as a functionResponse', async () => {
    const client = f.client(key);
    const ask: OpenAI.ChatCompletionMessageParam = { role: 'user', content: 'Weather in Paris?' };
    const first = await client.chat.completions.create({ model: MODEL, messages: [ask], tools: [weatherTool], tool_choice: 'required' });
    const call = first.choices[0]?.message.tool_calls?.[0];
    expect(first.choices[0]?.finish_reason).toBe('tool_calls');
    expect(call).toMatchObject({ id: expect.stringMatching(/^call_/), type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } });
    expect(upstream.received.at(-1)?.json).toMatchObject({
      tools: [{ functionDeclarations: [{ name: 'get_weather', parameters: { type: 'OBJECT', properties: { city: { type: 'STRING' } } } }] }],
      toolConfig: { functionCallingConfig: { mode: 'ANY' } },
    });

    const streamed = await client.chat.completions.create({ model: MODEL, messages: [ask], tools: [weatherTool], stream: true });
    let args = '';
    const finishes: string[] = [];
    for await (const chunk of streamed) {
      for (const delta of chunk.choices[0]?.delta.tool_calls ?? []) args += delta.function?.arguments ?? '';
      if (chunk.choices[0]?.finish_reason) finishes.push(chunk.choices[0].finish_reason);
    }
    expect(JSON.parse(args)).toEqual({ city: 'Paris' });
    expect(finishes).toEqual(['tool_calls']);

    const second = await client.chat.completions.create({
      model: MODEL,
      tools: [weatherTool],
      messages: [ask, { role: 'assistant', content: null, tool_calls: call ? [call] : [] }, { role: 'tool', tool_call_id: call?.id ?? '', content: '{"temp_c":18}' }],
    });
    expect(second.choices[0]?.message.content).toBe('Paris: {"temp_c":18}');
    expect((upstream.received.at(-1)?.json?.contents as unknown[]).slice(1)).toEqual([
      { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { output: '{"temp_c":18}' } } }] },
    ]);
  });

  it('converts embeddings through batchEmbedContents and bills the locally counted input', async () => {
    await f.ctx.options.set('ModelRatio', JSON.stringify({ [EMBEDDING_MODEL]: 0.05, [MODEL]: 0.0375 }));
    const answer = await f.client(key).embeddings.create({ model: EMBEDDING_MODEL, input: ['hello', 'world!'] });
    expect(answer.data.map((d) => d.embedding)).toEqual([
      [0, 5],
      [1, 6],
    ]);
    expect(upstream.received.at(-1)?.path).toBe(`/v1/models/${EMBEDDING_MODEL}:batchEmbedContents`);
    expect(upstream.received.at(-1)?.json).toEqual({ requests: ['hello', 'world!'].map((text) => ({ model: `models/${EMBEDDING_MODEL}`, content: { parts: [{ text }] } })) });
    await f.flush();
    const log = await lastLog();
    expect(log).toMatchObject({ model_name: EMBEDDING_MODEL, completion_tokens: 0 });
    expect(log.prompt_tokens).toBeGreaterThan(0);
  });

  it('passes the channel test through the adaptor', async () => {
    const result = await f.app.inject({ method: 'GET', url: `/api/channel/test/${channelId}?model=${MODEL}`, headers: { cookie: f.rootCookie } });
    expect(result.json()).toMatchObject({ success: true, message: 'Hello from gemini', model: MODEL });
    expect(upstream.received.at(-1)?.path).toBe(`/v1beta/models/${MODEL}:generateContent`);
  });

  it('retries a request refused for an invalid key (HTTP 400 API_KEY_INVALID) on another channel, and disables the bad one', async () => {
    await f.ctx.options.set('AutomaticDisableChannelEnabled', 'true');
    await f.ctx.options.set('RetryTimes', '1');
    const badKeyUpstream = await new FakeGemini('gemini-bad-key').start();
    try {
      badKeyUpstream.behaviour = { fail: INVALID_KEY };
      const badId = await f.addChannel({ type: 24, name: 'gemini-bad-key', key: 'AIza-revoked', base_url: badKeyUpstream.baseUrl, models: RETRY_MODEL, priority: 10 });
      const goodId = await f.addChannel({ type: 24, name: 'gemini-backup', key: 'AIza-upstream', base_url: upstream.baseUrl, models: RETRY_MODEL, priority: 0 });
      const answer = await f.client(key).chat.completions.create({ model: RETRY_MODEL, messages: [{ role: 'user', content: 'hi' }] });
      expect(answer.choices[0]?.message.content).toBe('Hello from gemini');
      expect(badKeyUpstream.received).toHaveLength(1);
      await expect.poll(() => channelStatus(badId)).toBe(3);
      expect(await channelStatus(goodId)).toBe(1);
      await f.flush();
      expect(await lastLog()).toMatchObject({ model_name: RETRY_MODEL, channel_id: goodId });
    } finally {
      await badKeyUpstream.stop();
    }
  });

  it('answers an invalid key as the auth failure it is (401, upstream status in param) and disables the channel when auto-disable is on', async () => {
    await f.ctx.options.set('AutomaticDisableChannelEnabled', 'true');
    upstream.behaviour = { fail: INVALID_KEY };
    const failed = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] }).catch((error: unknown) => error);
    expect(failed).toMatchObject({ status: 401, type: 'authentication_error', code: 'invalid_api_key', param: '400' });
    await expect.poll(() => channelStatus(channelId)).toBe(3);
  });
});
