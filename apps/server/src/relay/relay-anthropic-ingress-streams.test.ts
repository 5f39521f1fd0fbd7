import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { anthropicClient, postMessages, sseEvents } from '../../test/anthropic-client.js';
import { billAfterLeaving, leaveAfterFiveParts } from '../../test/client-leaves.js';
import { lastConsumeLog } from '../../test/consume-log.js';
import { FAKE_STREAM_ERROR, FakeAnthropicNative } from '../../test/fake-anthropic-native.js';
import { FakeGemini } from '../../test/fake-gemini.js';
import { FakeOpenAI } from '../../test/fake-openai.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';

const SONNET = 'claude-sonnet-4-6';
const GPT = 'gpt-4o-mini';
const GEMINI = 'gemini-2.5-flash';
const ask = (model: string) => ({ model, max_tokens: 500, stream: true, messages: [{ role: 'user', content: 'count slowly' }] });

describe('Anthropic streams', () => {
  let f: RelayFixture;
  let anthropic: FakeAnthropicNative;
  let openai: FakeOpenAI;
  let gemini: FakeGemini;
  let key: string;

  beforeAll(async () => {
    anthropic = await new FakeAnthropicNative('claude').start();
    openai = await new FakeOpenAI('openai').start();
    gemini = await new FakeGemini('gemini').start();
    f = await relayFixture('sqlite');
    await f.ctx.options.set('ModelRatio', JSON.stringify({ [SONNET]: 1, [GPT]: 1, [GEMINI]: 1 }));
    await f.addChannel({ type: 14, name: 'anthropic', key: 'sk-ant-upstream', base_url: anthropic.baseUrl, models: SONNET });
    await f.addChannel({ type: 1, name: 'openai', base_url: openai.baseUrl, models: GPT });
    await f.addChannel({ type: 24, name: 'gemini', key: 'AIza-upstream', base_url: gemini.baseUrl, models: GEMINI });
    key = await f.addKey(await f.addUser('streamer', 10_000_000));
  });
  afterAll(async () => {
    await f.close();
    await Promise.all([anthropic.stop(), openai.stop(), gemini.stop()]);
  });
  afterEach(() => {
    vi.useRealTimers();
    anthropic.behaviour = {};
    openai.behaviour = {};
    gemini.behaviour = {};
  });

  it('writes a converted stream in Anthropic’s event order, each block closed before message_delta', async () => {
    const events = sseEvents(await (await postMessages(f, key, ask(GPT))).text());
    expect(events.map((event) => event.event)).toEqual([
      'message_start',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(events.every((event) => event.data.type === event.event)).toBe(true);
    expect(events[0]?.data).toMatchObject({ message: { id: expect.stringMatching(/^msg_/) as unknown, role: 'assistant', model: GPT, content: [], usage: { input_tokens: expect.any(Number) as unknown } } });
    expect(events[1]?.data).toEqual({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
    expect(events.at(-2)?.data).toEqual({
      type: 'message_delta',
      delta: { stop_reason: 'end_turn', stop_sequence: null },
      usage: { input_tokens: 10, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 5 },
    });
    // A foreign client's stream asks the OpenAI upstream for usage.
    expect(openai.received.at(-1)?.json).toMatchObject({ stream: true, stream_options: { include_usage: true } });
  });

  it.each([
    ['converted', GPT, () => openai],
    ['passed through', SONNET, () => anthropic],
  ])('sends Anthropic’s ping on a %s stream that stays silent', async (_path, model, upstream) => {
    upstream().behaviour = { chunks: 2, chunkDelayMs: 400 };
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const response = await postMessages(f, key, ask(model));
    const reader = response.body?.getReader();
    let body = '';
    while (!body.includes('part0')) body += new TextDecoder().decode((await reader?.read())?.value);
    // Four keep-alive ticks (5 s each) pass while the upstream is silent between its deltas.
    vi.advanceTimersByTime(20_000);
    for (;;) {
      const { value, done } = (await reader?.read()) ?? { done: true };
      if (done) break;
      body += new TextDecoder().decode(value);
    }
    expect(body).toContain('event: ping\ndata: {"type": "ping"}\n\n');
    const events = sseEvents(body);
    const ping = events.findIndex((event) => event.event === 'ping');
    expect(events.slice(ping + 1).some((event) => event.event === 'content_block_delta')).toBe(true);
    expect(events.at(-1)?.event).toBe('message_stop');
  });

  it('brings a passed-through upstream error mid-stream to the client as Anthropic’s error event, and bills what came before', async () => {
    anthropic.behaviour = { streamError: true };
    const stream = anthropicClient(f, key).messages.stream({ model: SONNET, max_tokens: 100, messages: [{ role: 'user', content: 'hi' }] });
    const texts: string[] = [];
    stream.on('text', (text) => texts.push(text));
    const failure = await stream.finalMessage().catch((error: unknown) => error);
    expect(texts).toEqual(['Hello from ']);
    expect(failure).toMatchObject({ error: FAKE_STREAM_ERROR });
    await f.flush();
    // No message_delta came: the prompt and the text produced are counted by Tollgate.
    const log = await lastConsumeLog(f);
    expect(log).toMatchObject({ model_name: SONNET });
    expect(log.completion_tokens).toBeGreaterThan(0);
    expect(log.prompt_tokens).toBeGreaterThan(0);
  });

  it('brings a converted upstream error mid-stream to the client as Anthropic’s error event', async () => {
    gemini.behaviour = { streamError: true };
    const events = sseEvents(await (await postMessages(f, key, ask(GEMINI))).text());
    expect(events[0]?.event).toBe('message_start');
    expect(events.find((event) => event.event === 'content_block_delta')?.data).toMatchObject({ delta: { type: 'text_delta', text: 'Hello' } });
    expect(events.at(-1)).toEqual({ event: 'error', data: { type: 'error', error: { type: 'api_error', message: expect.stringContaining('Internal error') as unknown } } });
    expect(events.some((event) => event.event === 'message_stop')).toBe(false);
  });

  it.each([
    ['converted', GPT, () => openai, 'leaver1'],
    ['passed through', SONNET, () => anthropic, 'leaver2'],
  ])('stops the upstream when the client leaves a %s stream, and bills what was produced', async (_path, model, upstream, username) => {
    const leaver = await f.addUser(username, 10_000_000);
    const leaverKey = await f.addKey(leaver);
    upstream().behaviour = { chunks: 200, chunkDelayMs: 20 };
    const closed = upstream().closedStreams;
    const abort = new AbortController();
    const response = await postMessages(f, leaverKey, ask(model), { signal: abort.signal });
    await leaveAfterFiveParts(response, abort);
    await expect.poll(() => upstream().closedStreams, { timeout: 2000 }).toBe(closed + 1);
    const billed = await billAfterLeaving(f, leaver);
    expect(billed.completion_tokens).toBeGreaterThanOrEqual(5);
    expect(billed.completion_tokens).toBeLessThan(200);
    expect(billed.quota).toBeGreaterThan(0);
  });
});
