import type Anthropic from '@anthropic-ai/sdk';
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anthropicClient, postMessages, sseEvents, weatherTool } from '../../test/anthropic-client.js';
import { lastConsumeLog } from '../../test/consume-log.js';
import { FakeAnthropicNative } from '../../test/fake-anthropic-native.js';
import { FakeBedrock } from '../../test/fake-bedrock.js';
import { FakeGemini } from '../../test/fake-gemini.js';
import { FakeOpenAITools, TOOL_CALL_ID } from '../../test/fake-openai-tools.js';
import { send, type Received } from '../../test/fake-upstream.js';
import { FakeVertex } from '../../test/fake-vertex.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';

const GPT = 'gpt-4o-mini';
const GEMINI = 'gemini-2.5-flash';
const BEDROCK_CLAUDE = 'claude-3-5-sonnet-20241022';
const VERTEX_CLAUDE = 'claude-sonnet-4-5@20250929';
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/x8AAwMCAO+ip1sAAAAASUVORK5CYII=';
const CREDENTIALS = { accessKeyId: 'AKIDFAKEBEDROCK', secretAccessKey: 'fake/secret+key', region: 'us-west-2' };
const DEEPSEEK = 'deepseek-chat';
const PROJECT = 'proj-claude';
const REGION = 'us-east5';

/** Bedrock's CountTokens, which the fake Bedrock does not serve: `{"inputTokens"}` for a signed call. */
class CountingBedrock extends FakeBedrock {
  protected override async respond(req: http.IncomingMessage, res: http.ServerResponse, received: Received) {
    if (req.url?.endsWith('/count-tokens') && String(req.headers.authorization).startsWith('AWS4-HMAC-SHA256')) return send(res, 200, { inputTokens: 17 });
    return super.respond(req, res, received);
  }
}

/** Claude's token counting on Vertex (the `count-tokens` publisher model), which the fake Vertex does not serve. */
class CountingVertex extends FakeVertex {
  protected override async respond(req: http.IncomingMessage, res: http.ServerResponse, received: Received) {
    if (req.url?.endsWith('/publishers/anthropic/models/count-tokens:rawPredict')) return send(res, 200, { input_tokens: 23 });
    return super.respond(req, res, received);
  }
}

// Conversion: Anthropic clients' requests to channels that do not speak Anthropic go through the hub; Bedrock and Vertex Claude pass through in their own bodies.
describe('Anthropic clients on OpenAI, Gemini, Bedrock and Vertex channels', () => {
  let f: RelayFixture;
  let openai: FakeOpenAITools;
  let gemini: FakeGemini;
  let bedrock: CountingBedrock;
  let vertex: CountingVertex;
  let deepseek: FakeAnthropicNative;
  let key: string;

  beforeAll(async () => {
    openai = await new FakeOpenAITools('openai').start();
    gemini = await new FakeGemini('gemini').start();
    bedrock = await new CountingBedrock('bedrock', CREDENTIALS).start();
    vertex = await new CountingVertex('vertex').start();
    deepseek = await new FakeAnthropicNative('deepseek').start();
    f = await relayFixture('sqlite');
    await f.ctx.options.set('ModelRatio', JSON.stringify({ [GPT]: 1, [GEMINI]: 1, [BEDROCK_CLAUDE]: 1, [VERTEX_CLAUDE]: 1, [DEEPSEEK]: 1 }));
    await f.addChannel({ type: 1, name: 'openai', base_url: openai.baseUrl, models: GPT });
    await f.addChannel({ type: 24, name: 'gemini', key: 'AIza-upstream', base_url: gemini.baseUrl, models: GEMINI });
    await f.addChannel({ type: 33, name: 'bedrock', key: '', config: { region: CREDENTIALS.region, ak: CREDENTIALS.accessKeyId, sk: CREDENTIALS.secretAccessKey }, base_url: bedrock.baseUrl, models: BEDROCK_CLAUDE });
    const adc = vertex.newKey('claude@test-project.iam.gserviceaccount.com');
    await f.addChannel({ type: 42, name: 'vertex', key: '', base_url: vertex.baseUrl, models: VERTEX_CLAUDE, config: JSON.stringify({ region: REGION, vertex_ai_project_id: PROJECT, vertex_ai_adc: adc }) });
    await f.addChannel({ type: 36, name: 'deepseek', key: 'sk-deepseek', base_url: deepseek.baseUrl, models: DEEPSEEK });
    key = await f.addKey(await f.addUser('converter', 10_000_000));
  });
  afterAll(async () => {
    await f.close();
    await Promise.all([openai.stop(), gemini.stop(), bedrock.stop(), vertex.stop(), deepseek.stop()]);
  });

  it('converts text, system, an image and sampling to an OpenAI request, and the answer to a Message', async () => {
    const answer = await anthropicClient(f, key).messages.create({
      model: GPT,
      max_tokens: 300,
      system: 'Be brief.',
      temperature: 0.5,
      top_k: 40,
      stop_sequences: ['END'],
      metadata: { user_id: 'user-7' },
      messages: [{ role: 'user', content: [{ type: 'text', text: 'What is this?' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } }] }],
      // Sampling fields this SDK version no longer types, which clients still send.
    } as Anthropic.MessageCreateParamsNonStreaming);
    expect(answer).toMatchObject({ type: 'message', role: 'assistant', model: GPT, content: [{ type: 'text', text: 'Hello from openai' }], stop_reason: 'end_turn', stop_sequence: null });
    expect(answer.id).toMatch(/^msg_/);
    expect(answer.usage).toMatchObject({ input_tokens: 10, output_tokens: 5, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 });
    // A plain OpenAI request: top_k and the other Anthropic-only fields stay behind.
    expect(openai.received.at(-1)?.json).toEqual({
      model: GPT,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: [{ type: 'text', text: 'What is this?' }, { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } }] },
      ],
      max_tokens: 300,
      temperature: 0.5,
      stop: ['END'],
      user: 'user-7',
    });
    await f.flush();
    expect(await lastConsumeLog(f)).toMatchObject({ model_name: GPT, prompt_tokens: 10, completion_tokens: 5 });
  });

  it('streams a tool call whose arguments the SDK reassembles exactly, then answers the tool_result', async () => {
    const client = anthropicClient(f, key);
    const stream = client.messages.stream({ model: GPT, max_tokens: 300, tools: [weatherTool], tool_choice: { type: 'any' }, messages: [{ role: 'user', content: 'Weather in Paris?' }] });
    const deltas: string[] = [];
    stream.on('inputJson', (partial) => deltas.push(partial));
    const first = await stream.finalMessage();
    expect(first.stop_reason).toBe('tool_use');
    expect(first.content).toEqual([{ type: 'tool_use', id: TOOL_CALL_ID, name: 'get_weather', input: { city: 'Paris' } }]);
    expect(deltas).toEqual(['{"city":', '"Paris"}']);
    expect(first.usage).toMatchObject({ output_tokens: 5 });
    expect(openai.received.at(-1)?.json).toMatchObject({ tools: [{ type: 'function', function: { name: 'get_weather', parameters: weatherTool.input_schema } }], tool_choice: 'required', stream: true });

    const second = await client.messages.create({
      model: GPT,
      max_tokens: 300,
      tools: [weatherTool],
      messages: [
        { role: 'user', content: 'Weather in Paris?' },
        { role: 'assistant', content: first.content },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: TOOL_CALL_ID, content: '{"temp_c":18}' }] },
      ],
    });
    expect(second).toMatchObject({ content: [{ type: 'text', text: 'Paris: {"temp_c":18}' }], stop_reason: 'end_turn' });
    expect((openai.received.at(-1)?.json?.messages as unknown[]).slice(1)).toEqual([
      { role: 'assistant', content: null, tool_calls: [{ id: TOOL_CALL_ID, type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
      { role: 'tool', tool_call_id: TOOL_CALL_ID, content: '{"temp_c":18}' },
    ]);
  });

  it('answers max_tokens and tool_use stop reasons from the hub finish reasons (non-stream tool call)', async () => {
    const answer = await anthropicClient(f, key).messages.create({ model: GPT, max_tokens: 300, tools: [weatherTool], messages: [{ role: 'user', content: 'Weather?' }] });
    expect(answer).toMatchObject({ stop_reason: 'tool_use', content: [{ type: 'tool_use', id: TOOL_CALL_ID, input: { city: 'Paris' } }] });
  });

  it('converts to a Gemini channel: text, and a tool call', async () => {
    const client = anthropicClient(f, key);
    const text = await client.messages.create({ model: GEMINI, max_tokens: 100, messages: [{ role: 'user', content: 'hi' }] });
    expect(text).toMatchObject({ content: [{ type: 'text', text: 'Hello from gemini' }], stop_reason: 'end_turn', usage: { input_tokens: 12, output_tokens: 6 } });
    const call = await client.messages.stream({ model: GEMINI, max_tokens: 100, tools: [weatherTool], messages: [{ role: 'user', content: 'Weather in Paris?' }] }).finalMessage();
    expect(call.stop_reason).toBe('tool_use');
    expect(call.content).toMatchObject([{ type: 'tool_use', name: 'get_weather', input: { city: 'Paris' } }]);
    expect(gemini.received.at(-1)?.path).toBe(`/v1beta/models/${GEMINI}:streamGenerateContent?alt=sse`);
  });

  it('passes through to Bedrock Claude in its body, the stream re-framed as Anthropic SSE', async () => {
    const client = anthropicClient(f, key);
    const answer = await client.messages.create({ model: BEDROCK_CLAUDE, max_tokens: 100, messages: [{ role: 'user', content: 'hi' }] }, { headers: { 'anthropic-beta': 'token-efficient-tools-2025-02-19' } });
    expect(answer).toMatchObject({ id: 'msg_bdrk_01', content: [{ type: 'text', text: 'Hello from bedrock' }], usage: { input_tokens: 14, output_tokens: 7 } });
    const sent = bedrock.received.at(-1);
    expect(sent?.path).toBe(`/model/${encodeURIComponent('anthropic.claude-3-5-sonnet-20241022-v2:0')}/invoke`);
    expect(sent?.json).toEqual({ anthropic_version: 'bedrock-2023-05-31', max_tokens: 100, messages: [{ role: 'user', content: 'hi' }], anthropic_beta: ['token-efficient-tools-2025-02-19'] });

    const response = await postMessages(f, key, { model: BEDROCK_CLAUDE, max_tokens: 100, stream: true, messages: [{ role: 'user', content: 'hi' }] });
    const events = sseEvents(await response.text());
    expect(events.map((event) => event.event)).toEqual(['message_start', 'content_block_start', 'content_block_delta', 'content_block_delta', 'content_block_stop', 'message_delta', 'message_stop']);
    expect(events.every((event) => event.data.type === event.event)).toBe(true);
    expect(bedrock.received.at(-1)?.path).toMatch(/\/invoke-with-response-stream$/);
    expect(bedrock.received.at(-1)?.json).not.toHaveProperty('stream');
    const streamed = await client.messages.stream({ model: BEDROCK_CLAUDE, max_tokens: 100, messages: [{ role: 'user', content: 'hi' }] }).finalMessage();
    expect(streamed.content).toMatchObject([{ type: 'text', text: 'Hello from bedrock' }]);
    await f.flush();
    expect(await lastConsumeLog(f)).toMatchObject({ model_name: BEDROCK_CLAUDE, prompt_tokens: 14, completion_tokens: 7 });
  });

  it('passes through to Vertex Claude with its API version and access token', async () => {
    const client = anthropicClient(f, key);
    const answer = await client.messages.create({ model: VERTEX_CLAUDE, max_tokens: 100, messages: [{ role: 'user', content: 'hi' }] }, { headers: { 'anthropic-beta': 'context-1m-2025-08-07' } });
    expect(answer).toMatchObject({ id: 'msg_vrtx_01', content: [{ type: 'text', text: 'Hello from vertex claude' }] });
    const calls = vertex.received.filter((r) => r.path !== '/token');
    expect(calls.at(-1)?.path).toBe(`/v1/projects/${PROJECT}/locations/${REGION}/publishers/anthropic/models/${VERTEX_CLAUDE}:rawPredict`);
    expect(calls.at(-1)?.json).toEqual({ anthropic_version: 'vertex-2023-10-16', max_tokens: 100, messages: [{ role: 'user', content: 'hi' }] });
    expect(calls.at(-1)?.headers).toMatchObject({ 'anthropic-beta': 'context-1m-2025-08-07', authorization: expect.stringMatching(/^Bearer ya29\./) as unknown });
    const streamed = await client.messages.stream({ model: VERTEX_CLAUDE, max_tokens: 100, messages: [{ role: 'user', content: 'hi' }] }).finalMessage();
    expect(streamed.content).toMatchObject([{ type: 'text', text: 'Hello from vertex claude' }]);
    expect(vertex.received.at(-1)?.path).toMatch(/:streamRawPredict$/);
  });

  it('counts tokens on Bedrock (CountTokens, answered in Anthropic’s shape) and on Vertex', async () => {
    const client = anthropicClient(f, key);
    expect(await client.messages.countTokens({ model: BEDROCK_CLAUDE, messages: [{ role: 'user', content: 'hi' }] })).toEqual({ input_tokens: 17 });
    const counted = bedrock.received.at(-1);
    expect(counted?.path).toBe(`/model/${encodeURIComponent('anthropic.claude-3-5-sonnet-20241022-v2:0')}/count-tokens`);
    const wrapped = (counted?.json as { input: { invokeModel: { body: string } } }).input.invokeModel.body;
    expect(JSON.parse(Buffer.from(wrapped, 'base64').toString('utf8'))).toEqual({ anthropic_version: 'bedrock-2023-05-31', messages: [{ role: 'user', content: 'hi' }], max_tokens: 1 });
    expect(await client.messages.countTokens({ model: VERTEX_CLAUDE, messages: [{ role: 'user', content: 'hi' }] })).toEqual({ input_tokens: 23 });
    expect(vertex.received.at(-1)?.json).toEqual({ anthropic_version: 'vertex-2023-10-16', model: VERTEX_CLAUDE, messages: [{ role: 'user', content: 'hi' }] });
  });

  it('sends a PDF as a file part; leaves out a server tool it is offered, naming it, and refuses one it is forced to use', async () => {
    const pdf = Buffer.from('%PDF-1.4 fake').toString('base64');
    await anthropicClient(f, key).messages.create({ model: GPT, max_tokens: 50, messages: [{ role: 'user', content: [{ type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: pdf }, title: 'spec' }, { type: 'text', text: 'Summarize.' }] }] });
    expect((openai.received.at(-1)?.json?.messages as unknown[])[0]).toEqual({ role: 'user', content: [{ type: 'file', file: { filename: 'spec.pdf', file_data: `data:application/pdf;base64,${pdf}` } }, { type: 'text', text: 'Summarize.' }] });

    const search = { type: 'web_search_20250305', name: 'web_search', max_uses: 3 };
    const offered = await postMessages(f, key, { model: GPT, max_tokens: 50, tools: [search, weatherTool], messages: [{ role: 'user', content: 'news?' }] });
    expect(offered.status).toBe(200);
    expect(offered.headers.get('x-tollgate-dropped')).toBe('tool:web_search');
    expect((openai.received.at(-1)?.json?.tools as { function: { name: string } }[]).map((tool) => tool.function.name)).toEqual([weatherTool.name]);

    const calls = openai.received.length;
    const forced = await postMessages(f, key, { model: GPT, max_tokens: 50, tools: [search], tool_choice: { type: 'tool', name: 'web_search' }, messages: [{ role: 'user', content: 'news?' }] });
    expect(forced.status).toBe(400);
    expect(await forced.json()).toMatchObject({ type: 'error', error: { type: 'invalid_request_error', message: expect.stringContaining('web_search') as unknown } });
    expect(openai.received.length).toBe(calls);
  });

  it("passes through to DeepSeek's Anthropic endpoint, and counts tokens locally where the vendor does not", async () => {
    deepseek.behaviour = { noCountTokens: true };
    const client = anthropicClient(f, key);
    const answer = await client.messages.create({ model: DEEPSEEK, max_tokens: 50, messages: [{ role: 'user', content: 'hi' }] });
    expect(answer).toMatchObject({ id: 'msg_native01', content: [{ type: 'text', text: 'Hello from deepseek' }] });
    expect(deepseek.received.at(-1)).toMatchObject({ path: '/anthropic/v1/messages', headers: { 'x-api-key': 'sk-deepseek', authorization: 'Bearer sk-deepseek' } });
    const counted = await client.messages.countTokens({ model: DEEPSEEK, messages: [{ role: 'user', content: 'how many tokens?' }] });
    expect(deepseek.received.at(-1)?.path).toBe('/anthropic/v1/messages/count_tokens');
    expect(counted.input_tokens).toBeGreaterThan(3);
  });
});
