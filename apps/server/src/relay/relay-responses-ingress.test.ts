import type OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { lastConsumeLog } from '../../test/consume-log.js';
import { databaseKinds } from '../../test/databases.js';
import { FakeAnthropic } from '../../test/fake-anthropic.js';
import { ARGUMENT_PIECES, FakeOpenAIResponses, RESPONSES_CALL_ID } from '../../test/fake-openai-responses.js';
import { FakeOpenAITools } from '../../test/fake-openai-tools.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';

/** Served by two OpenAI channels, which take the Responses API natively. */
const GPT = 'gpt-5';
/** Served by a chat-completions-only vendor (DeepSeek) and by Anthropic: Responses requests are converted. */
const CHAT = 'deepseek-chat';
const CLAUDE = 'claude-sonnet-4-5';

const weatherTool = { type: 'function' as const, name: 'get_weather', description: 'Weather of a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }, strict: false };

// The official SDK's responses.create and responses.stream, through passthrough and conversion, billed on every database.
describe.each(databaseKinds)('Responses API clients on %s', (kind) => {
  let f: RelayFixture;
  let openaiA: FakeOpenAIResponses;
  let openaiB: FakeOpenAIResponses;
  let chat: FakeOpenAITools;
  let claude: FakeAnthropic;
  let userId: number;
  let key: string;
  let client: OpenAI;
  const channels = new Map<number, FakeOpenAIResponses>();

  beforeAll(async () => {
    openaiA = await new FakeOpenAIResponses('openaiA').start();
    openaiB = await new FakeOpenAIResponses('openaiB').start();
    chat = await new FakeOpenAITools('chat').start();
    claude = await new FakeAnthropic('claude').start();
    f = await relayFixture(kind);
    await f.ctx.options.set('ModelRatio', JSON.stringify({ [GPT]: 1, [CHAT]: 1, [CLAUDE]: 1 }));
    channels.set(await f.addChannel({ type: 1, name: 'openai-a', key: 'sk-upstream-a', base_url: openaiA.baseUrl, models: GPT }), openaiA);
    channels.set(await f.addChannel({ type: 1, name: 'openai-b', key: 'sk-upstream-b', base_url: openaiB.baseUrl, models: GPT }), openaiB);
    await f.addChannel({ type: 36, name: 'deepseek', base_url: chat.baseUrl, models: CHAT });
    await f.addChannel({ type: 14, name: 'claude', key: 'sk-ant-upstream', base_url: claude.baseUrl, models: CLAUDE });
    userId = await f.addUser('responder', 10_000_000);
    key = await f.addKey(userId);
    client = f.client(key);
  });
  afterAll(async () => {
    await f.close();
    for (const upstream of [openaiA, openaiB, chat, claude]) await upstream.stop();
  });
  afterEach(() => {
    openaiA.responsesBehaviour = {};
    openaiB.responsesBehaviour = {};
  });

  /** The user's used quota once every earlier charge is written. */
  const usedQuota = async () => {
    await f.flush();
    return (await f.ctx.db.selectFrom('users').select('used_quota').where('id', '=', userId).executeTakeFirstOrThrow()).used_quota;
  };
  const openAIOf = (channelId: number) => channels.get(channelId) as FakeOpenAIResponses;

  it('passes responses.create through to OpenAI and bills input, cached, output and reasoning tokens', async () => {
    for (const upstream of [openaiA, openaiB]) upstream.responsesBehaviour = { usage: { input_tokens: 100, output_tokens: 40, cached: 60, reasoning: 30 } };
    const before = await usedQuota();
    const answer = await client.responses.create({ model: GPT, input: 'hi', instructions: 'Be brief.', store: true });
    expect(answer.output_text).toMatch(/^Hello from openai[AB]$/);
    expect(answer.id).toMatch(/^resp_openai[AB]\d+$/);
    expect(answer.usage).toMatchObject({ input_tokens: 100, input_tokens_details: { cached_tokens: 60 }, output_tokens: 40, output_tokens_details: { reasoning_tokens: 30 } });

    await f.flush();
    const log = await lastConsumeLog(f);
    const upstream = openAIOf(log.channel_id);
    const sent = upstream.received.at(-1);
    expect(sent?.path).toBe('/v1/responses');
    expect(sent?.headers.authorization).toBe(upstream === openaiA ? 'Bearer sk-upstream-a' : 'Bearer sk-upstream-b');
    expect(sent?.json).toEqual({ model: GPT, input: 'hi', instructions: 'Be brief.', store: true });
    expect(log).toMatchObject({ model_name: GPT, prompt_tokens: 100, completion_tokens: 40 });
    expect(JSON.parse(log.other ?? '{}')).toMatchObject({ protocol: 'responses', passthrough: true, cache_read_tokens: 60, reasoning_tokens: 30 });
    expect(log.quota).toBeGreaterThan(0);
    expect((await usedQuota()) - before).toBe(log.quota);
  });

  it('streams a function call through with responses.stream: events in order, arguments reassembled exactly', async () => {
    const before = await usedQuota();
    const stream = client.responses.stream({ model: GPT, input: 'Weather in Paris?', tools: [weatherTool] });
    const types: string[] = [];
    let argumentDeltas = '';
    for await (const event of stream) {
      types.push(event.type);
      if (event.type === 'response.function_call_arguments.delta') argumentDeltas += event.delta;
    }
    const final = await stream.finalResponse();
    expect(types).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      ...ARGUMENT_PIECES.map(() => 'response.function_call_arguments.delta'),
      'response.function_call_arguments.done',
      'response.output_item.done',
      'response.completed',
    ]);
    expect(argumentDeltas).toBe('{"city": "Paris"}');
    expect(final.output[0]).toMatchObject({ type: 'function_call', call_id: RESPONSES_CALL_ID, name: 'get_weather', arguments: '{"city": "Paris"}' });
    await f.flush();
    const log = await lastConsumeLog(f);
    expect(log).toMatchObject({ model_name: GPT, prompt_tokens: 20, completion_tokens: 8 });
    expect(Boolean(log.is_stream)).toBe(true);
    expect((await usedQuota()) - before).toBe(log.quota);
  });

  it('routes previous_response_id to the channel that stored the response, streamed or not', async () => {
    for (const stream of [false, true, false, true]) {
      const first = await client.responses.create({ model: GPT, input: 'hi' });
      const owner = first.id.startsWith('resp_openaiA') ? openaiA : openaiB;
      const next = stream
        ? await client.responses.stream({ model: GPT, input: 'and then?', previous_response_id: first.id }).finalResponse()
        : await client.responses.create({ model: GPT, input: 'and then?', previous_response_id: first.id });
      expect(next.output_text).toBe(`Continuing ${first.id}`);
      expect(owner.received.at(-1)?.json).toMatchObject({ previous_response_id: first.id });
    }
  });

  it('retrieves, lists the input items of, cancels and deletes a stored response on its channel, unbilled', async () => {
    const created = await client.responses.create({ model: GPT, input: 'hi' });
    await f.flush();
    const before = await usedQuota();
    const logs = async () => (await f.ctx.db.selectFrom('logs').select('id').where('user_id', '=', userId).execute()).length;
    const logCount = await logs();
    const retrieved = await client.responses.retrieve(created.id);
    expect(retrieved).toMatchObject({ id: created.id, status: 'completed' });
    const items = await client.responses.inputItems.list(created.id);
    expect(items.data[0]).toMatchObject({ type: 'message', role: 'user' });
    expect((await client.responses.cancel(created.id)).status).toBe('cancelled');
    await client.responses.delete(created.id);
    await expect(client.responses.retrieve(created.id)).rejects.toMatchObject({ status: 404 });
    await f.flush();
    expect(await usedQuota()).toBe(before);
    expect(await logs()).toBe(logCount);
  });

  it("answers 404 in OpenAI's shape for an unknown response and for another user's", async () => {
    await expect(client.responses.retrieve('resp_unknown')).rejects.toMatchObject({ status: 404, error: { type: 'invalid_request_error', code: 'not_found' } });
    const created = await client.responses.create({ model: GPT, input: 'hi' });
    const other = f.client(await f.addKey(await f.addUser('stranger', 10_000_000)));
    await expect(other.responses.retrieve(created.id)).rejects.toMatchObject({ status: 404 });
    await expect(other.responses.delete(created.id)).rejects.toMatchObject({ status: 404 });
    expect(await client.responses.retrieve(created.id)).toMatchObject({ id: created.id });
  });

  it.each([
    ['a chat completions channel', CHAT],
    ['an Anthropic channel', CLAUDE],
  ])('converts a function-call round trip for %s, and bills what it reports', async (_name, model) => {
    const before = await usedQuota();
    const first = await client.responses.create({ model, input: 'Weather in Paris?', tools: [weatherTool] });
    expect(first).toMatchObject({ object: 'response', status: 'completed', model });
    const call = first.output.find((item) => item.type === 'function_call');
    expect(call).toMatchObject({ type: 'function_call', name: 'get_weather' });
    expect(JSON.parse((call as { arguments: string }).arguments)).toEqual({ city: 'Paris' });
    const callId = (call as { call_id: string }).call_id;
    const second = await client.responses.create({
      model,
      input: [{ role: 'user', content: 'Weather in Paris?' }, call as never, { type: 'function_call_output', call_id: callId, output: '{"temp_c":18}' }],
      tools: [weatherTool],
    });
    expect(second.output_text).toBe('Paris: {"temp_c":18}');
    await f.flush();
    const log = await lastConsumeLog(f);
    expect(log).toMatchObject({ model_name: model });
    expect(JSON.parse(log.other ?? '{}')).toMatchObject({ protocol: 'responses' });
    expect(JSON.parse(log.other ?? '{}').passthrough).toBeUndefined();
    const logs = await f.ctx.db.selectFrom('logs').select('quota').where('user_id', '=', userId).orderBy('id', 'desc').limit(2).execute();
    expect((await usedQuota()) - before).toBe(logs.reduce((sum, row) => sum + row.quota, 0));
  });

  it.each([
    ['a chat completions channel', CHAT],
    ['an Anthropic channel', CLAUDE],
  ])('streams a converted function call for %s with the arguments reassembled exactly', async (_name, model) => {
    const stream = client.responses.stream({ model, input: 'Weather in Paris?', tools: [weatherTool] });
    const types: string[] = [];
    let argumentDeltas = '';
    for await (const event of stream) {
      types.push(event.type);
      if (event.type === 'response.function_call_arguments.delta') argumentDeltas += event.delta;
    }
    const final = await stream.finalResponse();
    expect(types[0]).toBe('response.created');
    expect(types[1]).toBe('response.in_progress');
    expect(types.at(-1)).toBe('response.completed');
    const call = final.output.find((item) => item.type === 'function_call') as { arguments: string; name: string };
    expect(call.name).toBe('get_weather');
    expect(call.arguments).toBe(argumentDeltas);
    expect(JSON.parse(argumentDeltas)).toEqual({ city: 'Paris' });
    expect(final.usage?.input_tokens).toBeGreaterThan(0);
    await f.flush();
    expect(await lastConsumeLog(f)).toMatchObject({ model_name: model, is_stream: expect.anything() as unknown });
  });
});
