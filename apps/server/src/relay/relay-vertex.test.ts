import { ChannelStatus } from '@tollgate/contract';
import { describe, expect, it } from 'vitest';
import { chatError } from '../../test/chat-error.js';
import { channelStatus, testChannel, testEveryChannel } from '../../test/channel-checks.js';
import { readChatStream } from '../../test/chat-stream.js';
import { lastConsumeLog } from '../../test/consume-log.js';
import { databaseKinds } from '../../test/databases.js';
import { FakeVertex, serviceAccountKey } from '../../test/fake-vertex.js';
import { providerSuite } from '../../test/provider-suite.js';
import { askWeather, weatherTool } from '../../test/weather-tool.js';

const GEMINI = 'gemini-1.5-pro-002';
const CLAUDE = 'claude-3-5-sonnet-v2@20241022';
const EMBEDDING = 'text-embedding-005';
const PROJECT = 'proj-e2e';
const REGION = 'us-east5';

const vertexChannel = (name: string, baseUrl: string, adc: string) => ({
  type: 42,
  name,
  key: '',
  base_url: baseUrl,
  models: `${GEMINI},${CLAUDE},${EMBEDDING}`,
  config: JSON.stringify({ region: REGION, vertex_ai_project_id: PROJECT, vertex_ai_adc: adc }),
});

describe.each(databaseKinds)('Vertex AI channels through the official OpenAI SDK on %s', (kind) => {
  const suite = providerSuite(kind, {
    upstream: () => new FakeVertex(),
    modelRatio: { [GEMINI]: 1, [CLAUDE]: 1, [EMBEDDING]: 0.05 },
    // A key per database run: the token cache is per process, and each run must see its own exchange.
    channel: (upstream) => vertexChannel('vertex', upstream.baseUrl, upstream.newKey(`e2e-${kind}@test-project.iam.gserviceaccount.com`)),
    username: 'vertexuser',
  });
  const modelCalls = () => suite.upstream.received.filter((r) => r.path !== '/token');

  it('exchanges the service-account key once, sends Gemini generateContent with the Bearer token, bills and logs', async () => {
    const before = suite.upstream.tokenExchanges;
    const client = suite.client();
    const answer = await client.chat.completions.create({ model: GEMINI, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hi' }], max_tokens: 100 });
    await client.chat.completions.create({ model: GEMINI, messages: [{ role: 'user', content: 'again' }] });
    expect(suite.upstream.tokenExchanges - before).toBe(1);
    expect(answer).toMatchObject({ id: 'chatcmpl-vtx01', object: 'chat.completion', model: GEMINI, usage: { prompt_tokens: 12, completion_tokens: 6, total_tokens: 18 } });
    expect(answer.choices[0]).toMatchObject({ message: { role: 'assistant', content: 'Hello from vertex gemini' }, finish_reason: 'stop' });

    const sent = modelCalls().at(-2);
    expect(sent?.path).toBe(`/v1/projects/${PROJECT}/locations/${REGION}/publishers/google/models/${GEMINI}:generateContent`);
    expect(sent?.headers.authorization).toMatch(/^Bearer ya29\.fake-\d+$/);
    expect(sent?.json).toMatchObject({ systemInstruction: { parts: [{ text: 'Be brief.' }] }, contents: [{ role: 'user', parts: [{ text: 'hi' }] }], generationConfig: { maxOutputTokens: 100 } });

    await suite.f.flush();
    const log = await lastConsumeLog(suite.f);
    expect(log).toMatchObject({ user_id: suite.userId, model_name: GEMINI, channel_id: suite.channelId, prompt_tokens: 12, completion_tokens: 6 });
    expect(log.quota).toBeGreaterThan(0);
  });

  it('streams Gemini with usage in the last chunk, and bills the stream', async () => {
    const stream = await suite.client().chat.completions.create({ model: GEMINI, messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } });
    const read = await readChatStream(stream);
    expect(read.text).toBe('Hello from vertex gemini');
    expect(read.usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 6 });
    expect(modelCalls().at(-1)?.path).toBe(`/v1/projects/${PROJECT}/locations/${REGION}/publishers/google/models/${GEMINI}:streamGenerateContent?alt=sse`);
    await suite.f.flush();
    const log = await lastConsumeLog(suite.f);
    expect(log).toMatchObject({ model_name: GEMINI, prompt_tokens: 12, completion_tokens: 6 });
    expect(Boolean(log.is_stream)).toBe(true);
  });

  it('sends Claude to the anthropic publisher with rawPredict (no model, Vertex version), bills and logs', async () => {
    const answer = await suite.client().chat.completions.create({ model: CLAUDE, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hi' }], max_tokens: 100 });
    expect(answer).toMatchObject({ object: 'chat.completion', usage: { prompt_tokens: 12, completion_tokens: 6, total_tokens: 18 } });
    expect(answer.choices[0]).toMatchObject({ message: { role: 'assistant', content: 'Hello from vertex claude' }, finish_reason: 'stop' });
    const sent = modelCalls().at(-1);
    expect(sent?.path).toBe(`/v1/projects/${PROJECT}/locations/${REGION}/publishers/anthropic/models/${CLAUDE}:rawPredict`);
    expect(sent?.headers.authorization).toMatch(/^Bearer ya29\./);
    expect(sent?.json).toEqual({ anthropic_version: 'vertex-2023-10-16', max_tokens: 100, system: 'Be brief.', messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] });
    await suite.f.flush();
    const log = await lastConsumeLog(suite.f);
    expect(log).toMatchObject({ model_name: CLAUDE, channel_id: suite.channelId, prompt_tokens: 12, completion_tokens: 6 });
    expect(log.quota).toBeGreaterThan(0);
  });

  it('streams Claude through streamRawPredict', async () => {
    const stream = await suite.client().chat.completions.create({ model: CLAUDE, messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } });
    const read = await readChatStream(stream);
    expect(read.text).toBe('Hello from vertex claude');
    expect(read.usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 6 });
    const sent = modelCalls().at(-1);
    expect(sent?.path).toBe(`/v1/projects/${PROJECT}/locations/${REGION}/publishers/anthropic/models/${CLAUDE}:streamRawPredict`);
    expect(sent?.json).toMatchObject({ stream: true, anthropic_version: 'vertex-2023-10-16' });
    await suite.f.flush();
    const log = await lastConsumeLog(suite.f);
    expect(log).toMatchObject({ model_name: CLAUDE, prompt_tokens: 12, completion_tokens: 6 });
    expect(Boolean(log.is_stream)).toBe(true);
  });

  it('returns tool calls from both publishers', async () => {
    const client = suite.client();
    for (const model of [GEMINI, CLAUDE]) {
      const answer = await client.chat.completions.create({ model, messages: [askWeather], tools: [weatherTool] });
      expect(answer.choices[0]?.finish_reason).toBe('tool_calls');
      expect(answer.choices[0]?.message.tool_calls?.[0]).toMatchObject({ type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } });
    }
  });

  it('answers a json_schema format on Claude through a forced tool, the object as content, streamed and not', async () => {
    const schema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
    const request = { model: CLAUDE, messages: [{ role: 'user' as const, content: 'Which city?' }], response_format: { type: 'json_schema' as const, json_schema: { name: 'city', schema } } };
    const answer = await suite.client().chat.completions.create(request);
    expect(modelCalls().at(-1)?.json).toMatchObject({ tools: [{ name: 'structured_output', input_schema: schema }], tool_choice: { type: 'tool', name: 'structured_output' } });
    expect(answer.choices[0]).toMatchObject({ finish_reason: 'stop', message: { content: '{"city":"Paris"}' } });
    expect(answer.choices[0]?.message.tool_calls).toBeUndefined();

    const read = await readChatStream(await suite.client().chat.completions.create({ ...request, stream: true }));
    expect(modelCalls().at(-1)?.path).toMatch(/:streamRawPredict$/);
    expect(JSON.parse(read.text)).toEqual({ city: 'Paris' });
    expect(read.toolArguments).toBe('');
    expect(read.finishReasons).toEqual(['stop']);
  });

  it('converts embeddings through predict and bills the counted tokens', async () => {
    const answer = await suite.client().embeddings.create({ model: EMBEDDING, input: ['hello', 'world!'], encoding_format: 'float' });
    expect(answer.data.map((d) => d.embedding)).toEqual([
      [0, 0.5],
      [1, 0.5],
    ]);
    expect(modelCalls().at(-1)?.path).toBe(`/v1/projects/${PROJECT}/locations/${REGION}/publishers/google/models/${EMBEDDING}:predict`);
    await suite.f.flush();
    expect(await lastConsumeLog(suite.f)).toMatchObject({ model_name: EMBEDDING, prompt_tokens: 11, completion_tokens: 0 });
  });

  it('passes the channel test through the adaptor', async () => {
    expect(await testChannel(suite.f, suite.channelId, CLAUDE)).toMatchObject({ success: true, message: 'Hello from vertex claude', model: CLAUDE });
  });

  it('answers a rate limit as 429 and keeps the channel', async () => {
    await suite.enableAutoDisable();
    suite.upstream.behaviour = { fail: { status: 429, body: { error: { code: 429, message: 'Quota exceeded for aiplatform.googleapis.com/generate_content_requests_per_minute.', status: 'RESOURCE_EXHAUSTED' } } } };
    expect(await chatError(suite.client(), GEMINI)).toMatchObject({ status: 429, type: 'rate_limit_error' });
    expect(await channelStatus(suite.f, suite.channelId)).toBe(ChannelStatus.Enabled);
  });

  it('disables a channel whose service-account key the token endpoint refuses', async () => {
    await suite.enableAutoDisable();
    const untrusted = serviceAccountKey(suite.upstream.tokenUri, `untrusted-${kind}@test-project.iam.gserviceaccount.com`).json;
    const badId = await suite.f.addChannel(vertexChannel('vertex-bad', suite.upstream.baseUrl, untrusted));
    expect(await testChannel(suite.f, badId, GEMINI)).toMatchObject({ success: false, message: expect.stringContaining('invalid_grant') as unknown });
    // Testing that one channel only reports; a run over every channel applies the health rules.
    expect(await channelStatus(suite.f, badId)).toBe(ChannelStatus.Enabled);
    await testEveryChannel(suite.f);
    expect(await channelStatus(suite.f, badId)).toBe(ChannelStatus.AutoDisabled);
  });

  it('drops a token Vertex revokes (401): the request is asked again with a new token and succeeds', async () => {
    await suite.enableAutoDisable();
    const client = suite.client();
    await client.chat.completions.create({ model: GEMINI, messages: [{ role: 'user', content: 'warm the token cache' }] });
    const before = suite.upstream.tokenExchanges;
    const calls = modelCalls().length;
    suite.upstream.revokeTokens();
    const answer = await client.chat.completions.create({ model: GEMINI, messages: [{ role: 'user', content: 'hi' }] });
    expect(answer.choices[0]?.message.content).toBe('Hello from vertex gemini');
    expect(suite.upstream.tokenExchanges - before).toBe(1);
    const [refused, renewed] = modelCalls().slice(calls).map((call) => call.headers.authorization);
    expect(refused).not.toBe(renewed);
    expect(await channelStatus(suite.f, suite.channelId)).toBe(ChannelStatus.Enabled);
  });

  it('forgets the token after a 401 that persists: the next request exchanges the key anew', async () => {
    suite.upstream.behaviour = { fail: { status: 401, body: { error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } } } };
    const before = suite.upstream.tokenExchanges;
    const calls = modelCalls().length;
    const failed = await chatError(suite.client(), GEMINI);
    expect(failed).toMatchObject({ status: 401, type: 'authentication_error' });
    // Asked once more with a new token, then failed: no loop.
    expect(modelCalls().length - calls).toBe(2);
    expect(suite.upstream.tokenExchanges - before).toBe(1);

    suite.upstream.behaviour = {};
    await suite.client().chat.completions.create({ model: GEMINI, messages: [{ role: 'user', content: 'hi' }] });
    expect(suite.upstream.tokenExchanges - before).toBe(2);
  });

  it('disables a channel whose token Vertex calls invalid (401 UNAUTHENTICATED) when auto-disable is on', async () => {
    await suite.enableAutoDisable();
    suite.upstream.behaviour = { fail: { status: 401, body: { error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } } } };
    expect(await chatError(suite.client(), GEMINI)).toMatchObject({ status: 401, type: 'authentication_error' });
    await expect.poll(() => channelStatus(suite.f, suite.channelId)).toBe(ChannelStatus.AutoDisabled);
  });
});
