import type OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../test/databases.js';
import { FakeVertex, serviceAccountKey } from '../../test/fake-vertex.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';

const GEMINI = 'gemini-1.5-pro-002';
const CLAUDE = 'claude-3-5-sonnet-v2@20241022';
const EMBEDDING = 'text-embedding-005';
const PROJECT = 'proj-e2e';
const REGION = 'us-east5';
const weatherTool: OpenAI.ChatCompletionTool = {
  type: 'function',
  function: { name: 'get_weather', description: 'Get current weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
};

describe.each(databaseKinds)('Vertex AI channels through the official OpenAI SDK on %s', (kind) => {
  let f: RelayFixture;
  let upstream: FakeVertex;
  let channelId: number;
  let userId: number;
  let key: string;

  const vertexChannel = (name: string, adc: string) =>
    f.addChannel({ type: 42, name, key: '', base_url: upstream.baseUrl, models: `${GEMINI},${CLAUDE},${EMBEDDING}`, config: JSON.stringify({ region: REGION, vertex_ai_project_id: PROJECT, vertex_ai_adc: adc }) });

  beforeAll(async () => {
    upstream = await new FakeVertex().start();
    f = await relayFixture(kind);
    await f.ctx.options.set('ModelRatio', JSON.stringify({ [GEMINI]: 1, [CLAUDE]: 1, [EMBEDDING]: 0.05 }));
    // A key per database run: the token cache is per process, and each run must see its own exchange.
    channelId = await vertexChannel('vertex', upstream.newKey(`e2e-${kind}@test-project.iam.gserviceaccount.com`));
    userId = await f.addUser('vertexuser', 10_000_000);
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
  const modelCalls = () => upstream.received.filter((r) => r.path !== '/token');
  const status = async (id: number) => (await f.ctx.db.selectFrom('channels').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  it('exchanges the service-account key once, sends Gemini generateContent with the Bearer token, bills and logs', async () => {
    const before = upstream.tokenExchanges;
    const client = f.client(key);
    const answer = await client.chat.completions.create({ model: GEMINI, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hi' }], max_tokens: 100 });
    await client.chat.completions.create({ model: GEMINI, messages: [{ role: 'user', content: 'again' }] });
    expect(upstream.tokenExchanges - before).toBe(1);
    expect(answer).toMatchObject({ id: 'chatcmpl-vtx01', object: 'chat.completion', model: GEMINI, usage: { prompt_tokens: 12, completion_tokens: 6, total_tokens: 18 } });
    expect(answer.choices[0]).toMatchObject({ message: { role: 'assistant', content: 'Hello from vertex gemini' }, finish_reason: 'stop' });

    const sent = modelCalls().at(-2);
    expect(sent?.path).toBe(`/v1/projects/${PROJECT}/locations/${REGION}/publishers/google/models/${GEMINI}:generateContent`);
    expect(sent?.headers.authorization).toMatch(/^Bearer ya29\.fake-\d+$/);
    expect(sent?.json).toMatchObject({ systemInstruction: { parts: [{ text: 'Be brief.' }] }, contents: [{ role: 'user', parts: [{ text: 'hi' }] }], generationConfig: { maxOutputTokens: 100 } });

    await f.flush();
    expect(await lastLog()).toMatchObject({ user_id: userId, model_name: GEMINI, channel_id: channelId, prompt_tokens: 12, completion_tokens: 6 });
    expect((await lastLog()).quota).toBeGreaterThan(0);
  });

  it('streams Gemini with usage in the last chunk, and bills the stream', async () => {
    const stream = await f.client(key).chat.completions.create({ model: GEMINI, messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } });
    let text = '';
    let usage;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe('Hello from vertex gemini');
    expect(usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 6 });
    expect(modelCalls().at(-1)?.path).toBe(`/v1/projects/${PROJECT}/locations/${REGION}/publishers/google/models/${GEMINI}:streamGenerateContent?alt=sse`);
    await f.flush();
    expect(await lastLog()).toMatchObject({ model_name: GEMINI, prompt_tokens: 12, completion_tokens: 6 });
    expect(Boolean((await lastLog()).is_stream)).toBe(true);
  });

  it('sends Claude to the anthropic publisher with rawPredict (no model, Vertex version), bills and logs', async () => {
    const answer = await f.client(key).chat.completions.create({ model: CLAUDE, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hi' }], max_tokens: 100 });
    expect(answer).toMatchObject({ object: 'chat.completion', usage: { prompt_tokens: 12, completion_tokens: 6, total_tokens: 18 } });
    expect(answer.choices[0]).toMatchObject({ message: { role: 'assistant', content: 'Hello from vertex claude' }, finish_reason: 'stop' });
    const sent = modelCalls().at(-1);
    expect(sent?.path).toBe(`/v1/projects/${PROJECT}/locations/${REGION}/publishers/anthropic/models/${CLAUDE}:rawPredict`);
    expect(sent?.headers.authorization).toMatch(/^Bearer ya29\./);
    expect(sent?.json).toEqual({ anthropic_version: 'vertex-2023-10-16', max_tokens: 100, system: 'Be brief.', messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] });
    await f.flush();
    expect(await lastLog()).toMatchObject({ model_name: CLAUDE, channel_id: channelId, prompt_tokens: 12, completion_tokens: 6 });
    expect((await lastLog()).quota).toBeGreaterThan(0);
  });

  it('streams Claude through streamRawPredict', async () => {
    const stream = await f.client(key).chat.completions.create({ model: CLAUDE, messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } });
    let text = '';
    let usage;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe('Hello from vertex claude');
    expect(usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 6 });
    const sent = modelCalls().at(-1);
    expect(sent?.path).toBe(`/v1/projects/${PROJECT}/locations/${REGION}/publishers/anthropic/models/${CLAUDE}:streamRawPredict`);
    expect(sent?.json).toMatchObject({ stream: true, anthropic_version: 'vertex-2023-10-16' });
    await f.flush();
    expect(await lastLog()).toMatchObject({ model_name: CLAUDE, prompt_tokens: 12, completion_tokens: 6 });
    expect(Boolean((await lastLog()).is_stream)).toBe(true);
  });

  it('returns tool calls from both publishers', async () => {
    const client = f.client(key);
    for (const model of [GEMINI, CLAUDE]) {
      const answer = await client.chat.completions.create({ model, messages: [{ role: 'user', content: 'Weather in Paris?' }], tools: [weatherTool] });
      expect(answer.choices[0]?.finish_reason).toBe('tool_calls');
      expect(answer.choices[0]?.message.tool_calls?.[0]).toMatchObject({ type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } });
    }
  });

  it('converts embeddings through predict and bills the counted tokens', async () => {
    const answer = await f.client(key).embeddings.create({ model: EMBEDDING, input: ['hello', 'world!'], encoding_format: 'float' });
    expect(answer.data.map((d) => d.embedding)).toEqual([
      [0, 0.5],
      [1, 0.5],
    ]);
    expect(modelCalls().at(-1)?.path).toBe(`/v1/projects/${PROJECT}/locations/${REGION}/publishers/google/models/${EMBEDDING}:predict`);
    await f.flush();
    expect(await lastLog()).toMatchObject({ model_name: EMBEDDING, prompt_tokens: 11, completion_tokens: 0 });
  });

  it('passes the channel test through the adaptor', async () => {
    const result = await f.app.inject({ method: 'GET', url: `/api/channel/test/${channelId}?model=${CLAUDE}`, headers: { cookie: f.rootCookie } });
    expect(result.json()).toMatchObject({ success: true, message: 'Hello from vertex claude', model: CLAUDE });
  });

  it('answers a rate limit as 429 and keeps the channel', async () => {
    await f.ctx.options.set('AutomaticDisableChannelEnabled', 'true');
    upstream.behaviour = { fail: { status: 429, body: { error: { code: 429, message: 'Quota exceeded for aiplatform.googleapis.com/generate_content_requests_per_minute.', status: 'RESOURCE_EXHAUSTED' } } } };
    const failed = await f.client(key).chat.completions.create({ model: GEMINI, messages: [{ role: 'user', content: 'hi' }] }).catch((error: unknown) => error);
    expect(failed).toMatchObject({ status: 429, type: 'rate_limit_error' });
    expect(await status(channelId)).toBe(1);
  });

  it('disables a channel whose service-account key the token endpoint refuses', async () => {
    await f.ctx.options.set('AutomaticDisableChannelEnabled', 'true');
    const untrusted = serviceAccountKey(upstream.tokenUri, `untrusted-${kind}@test-project.iam.gserviceaccount.com`).json;
    const badId = await vertexChannel('vertex-bad', untrusted);
    const result = await f.app.inject({ method: 'GET', url: `/api/channel/test/${badId}?model=${GEMINI}`, headers: { cookie: f.rootCookie } });
    expect(result.json()).toMatchObject({ success: false, message: expect.stringContaining('invalid_grant') as unknown });
    expect(await status(badId)).toBe(3);
  });

  it('drops a token Vertex revokes (401): the request is asked again with a new token and succeeds', async () => {
    await f.ctx.options.set('AutomaticDisableChannelEnabled', 'true');
    const client = f.client(key);
    await client.chat.completions.create({ model: GEMINI, messages: [{ role: 'user', content: 'warm the token cache' }] });
    const before = upstream.tokenExchanges;
    const calls = modelCalls().length;
    upstream.revokeTokens();
    const answer = await client.chat.completions.create({ model: GEMINI, messages: [{ role: 'user', content: 'hi' }] });
    expect(answer.choices[0]?.message.content).toBe('Hello from vertex gemini');
    expect(upstream.tokenExchanges - before).toBe(1);
    const [refused, renewed] = modelCalls().slice(calls).map((call) => call.headers.authorization);
    expect(refused).not.toBe(renewed);
    expect(await status(channelId)).toBe(1);
  });

  it('forgets the token after a 401 that persists: the next request exchanges the key anew', async () => {
    upstream.behaviour = { fail: { status: 401, body: { error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } } } };
    const before = upstream.tokenExchanges;
    const calls = modelCalls().length;
    const failed = await f.client(key).chat.completions.create({ model: GEMINI, messages: [{ role: 'user', content: 'hi' }] }).catch((error: unknown) => error);
    expect(failed).toMatchObject({ status: 401, type: 'authentication_error' });
    // Asked once more with a new token, then failed: no loop.
    expect(modelCalls().length - calls).toBe(2);
    expect(upstream.tokenExchanges - before).toBe(1);

    upstream.behaviour = {};
    await f.client(key).chat.completions.create({ model: GEMINI, messages: [{ role: 'user', content: 'hi' }] });
    expect(upstream.tokenExchanges - before).toBe(2);
  });

  it('disables a channel whose token Vertex calls invalid (401 UNAUTHENTICATED) when auto-disable is on', async () => {
    await f.ctx.options.set('AutomaticDisableChannelEnabled', 'true');
    upstream.behaviour = { fail: { status: 401, body: { error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } } } };
    const failed = await f.client(key).chat.completions.create({ model: GEMINI, messages: [{ role: 'user', content: 'hi' }] }).catch((error: unknown) => error);
    expect(failed).toMatchObject({ status: 401, type: 'authentication_error' });
    await expect.poll(() => status(channelId)).toBe(3);
  });
});
