import { createOpenAI } from '@ai-sdk/openai';
import { generateObject, streamText } from 'ai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FakeAnthropic } from '../../test/fake-anthropic.js';
import { FakeAnthropicNative } from '../../test/fake-anthropic-native.js';
import { FakeOpenAI } from '../../test/fake-openai.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';

const CLAUDE = 'claude-sonnet-4-5';
const CLAUDE_STREAMING = 'claude-sonnet-4-6';
const GPT = 'gpt-4o-mini';

/**
 * The Vercel AI SDK, the client most apps use, against a listening Tollgate through its OpenAI provider
 * (Chat Completions): structured output on a Claude channel gets its object, and a stream its upstream broke
 * off raises instead of finishing cleanly with half an answer (issue 17).
 */
describe('the Vercel AI SDK through Tollgate', () => {
  let f: RelayFixture;
  let anthropic: FakeAnthropic;
  let native: FakeAnthropicNative;
  let openai: FakeOpenAI;
  let key: string;

  beforeAll(async () => {
    anthropic = await new FakeAnthropic('claude').start();
    native = await new FakeAnthropicNative('claude-native').start();
    openai = await new FakeOpenAI('openai').start();
    f = await relayFixture('sqlite');
    await f.ctx.options.set('ModelRatio', JSON.stringify({ [CLAUDE]: 1, [CLAUDE_STREAMING]: 1, [GPT]: 1 }));
    await f.addChannel({ type: 14, name: 'claude', key: 'sk-ant', base_url: anthropic.baseUrl, models: CLAUDE });
    await f.addChannel({ type: 14, name: 'claude-native', key: 'sk-ant', base_url: native.baseUrl, models: CLAUDE_STREAMING });
    await f.addChannel({ type: 1, name: 'openai', base_url: openai.baseUrl, models: GPT });
    key = await f.addKey(await f.addUser('aisdk', 10_000_000));
  });
  afterAll(async () => {
    await f.close();
    await Promise.all([anthropic.stop(), native.stop(), openai.stop()]);
  });
  afterEach(() => {
    native.behaviour = {};
    openai.behaviour = {};
  });

  const provider = () => createOpenAI({ apiKey: `sk-${key}`, baseURL: `${f.url}/v1` });

  it('generateObject with a zod schema on an Anthropic channel returns the object', async () => {
    const { object } = await generateObject({ model: provider().chat(CLAUDE), schema: z.object({ city: z.string() }), prompt: 'Which city?', maxRetries: 0 });
    expect(object).toEqual({ city: 'Paris' });
    const sent = anthropic.received.at(-1)?.json as { tool_choice?: unknown };
    expect(sent.tool_choice).toEqual({ type: 'tool', name: 'structured_output' });
  });

  /** Reads a streamText to its end: the text, the errors its onError saw, how onFinish says it ended. */
  const consume = async (model: string) => {
    const errors: unknown[] = [];
    let finishReason: string | undefined;
    const result = streamText({ model: provider().chat(model), prompt: 'count', maxRetries: 0, onError: ({ error }) => void errors.push(error), onFinish: (end) => void (finishReason = end.finishReason) });
    let text = '';
    let streamError: unknown;
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta') text += part.text;
      if (part.type === 'error') streamError = part.error;
    }
    return { text, errors, streamError, finishReason };
  };

  it.each([
    ['an OpenAI channel', GPT, () => (openai.behaviour = { breakStream: true })],
    ['a converted Anthropic channel', CLAUDE_STREAMING, () => (native.behaviour = { chunks: 4, breakAfter: 2 })],
  ])('streamText raises an error when the upstream of %s breaks off mid-stream', async (_name, model, breakUpstream) => {
    breakUpstream();
    const { text, errors, streamError, finishReason } = await consume(model);
    expect(text.length).toBeGreaterThan(0);
    expect(String((streamError as { message?: string } | undefined)?.message ?? streamError)).toMatch(/before its answer was complete|interrupted/);
    expect(errors).toHaveLength(1);
    // The SDK ends the step with its `error` reason, never `stop`: the answer is not taken for whole.
    expect(finishReason).toBe('error');
  });

  it('and finishes cleanly when the stream is whole', async () => {
    const { text, errors, finishReason } = await consume(GPT);
    expect(text).toBe('part0 part1 part2 ');
    expect(errors).toEqual([]);
    expect(finishReason).toBe('stop');
  });
});
