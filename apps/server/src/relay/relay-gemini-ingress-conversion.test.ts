import type { GenerateContentResponse } from '@google/genai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { lastConsumeLog } from '../../test/consume-log.js';
import { databaseKinds } from '../../test/databases.js';
import { FakeAnthropic } from '../../test/fake-anthropic.js';
import { FakeOpenAITools, TOOL_CALL_ID } from '../../test/fake-openai-tools.js';
import { geminiClient, weatherDeclaration, weatherTurns } from '../../test/gemini-client.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';

const GPT = 'gpt-4o-mini';
/** A model that reasons: a thinking level reaches it as reasoning_effort (gpt-4o-mini would refuse one). */
const REASONING_GPT = 'gpt-5-mini';
const CLAUDE = 'claude-3-5-sonnet-20241022';
const EMBEDDING = 'text-embedding-3-small';
const TOOL_USE_ID = 'toolu_01KFbKqPYSuAKujiL6mTfzYA';
const WEATHER_PARAMETERS = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };

// Conversion: the Google GenAI SDK on channels that speak OpenAI's and Anthropic's protocols.
describe.each(databaseKinds)('Gemini clients on OpenAI and Anthropic channels (conversion) on %s', (kind) => {
  let f: RelayFixture;
  let openai: FakeOpenAITools;
  let anthropic: FakeAnthropic;
  let userId: number;
  let key: string;

  beforeAll(async () => {
    openai = await new FakeOpenAITools('openai').start();
    anthropic = await new FakeAnthropic('claude').start();
    f = await relayFixture(kind);
    await f.addChannel({ type: 1, name: 'openai', base_url: openai.baseUrl, models: `${GPT},${REASONING_GPT},${EMBEDDING}` });
    await f.addChannel({ type: 14, name: 'anthropic', key: 'sk-ant-upstream', base_url: anthropic.baseUrl, models: CLAUDE });
    userId = await f.addUser('convertuser', 10_000_000);
    key = await f.addKey(userId);
  });
  afterAll(async () => {
    await f.close();
    await openai.stop();
    await anthropic.stop();
  });
  afterEach(() => {
    openai.behaviour = {};
    openai.reasoning = false;
    anthropic.behaviour = {};
  });

  const usedQuota = async () => (await f.ctx.db.selectFrom('users').select('used_quota').where('id', '=', userId).executeTakeFirstOrThrow()).used_quota;
  const streamed = async (model: string, contents: Parameters<ReturnType<typeof geminiClient>['models']['generateContentStream']>[0]['contents'], config = {}) => {
    const chunks: GenerateContentResponse[] = [];
    for await (const chunk of await geminiClient(f, key).models.generateContentStream({ model, contents, config })) chunks.push(chunk);
    return chunks;
  };

  it('converts generateContent to Chat Completions and the answer back, with the billed usage', async () => {
    const before = await usedQuota();
    const answer = await geminiClient(f, key).models.generateContent({ model: GPT, contents: 'hi', config: { systemInstruction: 'Be brief.', maxOutputTokens: 100, temperature: 0.2, stopSequences: ['END'], topK: 5 } });
    expect(answer.text).toBe('Hello from openai');
    expect(answer.candidates?.[0]).toMatchObject({ finishReason: 'STOP', index: 0, content: { role: 'model' } });
    expect(answer.usageMetadata).toEqual({ promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 });
    expect(answer.modelVersion).toBe(GPT);
    const sent = openai.received.at(-1);
    expect(sent?.path).toBe('/v1/chat/completions');
    // top_k is a hub extension: an OpenAI upstream does not get it.
    expect(sent?.json).toEqual({ model: GPT, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hi' }], temperature: 0.2, max_tokens: 100, stop: ['END'] });
    await f.flush();
    const log = await lastConsumeLog(f);
    expect(log).toMatchObject({ model_name: GPT, prompt_tokens: 10, completion_tokens: 5 });
    expect((await usedQuota()) - before).toBe(log.quota);
  });

  it('converts the stream, asking the upstream for usage, and ends with finishReason and usageMetadata', async () => {
    const chunks = await streamed(GPT, 'hi');
    expect(chunks.map((chunk) => chunk.text ?? '').join('')).toBe('part0 part1 part2 ');
    expect(chunks.at(-1)).toMatchObject({ candidates: [{ finishReason: 'STOP' }], usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 } });
    expect(openai.received.at(-1)?.json).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    await f.flush();
    const log = await lastConsumeLog(f);
    expect(log).toMatchObject({ prompt_tokens: 10, completion_tokens: 5 });
    expect(Boolean(log.is_stream)).toBe(true);
  });

  it('round-trips a function call through an OpenAI channel: ids kept, the streamed call sent whole', async () => {
    const client = geminiClient(f, key);
    const tools = [{ functionDeclarations: [weatherDeclaration] }];
    const first = await client.models.generateContent({ model: GPT, contents: 'Weather in Paris?', config: { tools } });
    expect(first.functionCalls).toEqual([{ name: 'get_weather', args: { city: 'Paris' }, id: TOOL_CALL_ID }]);
    expect(openai.received.at(-1)?.json).toMatchObject({ tools: [{ type: 'function', function: { name: 'get_weather', description: 'Get current weather for a city', parameters: WEATHER_PARAMETERS } }], tool_choice: 'auto' });

    const chunks = await streamed(GPT, 'Weather in Paris?', { tools });
    expect(chunks.flatMap((chunk) => chunk.functionCalls ?? [])).toEqual([{ name: 'get_weather', args: { city: 'Paris' }, id: TOOL_CALL_ID }]);

    const second = await client.models.generateContent({ model: GPT, contents: weatherTurns(first.functionCalls?.[0] ?? {}), config: { tools } });
    expect(second.text).toBe('Paris: {"temp_c":18}');
    expect((openai.received.at(-1)?.json?.messages as unknown[]).slice(1)).toEqual([
      { role: 'assistant', content: null, tool_calls: [{ id: TOOL_CALL_ID, type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
      { role: 'tool', tool_call_id: TOOL_CALL_ID, content: '{"temp_c":18}' },
    ]);
  });

  it('shows the upstream reasoning as thought parts only to a client that asked for them', async () => {
    openai.reasoning = true;
    const tools = [{ functionDeclarations: [weatherDeclaration] }];
    const asked = await geminiClient(f, key).models.generateContent({ model: REASONING_GPT, contents: 'Weather in Paris?', config: { tools, thinkingConfig: { includeThoughts: true, thinkingLevel: 'LOW' as never } } });
    expect(asked.candidates?.[0]?.content?.parts?.[0]).toEqual({ text: 'Paris is in France.', thought: true });
    expect(openai.received.at(-1)?.json).toMatchObject({ reasoning_effort: 'low' });
    await geminiClient(f, key).models.generateContent({ model: GPT, contents: 'Weather in Paris?', config: { tools, thinkingConfig: { thinkingLevel: 'LOW' as never } } });
    expect(openai.received.at(-1)?.json).not.toHaveProperty('reasoning_effort');
    const streamedParts = (await streamed(GPT, 'Weather in Paris?', { tools, thinkingConfig: { includeThoughts: true } })).flatMap((chunk) => chunk.candidates?.[0]?.content?.parts ?? []);
    expect(streamedParts.filter((part) => part.thought)).toEqual([{ text: 'Paris is in France.', thought: true }]);
    const unasked = await geminiClient(f, key).models.generateContent({ model: GPT, contents: 'Weather in Paris?', config: { tools } });
    expect(unasked.candidates?.[0]?.content?.parts?.some((part) => part.thought)).toBe(false);
  });

  it('converts generateContent and the stream to Anthropic Messages', async () => {
    const answer = await geminiClient(f, key).models.generateContent({ model: CLAUDE, contents: 'hi', config: { systemInstruction: 'Be brief.', maxOutputTokens: 100 } });
    expect(answer.text).toBe('Hello from claude');
    expect(answer.usageMetadata).toEqual({ promptTokenCount: 12, candidatesTokenCount: 6, totalTokenCount: 18 });
    expect(anthropic.received.at(-1)?.json).toEqual({ model: CLAUDE, max_tokens: 100, system: 'Be brief.', messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] });
    const chunks = await streamed(CLAUDE, 'hi');
    expect(chunks.map((chunk) => chunk.text ?? '').join('')).toBe('Hello from claude');
    expect(chunks.at(-1)).toMatchObject({ candidates: [{ finishReason: 'STOP' }], usageMetadata: { promptTokenCount: 12, candidatesTokenCount: 6 } });
    await f.flush();
    expect(await lastConsumeLog(f)).toMatchObject({ model_name: CLAUDE, prompt_tokens: 12, completion_tokens: 6 });
  });

  it('round-trips a function call through an Anthropic channel: the tool_use id is the call id', async () => {
    const client = geminiClient(f, key);
    const tools = [{ functionDeclarations: [weatherDeclaration] }];
    const first = await client.models.generateContent({ model: CLAUDE, contents: 'Weather in Paris?', config: { tools, toolConfig: { functionCallingConfig: { mode: 'ANY' as never } } } });
    expect(first.functionCalls).toEqual([{ name: 'get_weather', args: { city: 'Paris' }, id: TOOL_USE_ID }]);
    expect(anthropic.received.at(-1)?.json).toMatchObject({ tools: [{ name: 'get_weather', input_schema: WEATHER_PARAMETERS }], tool_choice: { type: 'any' } });
    const chunks = await streamed(CLAUDE, 'Weather in Paris?', { tools });
    expect(chunks.flatMap((chunk) => chunk.functionCalls ?? [])).toEqual([{ name: 'get_weather', args: { city: 'Paris' }, id: TOOL_USE_ID }]);
    expect(chunks.at(-1)?.candidates?.[0]?.finishReason).toBe('STOP');

    const second = await client.models.generateContent({ model: CLAUDE, contents: weatherTurns(first.functionCalls?.[0] ?? {}), config: { tools } });
    expect(second.text).toBe('Paris: {"temp_c":18}');
    expect((anthropic.received.at(-1)?.json?.messages as unknown[]).slice(1)).toEqual([
      { role: 'assistant', content: [{ type: 'tool_use', id: TOOL_USE_ID, name: 'get_weather', input: { city: 'Paris' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: TOOL_USE_ID, content: '{"temp_c":18}' }] },
    ]);
  });

  it('counts tokens locally when no channel takes Gemini natively, unbilled', async () => {
    const calls = openai.received.length;
    const counted = await geminiClient(f, key).models.countTokens({ model: GPT, contents: 'how many tokens are in this sentence?' });
    expect(counted.totalTokens).toBeGreaterThan(8);
    expect(openai.received.length).toBe(calls);
  });

  it('converts embedContent to OpenAI embeddings and bills the upstream count', async () => {
    const answer = await geminiClient(f, key).models.embedContent({ model: EMBEDDING, contents: ['hello', 'world!'], config: { outputDimensionality: 3 } });
    expect(answer.embeddings?.map((embedding) => embedding.values)).toEqual([[0.1, 0.2, 0.3]]);
    expect(openai.received.at(-1)).toMatchObject({ path: '/v1/embeddings', json: { model: EMBEDDING, input: ['hello', 'world!'], dimensions: 3 } });
    await f.flush();
    expect(await lastConsumeLog(f)).toMatchObject({ model_name: EMBEDDING, prompt_tokens: 8, completion_tokens: 0 });
  });

  it("leaves Google's built-in tools and safetySettings out of a request converted for OpenAI, naming them in the header and the log", async () => {
    const body = { contents: [{ role: 'user', parts: [{ text: 'news?' }] }], tools: [{ googleSearch: {} }, { codeExecution: {} }, { functionDeclarations: [weatherDeclaration] }], safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' }] };
    const response = await fetch(`${f.url}/v1beta/models/${GPT}:generateContent`, { method: 'POST', headers: { 'x-goog-api-key': `sk-${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-tollgate-dropped')).toBe('safetySettings, tool:codeExecution, tool:web_search');
    expect((openai.received.at(-1)?.json?.tools as { function: { name: string } }[]).map((tool) => tool.function.name)).toEqual([weatherDeclaration.name]);
    await f.flush();
    expect(JSON.parse((await lastConsumeLog(f)).other ?? '')).toMatchObject({ dropped: ['safetySettings', 'tool:codeExecution', 'tool:web_search'] });
  });
});
