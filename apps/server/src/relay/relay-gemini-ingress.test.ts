import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { lastConsumeLog } from '../../test/consume-log.js';
import { databaseKinds } from '../../test/databases.js';
import { FAKE_SIGNATURE, FAKE_THOUGHT, FAKE_TOKEN_COUNT, FakeGemini } from '../../test/fake-gemini.js';
import { FakeVertex, VERTEX_TOKEN_COUNT } from '../../test/fake-vertex.js';
import { geminiClient, weatherDeclaration, weatherTurns } from '../../test/gemini-client.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';

const GEMINI = 'gemini-2.5-flash';
const GEMINI_EMBEDDING = 'text-embedding-004';
const VERTEX = 'gemini-1.5-pro-002';
const VERTEX_EMBEDDING = 'text-embedding-005';
/** A Gemini channel's model the client names by another name. */
const ALIAS = 'team-flash';
const PROJECT = 'proj-genai';
const REGION = 'us-east5';

// Passthrough: the Google GenAI SDK's own requests reach Gemini and Vertex as it sent them, and its answers come back as they were.
describe.each(databaseKinds)('Gemini clients on Gemini and Vertex channels (passthrough) on %s', (kind) => {
  let f: RelayFixture;
  let gemini: FakeGemini;
  let vertex: FakeVertex;
  let userId: number;
  let key: string;
  let vertexId: number;

  beforeAll(async () => {
    gemini = await new FakeGemini('gemini').start();
    vertex = await new FakeVertex('vertex').start();
    f = await relayFixture(kind);
    await f.ctx.options.set('ModelRatio', JSON.stringify({ [GEMINI]: 1, [ALIAS]: 1, [GEMINI_EMBEDDING]: 0.05, [VERTEX]: 1, [VERTEX_EMBEDDING]: 0.05 }));
    await f.addChannel({ type: 24, name: 'gemini', key: 'AIza-upstream', base_url: gemini.baseUrl, models: `${GEMINI},${GEMINI_EMBEDDING},${ALIAS}`, model_mapping: JSON.stringify({ [ALIAS]: GEMINI }) });
    const adc = vertex.newKey(`genai-${kind}@test-project.iam.gserviceaccount.com`);
    vertexId = await f.addChannel({ type: 42, name: 'vertex', key: '', base_url: vertex.baseUrl, models: `${VERTEX},${VERTEX_EMBEDDING}`, config: JSON.stringify({ region: REGION, vertex_ai_project_id: PROJECT, vertex_ai_adc: adc }) });
    userId = await f.addUser('genaiuser', 10_000_000);
    key = await f.addKey(userId);
  });
  afterAll(async () => {
    await f.close();
    await gemini.stop();
    await vertex.stop();
  });
  afterEach(() => {
    gemini.behaviour = {};
    vertex.behaviour = {};
  });

  const quota = async () => (await f.ctx.db.selectFrom('users').select(['quota', 'used_quota']).where('id', '=', userId).executeTakeFirstOrThrow()).used_quota;
  const vertexPath = (model: string, method: string) => `/v1/projects/${PROJECT}/locations/${REGION}/publishers/google/models/${model}:${method}`;
  const vertexCalls = () => vertex.received.filter((r) => r.path !== '/token');

  it('passes generateContent through to Gemini byte for byte, answers it unchanged and bills its usage', async () => {
    const before = await quota();
    const answer = await geminiClient(f, key).models.generateContent({ model: GEMINI, contents: 'hi', config: { systemInstruction: 'Be brief.', temperature: 0.2, safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT' as never, threshold: 'BLOCK_ONLY_HIGH' as never }] } });
    expect(answer.text).toBe('Hello from gemini');
    expect(answer.usageMetadata).toEqual({ promptTokenCount: 12, candidatesTokenCount: 6, totalTokenCount: 18 });
    expect(answer.responseId).toBe('fake01');

    const sent = gemini.received.at(-1);
    expect(sent?.path).toBe(`/v1beta/models/${GEMINI}:generateContent`);
    expect(sent?.headers['x-goog-api-key']).toBe('AIza-upstream');
    expect(sent?.json).toEqual({
      contents: [{ parts: [{ text: 'hi' }], role: 'user' }],
      systemInstruction: { parts: [{ text: 'Be brief.' }], role: 'user' },
      generationConfig: { temperature: 0.2 },
      safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_ONLY_HIGH' }],
    });

    await f.flush();
    const log = await lastConsumeLog(f);
    expect(log).toMatchObject({ model_name: GEMINI, prompt_tokens: 12, completion_tokens: 6, is_stream: expect.anything() as unknown });
    expect(log.quota).toBeGreaterThan(0);
    expect((await quota()) - before).toBe(log.quota);
  });

  it('streams generateContentStream through as SSE and bills the last usageMetadata', async () => {
    const chunks = [];
    for await (const chunk of await geminiClient(f, key).models.generateContentStream({ model: GEMINI, contents: 'hi' })) chunks.push(chunk);
    expect(chunks.map((chunk) => chunk.text).join('')).toBe('Hello from gemini');
    expect(chunks.at(-1)?.candidates?.[0]?.finishReason).toBe('STOP');
    expect(gemini.received.at(-1)?.path).toBe(`/v1beta/models/${GEMINI}:streamGenerateContent?alt=sse`);
    await f.flush();
    const log = await lastConsumeLog(f);
    expect(log).toMatchObject({ model_name: GEMINI, prompt_tokens: 12, completion_tokens: 6 });
    expect(Boolean(log.is_stream)).toBe(true);
  });

  it('keeps thoughts and thought signatures, and bills thoughts as output', async () => {
    gemini.behaviour = { thoughts: true, cachedTokens: 8 };
    const client = geminiClient(f, key);
    const first = await client.models.generateContent({ model: GEMINI, contents: 'Weather in Paris?', config: { tools: [{ functionDeclarations: [weatherDeclaration] }], thinkingConfig: { includeThoughts: true } } });
    expect(first.candidates?.[0]?.content?.parts).toEqual([{ text: FAKE_THOUGHT, thought: true }, { functionCall: { name: 'get_weather', args: { city: 'Paris' } }, thoughtSignature: FAKE_SIGNATURE }]);
    const call = first.functionCalls?.[0] ?? {};
    await client.models.generateContent({ model: GEMINI, contents: [...weatherTurns(call).slice(0, 1), { role: 'model', parts: [{ functionCall: call, thoughtSignature: FAKE_SIGNATURE }] }, ...weatherTurns(call).slice(2)] });
    expect((gemini.received.at(-1)?.json?.contents as { parts: unknown[] }[])[1]?.parts).toEqual([{ functionCall: { name: 'get_weather', args: { city: 'Paris' } }, thoughtSignature: FAKE_SIGNATURE }]);
    await f.flush();
    // 12 prompt tokens (8 of them cached), 6 answered and 4 thought.
    expect(await lastConsumeLog(f)).toMatchObject({ prompt_tokens: 12, completion_tokens: 10 });
  });

  it('round-trips a function call: the call comes back as Gemini sent it, the functionResponse goes up unchanged', async () => {
    const client = geminiClient(f, key);
    const first = await client.models.generateContent({ model: GEMINI, contents: 'Weather in Paris?', config: { tools: [{ functionDeclarations: [weatherDeclaration] }] } });
    expect(first.functionCalls).toEqual([{ name: 'get_weather', args: { city: 'Paris' } }]);
    expect(gemini.received.at(-1)?.json).toMatchObject({ tools: [{ functionDeclarations: [{ name: 'get_weather', parameters: { type: 'OBJECT', properties: { city: { type: 'STRING' } } } }] }] });
    const second = await client.models.generateContent({ model: GEMINI, contents: weatherTurns(first.functionCalls?.[0] ?? {}), config: { tools: [{ functionDeclarations: [weatherDeclaration] }] } });
    expect(second.text).toBe('Paris: {"temp_c":18}');
    expect((gemini.received.at(-1)?.json?.contents as unknown[])[2]).toEqual({ role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { output: '{"temp_c":18}' } } }] });
  });

  it("sends a mapped model's request to the upstream model's URL, the body untouched", async () => {
    const answer = await geminiClient(f, key).models.generateContent({ model: ALIAS, contents: 'hi' });
    expect(answer.text).toBe('Hello from gemini');
    expect(gemini.received.at(-1)?.path).toBe(`/v1beta/models/${GEMINI}:generateContent`);
    await f.flush();
    expect(await lastConsumeLog(f)).toMatchObject({ model_name: GEMINI, prompt_tokens: 12 });
  });

  it('counts tokens on the channel, unbilled', async () => {
    await f.flush();
    const logs = async () => (await f.ctx.db.selectFrom('logs').select('id').where('user_id', '=', userId).execute()).length;
    const before = await logs();
    expect((await geminiClient(f, key).models.countTokens({ model: GEMINI, contents: 'how many tokens?' })).totalTokens).toBe(FAKE_TOKEN_COUNT);
    expect(gemini.received.at(-1)?.path).toBe(`/v1beta/models/${GEMINI}:countTokens`);
    expect((await geminiClient(f, key).models.countTokens({ model: VERTEX, contents: 'how many tokens?' })).totalTokens).toBe(VERTEX_TOKEN_COUNT);
    expect(vertexCalls().at(-1)?.path).toBe(vertexPath(VERTEX, 'countTokens'));
    await f.flush();
    expect(await logs()).toBe(before);
  });

  it('passes embedContent through to Gemini and bills the locally counted input', async () => {
    const answer = await geminiClient(f, key).models.embedContent({ model: GEMINI_EMBEDDING, contents: ['hello', 'world!'], config: { outputDimensionality: 2 } });
    expect(answer.embeddings?.map((embedding) => embedding.values)).toEqual([
      [0, 5],
      [1, 6],
    ]);
    const sent = gemini.received.at(-1);
    expect(sent?.path).toBe(`/v1/models/${GEMINI_EMBEDDING}:batchEmbedContents`);
    expect(sent?.json).toEqual({ requests: ['hello', 'world!'].map((text) => ({ content: { parts: [{ text }], role: 'user' }, outputDimensionality: 2, model: `models/${GEMINI_EMBEDDING}` })) });
    await f.flush();
    const log = await lastConsumeLog(f);
    expect(log).toMatchObject({ model_name: GEMINI_EMBEDDING, completion_tokens: 0 });
    expect(log.prompt_tokens).toBeGreaterThan(0);
  });

  it('passes generateContent and streams through to Vertex with its access token', async () => {
    const client = geminiClient(f, key);
    const answer = await client.models.generateContent({ model: VERTEX, contents: 'hi' });
    expect(answer.text).toBe('Hello from vertex gemini');
    expect(answer.usageMetadata).toMatchObject({ trafficType: 'ON_DEMAND' });
    const sent = vertexCalls().at(-1);
    expect(sent?.path).toBe(vertexPath(VERTEX, 'generateContent'));
    expect(sent?.headers.authorization).toMatch(/^Bearer ya29\./);
    expect(sent?.json).toEqual({ contents: [{ parts: [{ text: 'hi' }], role: 'user' }] });

    const chunks = [];
    for await (const chunk of await client.models.generateContentStream({ model: VERTEX, contents: 'hi' })) chunks.push(chunk);
    expect(chunks.map((chunk) => chunk.text).join('')).toBe('Hello from vertex gemini');
    expect(vertexCalls().at(-1)?.path).toBe(vertexPath(VERTEX, 'streamGenerateContent?alt=sse'));
    await f.flush();
    expect(await lastConsumeLog(f)).toMatchObject({ model_name: VERTEX, channel_id: vertexId, prompt_tokens: 12, completion_tokens: 6 });
  });

  it('passes a function call through to Vertex unchanged', async () => {
    const client = geminiClient(f, key);
    const first = await client.models.generateContent({ model: VERTEX, contents: 'Weather in Paris?', config: { tools: [{ functionDeclarations: [weatherDeclaration] }] } });
    expect(first.functionCalls).toEqual([{ name: 'get_weather', args: { city: 'Paris' } }]);
    await client.models.generateContent({ model: VERTEX, contents: weatherTurns(first.functionCalls?.[0] ?? {}), config: { tools: [{ functionDeclarations: [weatherDeclaration] }] } });
    expect((vertexCalls().at(-1)?.json?.contents as unknown[])[2]).toEqual({ role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { output: '{"temp_c":18}' } } }] });
  });

  it("converts embeddings for Vertex's embedding models to predict, which Vertex embeds with", async () => {
    const answer = await geminiClient(f, key).models.embedContent({ model: VERTEX_EMBEDDING, contents: ['hello', 'world!'] });
    expect(answer.embeddings?.map((embedding) => embedding.values)).toEqual([
      [0, 0.5],
      [1, 0.5],
    ]);
    expect(vertexCalls().at(-1)).toMatchObject({ path: vertexPath(VERTEX_EMBEDDING, 'predict'), json: { instances: [{ content: 'hello' }, { content: 'world!' }] } });
    await f.flush();
    // Vertex counts the tokens of each input (the fake: its length).
    expect(await lastConsumeLog(f)).toMatchObject({ model_name: VERTEX_EMBEDDING, prompt_tokens: 11, completion_tokens: 0 });
  });
});
