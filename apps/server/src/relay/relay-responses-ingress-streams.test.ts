import type OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { billAfterLeaving, leaveAfterFiveParts } from '../../test/client-leaves.js';
import { lastConsumeLog } from '../../test/consume-log.js';
import { FakeGemini } from '../../test/fake-gemini.js';
import { FakeOpenAIResponses } from '../../test/fake-openai-responses.js';
import { FakeOpenAITools } from '../../test/fake-openai-tools.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';

const GPT = 'gpt-5';
const CHAT = 'deepseek-chat';
/** A Gemini channel: Responses requests to it are converted. */
const GEMINI = 'gemini-2.5-flash';

interface StreamEvent {
  type: string;
  sequence_number: number;
  [field: string]: unknown;
}

/** The events of an SSE body, each checked to carry its `event:` name. */
function eventsOf(body: string): StreamEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.startsWith('event: '))
    .map((block) => {
      const [name, data] = block.split('\n');
      const event = JSON.parse((data ?? '').slice('data: '.length)) as StreamEvent;
      expect(name).toBe(`event: ${event.type}`);
      return event;
    });
}

describe('Responses API streams', () => {
  let f: RelayFixture;
  let openai: FakeOpenAIResponses;
  let chat: FakeOpenAITools;
  let gemini: FakeGemini;
  let key: string;
  let client: OpenAI;

  beforeAll(async () => {
    openai = await new FakeOpenAIResponses('openai').start();
    chat = await new FakeOpenAITools('chat').start();
    gemini = await new FakeGemini('gemini').start();
    f = await relayFixture('sqlite');
    await f.ctx.options.set('ModelRatio', JSON.stringify({ [GPT]: 1, [CHAT]: 1, [GEMINI]: 1 }));
    // Streams cut short are counted locally: the approximate counter spares loading a tokenizer.
    await f.ctx.options.set('ApproximateTokenEnabled', 'true');
    await f.addChannel({ type: 1, name: 'openai', key: 'sk-upstream', base_url: openai.baseUrl, models: GPT });
    await f.addChannel({ type: 36, name: 'deepseek', base_url: chat.baseUrl, models: CHAT });
    await f.addChannel({ type: 24, name: 'gemini', key: 'AIza-upstream', base_url: gemini.baseUrl, models: GEMINI });
    key = await f.addKey(await f.addUser('streamer', 10_000_000));
    client = f.client(key);
  });
  afterAll(async () => {
    await f.close();
    for (const upstream of [openai, chat, gemini]) await upstream.stop();
  });
  afterEach(() => {
    openai.responsesBehaviour = {};
    chat.behaviour = {};
    chat.reasoning = false;
    gemini.behaviour = {};
  });

  const post = (body: Record<string, unknown>, signal?: AbortSignal) =>
    fetch(`${f.url}/v1/responses`, { method: 'POST', headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ stream: true, ...body }), ...(signal ? { signal } : {}) });

  it('writes a converted text stream as the full event sequence, numbered in order', async () => {
    const events = eventsOf(await (await post({ model: CHAT, input: 'count' })).text());
    expect(events.map((event) => event.type)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.delta',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ]);
    expect(events.map((event) => event.sequence_number)).toEqual(events.map((_, index) => index));
    expect(events[7]).toMatchObject({ text: 'part0 part1 part2 ', output_index: 0, content_index: 0 });
    expect(events.at(-1)).toMatchObject({ response: { status: 'completed', usage: { input_tokens: 10, output_tokens: 5, total_tokens: 15 }, output: [{ type: 'message', content: [{ text: 'part0 part1 part2 ' }] }] } });
  });

  it('streams reasoning as a summary item before the answer, and the SDK assembles both', async () => {
    chat.reasoning = true;
    const stream = client.responses.stream({ model: CHAT, input: [{ type: 'function_call_output', call_id: 'call_1', output: '18C' }, { role: 'user', content: 'so?' }], tools: [{ type: 'function', name: 'get_weather', parameters: {}, strict: false }] });
    const types: string[] = [];
    for await (const event of stream) types.push(event.type);
    const final = await stream.finalResponse();
    expect(types.slice(2, 6)).toEqual(['response.output_item.added', 'response.reasoning_summary_part.added', 'response.reasoning_summary_text.delta', 'response.reasoning_summary_text.done']);
    expect(final.output.map((item) => item.type)).toEqual(['reasoning', 'message']);
    expect(final.output[0]).toMatchObject({ summary: [{ type: 'summary_text', text: 'Paris is in France.' }] });
    expect(final.output_text).toBe('Paris: 18C');
  });

  it('forwards a passed-through upstream failure mid-stream as it came (response.failed), and bills what came before', async () => {
    openai.responsesBehaviour = { failMidStream: true };
    const events = eventsOf(await (await post({ model: GPT, input: 'hi' })).text());
    expect(events.map((event) => event.type).slice(-3)).toEqual(['response.output_text.delta', 'error', 'response.failed']);
    await f.flush();
    expect(await lastConsumeLog(f)).toMatchObject({ model_name: GPT, completion_tokens: expect.any(Number) as unknown });
  });

  it('turns a converted upstream failure mid-stream into response.failed', async () => {
    gemini.behaviour = { streamError: true };
    const events = eventsOf(await (await post({ model: GEMINI, input: 'hi' })).text());
    expect(events.map((event) => event.type)).toContain('response.output_text.delta');
    expect(events.at(-1)).toMatchObject({ type: 'response.failed', response: { status: 'failed', error: { code: 'server_error' } } });
    expect(events.some((event) => event.type === 'response.completed')).toBe(false);
  });

  it.each([
    ['converted', CHAT, 'leaver1'],
    ['passed through', GPT, 'leaver2'],
  ])('stops the upstream when the client leaves a %s stream, and bills what was produced', async (_path, model, username) => {
    const leaver = await f.addUser(username, 10_000_000);
    const leaverKey = await f.addKey(leaver);
    const passthrough = model === GPT;
    if (passthrough) openai.responsesBehaviour = { deltas: 200, deltaDelayMs: 20 };
    else chat.behaviour = { chunks: 200, chunkDelayMs: 20 };
    const closed = () => (passthrough ? openai.closedResponseStreams : chat.closedStreams);
    const before = closed();
    const abort = new AbortController();
    const response = await fetch(`${f.url}/v1/responses`, {
      method: 'POST',
      headers: { authorization: `Bearer sk-${leaverKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, input: 'count slowly', stream: true }),
      signal: abort.signal,
    });
    await leaveAfterFiveParts(response, abort);
    await expect.poll(closed, { timeout: 2000 }).toBe(before + 1);
    const billed = await billAfterLeaving(f, leaver);
    expect(billed.completion_tokens).toBeGreaterThanOrEqual(5);
    expect(billed.completion_tokens).toBeLessThan(400);
    expect(billed.quota).toBeGreaterThan(0);
  });

  it('sends keep-alives as SSE comments the SDK skips', async () => {
    const { responsesStreamWriter } = await import('../providers/openai/responses/hub-stream-writer.js');
    expect(responsesStreamWriter({ model: CHAT, requestId: 'r1', estimatedPromptTokens: () => 0, client: {} }).keepAlive).toBe(': keep-alive\n\n');
  });
});
