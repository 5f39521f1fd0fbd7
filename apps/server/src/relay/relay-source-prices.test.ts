import { calcPrice, type Usage } from '@pydantic/genai-prices';
import { parseLogOther } from '@tollgate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastConsumeLog } from '../../test/consume-log.js';
import { FakeJsonServer } from '../../test/fake-json-server.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';

/**
 * Current models are priced out of the box from the maintained price source (genai-prices): a request's
 * charge is the package's own price for the same usage, at the default QuotaPerUnit (500,000 points per
 * dollar), cache reads and writes and long-context tiers included; the log names the source and its date.
 */
describe('prices from the maintained source, through the relay', () => {
  let f: RelayFixture;
  const upstream = new FakeJsonServer();
  let key: string;
  /** What each fake vendor reports as used by the next request. */
  let openaiUsage: Record<string, unknown> = {};
  let anthropicUsage: Record<string, unknown> = {};
  let geminiUsage: Record<string, unknown> = {};

  beforeAll(async () => {
    const base = await upstream.start();
    const chatAnswer = (request: { body: string }) => ({
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 1,
      model: (JSON.parse(request.body) as { model: string }).model,
      choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
      usage: openaiUsage,
    });
    upstream.on('POST', '/v1/chat/completions', chatAnswer);
    upstream.on('POST', '/v1/messages', (request) => ({
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: (JSON.parse(request.body) as { model: string }).model,
      content: [{ type: 'text', text: 'ok' }],
      stop_reason: 'end_turn',
      usage: anthropicUsage,
    }));
    for (const model of ['gemini-3-pro-preview', 'gemini-3-flash-preview']) {
      upstream.on('POST', `/v1beta/models/${model}:generateContent`, () => ({
        candidates: [{ content: { role: 'model', parts: [{ text: 'ok' }] }, finishReason: 'STOP' }],
        usageMetadata: geminiUsage,
        modelVersion: model,
      }));
    }
    f = await relayFixture('sqlite');
    await f.ctx.options.set('PreConsumedQuota', '0');
    // A fresh install: no price of the operator's own; the channels list what the agents ask for by default.
    await f.addChannel({ name: 'openai', type: 1, base_url: base, models: 'gpt-5.2,gpt-4o' });
    await f.addChannel({ name: 'claude', type: 14, base_url: base, models: 'claude-sonnet-4-6,claude-sonnet-4-5,claude-opus-4-8,claude-haiku-4-5,claude-opus-4-5-20251101' });
    await f.addChannel({ name: 'gemini', type: 24, base_url: base, models: 'gemini-3-pro-preview,gemini-3-flash-preview' });
    await f.addChannel({ name: 'deepseek', type: 36, base_url: base, models: 'deepseek-v3.2' });
    await f.addChannel({ name: 'moonshot', type: 25, base_url: base, models: 'kimi-k2.5' });
    key = await f.addKey(await f.addUser('sourceprice', 1_000_000_000));
  });
  afterAll(async () => {
    await f.close();
    await upstream.close();
  });

  const chat = async (model: string) => {
    const response = await fetch(`${f.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    await f.flush();
    return lastConsumeLog(f);
  };
  /** The package's price of the usage, in quota points at QuotaPerUnit 500,000, as the relay rounds it (up). */
  const packagePoints = (usage: Usage, model: string, providerId: string) => {
    const price = calcPrice(usage, model, { providerId });
    if (!price) throw new Error(`the package has no price for ${providerId}:${model}`);
    return Math.ceil(Number((price.total_price * 500_000).toPrecision(12)));
  };

  it('prices Claude with cache reads and writes at the package’s price, and names the source and its date', async () => {
    anthropicUsage = { input_tokens: 1200, cache_creation_input_tokens: 3000, cache_read_input_tokens: 20_000, output_tokens: 700 };
    const log = await chat('claude-sonnet-4-6');
    expect(log.quota).toBe(packagePoints({ input_tokens: 24_200, cache_write_tokens: 3000, cache_read_tokens: 20_000, output_tokens: 700 }, 'claude-sonnet-4-6', 'anthropic'));
    const other = parseLogOther(log.other);
    expect(other.price_origin).toEqual({ kind: 'source', name: expect.stringMatching(/^genai-prices \d+\.\d+\.\d+$/), date: expect.stringMatching(/^\d{4}-\d\d-\d\d$/) });
    expect(other).toMatchObject({ cache_read_tokens: 20_000, cache_write_tokens: 3000 });
  });

  it('prices a Claude prompt past 200K tokens at the long-context tier, as the package does', async () => {
    anthropicUsage = { input_tokens: 150_000, cache_creation_input_tokens: 10_000, cache_read_input_tokens: 60_000, output_tokens: 2000 };
    const long = { input_tokens: 220_000, cache_write_tokens: 10_000, cache_read_tokens: 60_000, output_tokens: 2000 };
    let log = await chat('claude-sonnet-4-5');
    expect(log.quota).toBe(packagePoints(long, 'claude-sonnet-4-5', 'anthropic'));
    expect(parseLogOther(log.other).tier).toBe(200_000);
    // Anthropic dropped the long-context premium of Sonnet 4.6 on 2026-03-13: a dated change in the source.
    log = await chat('claude-sonnet-4-6');
    expect(log.quota).toBe(packagePoints(long, 'claude-sonnet-4-6', 'anthropic'));
    expect(parseLogOther(log.other).tier).toBeUndefined();
  });

  it.each([
    ['claude-opus-4-8', { input_tokens: 5000, cache_creation_input_tokens: 0, cache_read_input_tokens: 4000, output_tokens: 900 }],
    ['claude-haiku-4-5', { input_tokens: 800, cache_creation_input_tokens: 1000, cache_read_input_tokens: 0, output_tokens: 300 }],
  ])('prices %s, which the hand-written catalog never listed', async (model, usage) => {
    anthropicUsage = usage;
    const log = await chat(model);
    const total = usage.input_tokens + usage.cache_creation_input_tokens + usage.cache_read_input_tokens;
    expect(log.quota).toBe(packagePoints({ input_tokens: total, cache_write_tokens: usage.cache_creation_input_tokens, cache_read_tokens: usage.cache_read_input_tokens, output_tokens: usage.output_tokens }, model, 'anthropic'));
  });

  it('prices GPT with cached input and reasoning tokens at the package’s price', async () => {
    openaiUsage = { prompt_tokens: 12_000, completion_tokens: 900, prompt_tokens_details: { cached_tokens: 8000 }, completion_tokens_details: { reasoning_tokens: 400 } };
    const log = await chat('gpt-5.2');
    expect(log.quota).toBe(packagePoints({ input_tokens: 12_000, cache_read_tokens: 8000, output_tokens: 900 }, 'gpt-5.2', 'openai'));
  });

  it('prices Gemini with cached input, and past 200K prompt tokens at the tier', async () => {
    geminiUsage = { promptTokenCount: 30_000, cachedContentTokenCount: 10_000, candidatesTokenCount: 500, totalTokenCount: 30_500 };
    let log = await chat('gemini-3-flash-preview');
    expect(log.quota).toBe(packagePoints({ input_tokens: 30_000, cache_read_tokens: 10_000, output_tokens: 500 }, 'gemini-3-flash-preview', 'google'));
    geminiUsage = { promptTokenCount: 250_000, cachedContentTokenCount: 50_000, candidatesTokenCount: 1500, totalTokenCount: 251_500 };
    log = await chat('gemini-3-pro-preview');
    expect(log.quota).toBe(packagePoints({ input_tokens: 250_000, cache_read_tokens: 50_000, output_tokens: 1500 }, 'gemini-3-pro-preview', 'google'));
    expect(parseLogOther(log.other).tier).toBe(200_000);
  });

  it.each([
    ['deepseek-v3.2', 'deepseek'],
    ['kimi-k2.5', 'moonshotai'],
  ])('prices %s with cache hits at the package’s price', async (model, providerId) => {
    openaiUsage = { prompt_tokens: 6000, completion_tokens: 400, prompt_tokens_details: { cached_tokens: 2500 } };
    const log = await chat(model);
    expect(log.quota).toBe(packagePoints({ input_tokens: 6000, cache_read_tokens: 2500, output_tokens: 400 }, model, providerId));
  });

  it('serves a dated name on a channel listing the undated one, and the other way, asking for what the channel lists', async () => {
    anthropicUsage = { input_tokens: 100, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 10 };
    const sentModel = () => (JSON.parse(upstream.received('/v1/messages').at(-1)?.body ?? '{}') as { model?: string }).model;
    let log = await chat('claude-haiku-4-5-20251001');
    expect(sentModel()).toBe('claude-haiku-4-5');
    // As for any model mapping, the log names the model the upstream was asked for.
    expect(log.model_name).toBe('claude-haiku-4-5');
    expect(log.quota).toBe(packagePoints({ input_tokens: 100, output_tokens: 10 }, 'claude-haiku-4-5', 'anthropic'));
    log = await chat('claude-opus-4-5');
    expect(sentModel()).toBe('claude-opus-4-5-20251101');
    expect(log.quota).toBe(packagePoints({ input_tokens: 100, output_tokens: 10 }, 'claude-opus-4-5', 'anthropic'));
  });

  it('does not serve a snapshot the vendor prices apart from its alias', async () => {
    const response = await fetch(`${f.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-2024-05-13', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(await response.text()).toMatch(/gpt-4o-2024-05-13/);
  });

  it('lets the operator’s own price win over the source, and says so', async () => {
    await f.ctx.options.set('ModelRatio', JSON.stringify({ 'kimi-k2.5': 1 }));
    openaiUsage = { prompt_tokens: 1000, completion_tokens: 0 };
    const log = await chat('kimi-k2.5');
    expect(log.quota).toBe(1000);
    expect(parseLogOther(log.other).price_origin).toEqual({ kind: 'operator' });
    await f.ctx.options.set('ModelRatio', '{}');
  });
});
