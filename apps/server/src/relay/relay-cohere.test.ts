import type OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../test/databases.js';
import { FakeCohere } from '../../test/fake-cohere.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';

const MODEL = 'command-r';
const EMBEDDING_MODEL = 'embed-v4.0';
const weatherTool: OpenAI.ChatCompletionTool = {
  type: 'function',
  function: { name: 'get_weather', description: 'Get current weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
};

describe.each(databaseKinds)('Cohere channels through the official OpenAI SDK on %s', (kind) => {
  let f: RelayFixture;
  let upstream: FakeCohere;
  let channelId: number;
  let userId: number;
  let key: string;

  beforeAll(async () => {
    upstream = await new FakeCohere('cohere').start();
    f = await relayFixture(kind);
    // The built-in prices are keyed `cohere/…`; the test prices the bare names it uses.
    await f.ctx.options.set('ModelRatio', JSON.stringify({ [MODEL]: 1, [`${MODEL}-internet`]: 1, [EMBEDDING_MODEL]: 1 }));
    channelId = await f.addChannel({ type: 35, name: 'cohere', key: 'co-key', base_url: upstream.baseUrl, models: `${MODEL},${MODEL}-internet,${EMBEDDING_MODEL}` });
    userId = await f.addUser('cohereuser', 10_000_000);
    key = await f.addKey(userId);
  });
  afterAll(async () => {
    await f.close();
    await upstream.stop();
  });
  afterEach(async () => {
    upstream.behaviour = {};
    await f.ctx.options.set('AutomaticDisableChannelEnabled', 'false');
  });

  const lastLog = () => f.ctx.db.selectFrom('logs').selectAll().where('type', '=', 2).orderBy('id', 'desc').executeTakeFirstOrThrow();

  it('converts a chat completion both ways, bills the billed units and logs it', async () => {
    const answer = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hi' }], max_tokens: 100, temperature: 0.2 });
    expect(answer).toMatchObject({ object: 'chat.completion', model: MODEL, usage: { prompt_tokens: 12, completion_tokens: 6, total_tokens: 18 } });
    expect(answer.choices[0]).toMatchObject({ message: { role: 'assistant', content: 'Hello from cohere' }, finish_reason: 'stop' });
    const sent = upstream.received.at(-1);
    expect(sent?.path).toBe('/v1/chat');
    expect(sent?.headers.authorization).toBe('Bearer co-key');
    expect(sent?.json).toEqual({ model: MODEL, message: 'hi', preamble: 'Be brief.', stream: false, max_tokens: 100, temperature: 0.2 });
    await f.flush();
    expect(await lastLog()).toMatchObject({ user_id: userId, model_name: MODEL, channel_id: channelId, prompt_tokens: 12, completion_tokens: 6 });
    expect((await lastLog()).quota).toBeGreaterThan(0);
  });

  it('converts the NDJSON stream into chunks with usage in the last one, and bills the stream', async () => {
    const stream = await f.client(key).chat.completions.create({ model: `${MODEL}-internet`, messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } });
    let text = '';
    let usage;
    const finishes: (string | null | undefined)[] = [];
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      if (chunk.choices[0]?.finish_reason) finishes.push(chunk.choices[0].finish_reason);
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe('Hello from cohere');
    expect(finishes).toEqual(['stop']);
    expect(usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 6 });
    expect(upstream.received.at(-1)?.json).toMatchObject({ model: MODEL, stream: true, connectors: [{ id: 'web-search' }] });
    await f.flush();
    expect(await lastLog()).toMatchObject({ model_name: `${MODEL}-internet`, prompt_tokens: 12, completion_tokens: 6 });
    expect(Boolean((await lastLog()).is_stream)).toBe(true);
  });

  it('round-trips a tool call: the call comes back as tool_calls, the result goes up as tool_results', async () => {
    const client = f.client(key);
    const ask: OpenAI.ChatCompletionMessageParam = { role: 'user', content: 'Weather in Paris?' };
    const first = await client.chat.completions.create({ model: MODEL, messages: [ask], tools: [weatherTool] });
    const call = first.choices[0]?.message.tool_calls?.[0];
    expect(first.choices[0]?.finish_reason).toBe('tool_calls');
    expect(call).toMatchObject({ id: expect.stringMatching(/^call_/), type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } });
    expect(upstream.received.at(-1)?.json?.tools).toEqual([{ name: 'get_weather', description: 'Get current weather for a city', parameter_definitions: { city: { type: 'str', required: true } } }]);

    const streamed = await client.chat.completions.create({ model: MODEL, messages: [ask], tools: [weatherTool], stream: true });
    let args = '';
    for await (const chunk of streamed) for (const delta of chunk.choices[0]?.delta.tool_calls ?? []) args += delta.function?.arguments ?? '';
    expect(JSON.parse(args)).toEqual({ city: 'Paris' });

    const second = await client.chat.completions.create({
      model: MODEL,
      tools: [weatherTool],
      messages: [ask, { role: 'assistant', content: null, tool_calls: call ? [call] : [] }, { role: 'tool', tool_call_id: call?.id ?? '', content: '{"temp_c":18}' }],
    });
    expect(second.choices[0]?.message.content).toBe('Paris: {"temp_c":18}');
    expect(upstream.received.at(-1)?.json).toMatchObject({
      message: '',
      chat_history: [{ role: 'USER', message: 'Weather in Paris?' }, { role: 'CHATBOT', message: '', tool_calls: [{ name: 'get_weather', parameters: { city: 'Paris' } }] }],
      tool_results: [{ call: { name: 'get_weather', parameters: { city: 'Paris' } }, outputs: [{ temp_c: 18 }] }],
    });
  });

  it('converts embeddings through /v2/embed and bills the billed input tokens', async () => {
    const answer = await f.client(key).embeddings.create({ model: EMBEDDING_MODEL, input: ['hello', 'world!'] });
    expect(answer.data.map((d) => Array.from(d.embedding))).toEqual([
      [0, 5],
      [1, 6],
    ]);
    expect(upstream.received.at(-1)).toMatchObject({ path: '/v2/embed', json: { model: EMBEDDING_MODEL, texts: ['hello', 'world!'], input_type: 'search_document', embedding_types: ['float'] } });
    await f.flush();
    expect(await lastLog()).toMatchObject({ model_name: EMBEDDING_MODEL, prompt_tokens: 4, completion_tokens: 0 });
  });

  it('passes the channel test through the adaptor', async () => {
    const result = await f.app.inject({ method: 'GET', url: `/api/channel/test/${channelId}?model=${MODEL}`, headers: { cookie: f.rootCookie } });
    expect(result.json()).toMatchObject({ success: true, message: 'Hello from cohere', model: MODEL });
    expect(upstream.received.at(-1)).toMatchObject({ path: '/v1/chat', json: { model: MODEL, stream: false } });
  });

  it('answers a 401 in OpenAI shape and disables the channel when auto-disable is on', async () => {
    await f.ctx.options.set('AutomaticDisableChannelEnabled', 'true');
    upstream.behaviour = { fail: { status: 401, body: { message: 'invalid api token' } } };
    const failed = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] }).catch((error: unknown) => error);
    expect(failed).toMatchObject({ status: 401, type: 'authentication_error', code: 'invalid_api_key' });
    await expect.poll(async () => (await f.ctx.db.selectFrom('channels').select('status').where('id', '=', channelId).executeTakeFirstOrThrow()).status).toBe(3);
  });
});
