import { parseLogOther } from '@tollgate/contract';
import OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { anthropicClient, postMessages, sseEvents } from '../../test/anthropic-client.js';
import { lastConsumeLog } from '../../test/consume-log.js';
import { databaseKinds } from '../../test/databases.js';
import { FakeAnthropicNative, NATIVE_USAGE } from '../../test/fake-anthropic-native.js';
import { FakeOpenAI } from '../../test/fake-openai.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';
import { billingMark, settledSince, type BillingMark } from '../../test/stream-break.js';

const GPT = 'gpt-4o-mini';
const SONNET = 'claude-sonnet-4-6';
/** The same Claude model behind an OpenAI client: converted, so the hub's stream reading is what is tested. */
const SONNET_FOR_OPENAI = 'claude-via-chat';
const NATIVE_PROMPT = NATIVE_USAGE.input_tokens + NATIVE_USAGE.cache_creation_input_tokens + NATIVE_USAGE.cache_read_input_tokens;

/**
 * Streams cut short (issue 17, items 1 and 3): the client is told in its own protocol, never with a success
 * marker; the log says the answer was interrupted; the bill is the upstream's reported input and the larger
 * of the output it reported and what reached the client, and it adds up (log rows = quota used).
 */
describe.each(databaseKinds)('streams cut short on %s', (kind) => {
  let f: RelayFixture;
  let openai: FakeOpenAI;
  let anthropic: FakeAnthropicNative;
  let userId: number;
  let key: string;

  beforeAll(async () => {
    openai = await new FakeOpenAI('openai').start();
    anthropic = await new FakeAnthropicNative('claude').start();
    f = await relayFixture(kind);
    await f.ctx.options.set('ModelRatio', JSON.stringify({ [GPT]: 1, [SONNET]: 1, [SONNET_FOR_OPENAI]: 1 }));
    await f.ctx.options.set('CompletionRatio', JSON.stringify({ [GPT]: 1, [SONNET]: 1, [SONNET_FOR_OPENAI]: 1 }));
    await f.addChannel({ type: 1, name: 'openai', base_url: openai.baseUrl, models: GPT });
    await f.addChannel({ type: 14, name: 'claude', key: 'sk-ant-upstream', base_url: anthropic.baseUrl, models: `${SONNET},${SONNET_FOR_OPENAI}`, model_mapping: JSON.stringify({ [SONNET_FOR_OPENAI]: SONNET }) });
    userId = await f.addUser('edges', 10_000_000);
    key = await f.addKey(userId);
  });
  afterAll(async () => {
    await f.close();
    await Promise.all([openai.stop(), anthropic.stop()]);
  });
  afterEach(() => {
    openai.behaviour = {};
    anthropic.behaviour = {};
  });

  const mark = () => billingMark(f, userId);
  const chatStream = (model: string) =>
    fetch(`${f.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, stream: true, messages: [{ role: 'user', content: 'count' }] }),
    });
  const settled = (start: BillingMark) => settledSince(f, userId, start);

  it('ends an OpenAI stream the upstream dropped with an error event and no [DONE], and logs it interrupted', async () => {
    openai.behaviour = { breakStream: true };
    const before = await mark();
    const body = await (await chatStream(GPT)).text();
    expect(body).toContain('part2');
    expect(body).not.toContain('[DONE]');
    const last = body.trim().split('\n\n').at(-1) ?? '';
    expect(JSON.parse(last.replace(/^data: /, ''))).toMatchObject({ error: { code: 'stream_interrupted', message: expect.stringMatching(/before its answer was complete/) as unknown } });
    const { log, other } = await settled(before);
    expect(other.interrupted).toBe('upstream');
    expect(log.content).toContain('interrupted');
    // Counted locally (the upstream reported nothing): what was produced is billed.
    expect(log.completion_tokens).toBeGreaterThan(0);
  });

  it('makes the OpenAI SDK raise on such a stream instead of returning a truncated answer', async () => {
    openai.behaviour = { breakStream: true };
    const client = new OpenAI({ apiKey: `sk-${key}`, baseURL: `${f.url}/v1`, maxRetries: 0 });
    const read = async () => {
      let text = '';
      for await (const chunk of await client.chat.completions.create({ model: GPT, stream: true, messages: [{ role: 'user', content: 'count' }] })) text += chunk.choices[0]?.delta.content ?? '';
      return text;
    };
    await expect(read()).rejects.toThrow(/before its answer was complete/);
  });

  it('passes an OpenAI upstream’s own mid-stream error on, with no [DONE] after it', async () => {
    openai.behaviour = { streamError: true };
    const start = await mark();
    const body = await (await chatStream(GPT)).text();
    expect(body).toContain('The server had an error');
    expect(body).not.toContain('[DONE]');
    expect(body.match(/"error"/g)).toHaveLength(1);
    expect(parseLogOther((await settled(start)).log.other).interrupted).toBe('upstream');
  });

  it('still takes a stream that finished without [DONE] for a whole answer', async () => {
    openai.behaviour = { omitDone: true };
    const start = await mark();
    const body = await (await chatStream(GPT)).text();
    expect(body).not.toContain('stream_interrupted');
    expect(body.trim().endsWith('data: [DONE]')).toBe(true);
    expect((await settled(start)).other.interrupted).toBeUndefined();
  });

  it('retries a stream on another channel when its upstream fails before sending anything, unseen by the client', async () => {
    const broken = await new FakeOpenAI('broken').start();
    try {
      broken.behaviour = { dropAfterHeaders: true };
      // Preferred (higher priority), so the first attempt goes to it.
      const brokenId = await f.addChannel({ type: 1, name: 'broken', base_url: broken.baseUrl, models: GPT, priority: 10 });
      await f.ctx.options.set('RetryTimes', '1');
      const start = await mark();
      const body = await (await chatStream(GPT)).text();
      expect(broken.received).toHaveLength(1);
      expect(body).toContain('part2');
      expect(body.trim().endsWith('data: [DONE]')).toBe(true);
      const { log, other } = await settled(start);
      expect(log.channel_id).not.toBe(brokenId);
      expect(other.interrupted).toBeUndefined();
      await f.removeChannel(brokenId);
    } finally {
      await f.ctx.options.set('RetryTimes', '0');
      await broken.stop();
    }
  });

  it('ends a passed-through Anthropic stream the upstream dropped with Anthropic’s error event, billing the input it announced', async () => {
    anthropic.behaviour = { chunks: 4, breakAfter: 2 };
    const before = await mark();
    const events = sseEvents(await (await postMessages(f, key, { model: SONNET, max_tokens: 100, stream: true, messages: [{ role: 'user', content: 'count' }] })).text());
    expect(events.map((event) => event.event)).toEqual(['message_start', 'content_block_start', 'content_block_delta', 'content_block_delta', 'error']);
    expect(events.at(-1)?.data).toMatchObject({ type: 'error', error: { type: 'api_error' } });
    const { log, other } = await settled(before);
    // message_start's input, cache breakdown included, instead of a local count of the prompt.
    expect(log.prompt_tokens).toBe(NATIVE_PROMPT);
    expect(other).toMatchObject({ interrupted: 'upstream', passthrough: true, cache_read_tokens: NATIVE_USAGE.cache_read_input_tokens, cache_write_tokens: NATIVE_USAGE.cache_creation_input_tokens });
    // Two deltas reached the client: more than the 1 output token message_start announced.
    expect(log.completion_tokens).toBeGreaterThan(1);
  });

  it('makes the Anthropic SDK raise on it', async () => {
    anthropic.behaviour = { chunks: 4, breakAfter: 2 };
    const stream = anthropicClient(f, key).messages.stream({ model: SONNET, max_tokens: 100, messages: [{ role: 'user', content: 'count' }] });
    await expect(stream.finalMessage()).rejects.toThrow();
  });

  it('bills a converted Anthropic stream that failed mid-way from the input it announced and the output delivered', async () => {
    anthropic.behaviour = { chunks: 3, streamError: true };
    const before = await mark();
    const body = await (await chatStream(SONNET_FOR_OPENAI)).text();
    expect(body).toContain('Overloaded');
    expect(body).not.toContain('[DONE]');
    const { log, other } = await settled(before);
    expect(log.prompt_tokens).toBe(NATIVE_PROMPT);
    expect(log.completion_tokens).toBeGreaterThan(1);
    expect(other.interrupted).toBe('upstream');
  });
});

/**
 * Every OpenAI-protocol stream asks the upstream for usage where the vendor takes it (issue 17, item 4):
 * the bill is the upstream's count, and a client that did not ask for usage does not get the chunk.
 */
describe('usage asked of every OpenAI stream', () => {
  let f: RelayFixture;
  let openai: FakeOpenAI;
  let key: string;

  beforeAll(async () => {
    openai = await new FakeOpenAI('openai').start();
    f = await relayFixture('sqlite');
    await f.ctx.options.set('ModelRatio', JSON.stringify({ [GPT]: 1 }));
    await f.addChannel({ type: 1, name: 'openai', base_url: openai.baseUrl, models: GPT });
    key = await f.addKey(await f.addUser('usage', 10_000_000));
  });
  afterAll(async () => {
    await f.close();
    await openai.stop();
  });

  const stream = (streamOptions?: object) =>
    fetch(`${f.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: GPT, stream: true, messages: [{ role: 'user', content: 'a long question whose local count differs from the upstream’s' }], ...(streamOptions ? { stream_options: streamOptions } : {}) }),
    });

  it('bills the upstream’s usage of a stream whose client asked none, and keeps the usage chunk from it', async () => {
    openai.behaviour = { usage: { prompt_tokens: 11, completion_tokens: 5 } };
    const body = await (await stream()).text();
    expect(openai.received.at(-1)?.json).toMatchObject({ stream_options: { include_usage: true } });
    expect(body).not.toContain('"usage"');
    expect(body.trim().endsWith('data: [DONE]')).toBe(true);
    await f.flush();
    expect(await lastConsumeLog(f)).toMatchObject({ prompt_tokens: 11, completion_tokens: 5 });
  });

  it('passes the usage chunk to a client that asked for it', async () => {
    openai.behaviour = { usage: { prompt_tokens: 11, completion_tokens: 5 } };
    const body = await (await stream({ include_usage: true })).text();
    expect(body).toContain('"usage":{"prompt_tokens":11,"completion_tokens":5');
  });
});
