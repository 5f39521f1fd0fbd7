import { parseLogOther } from '@tollgate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastConsumeLog } from '../../test/consume-log.js';
import { databaseKinds } from '../../test/databases.js';
import { FakeGemini } from '../../test/fake-gemini.js';
import { FakeOpenAI } from '../../test/fake-openai.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';

/**
 * Cache reads, cache writes and reasoning tokens are billed at their own ratios, whatever protocol reports
 * them, and the log row shows the breakdown; its quota is what the user was charged.
 */
describe.each(databaseKinds)('token kinds priced apart on %s', (kind) => {
  let f: RelayFixture;
  let openai: FakeOpenAI;
  let gemini: FakeGemini;
  let userId: number;
  let key: string;

  beforeAll(async () => {
    openai = await new FakeOpenAI('kinds').start();
    gemini = await new FakeGemini('kinds').start();
    f = await relayFixture(kind);
    await f.addChannel({ name: 'openai', base_url: openai.baseUrl, models: 'gpt-4o,mystery-model' });
    await f.addChannel({ type: 24, name: 'gemini', key: 'AIza-upstream', base_url: gemini.baseUrl, models: 'gemini-2.5-flash' });
    await f.ctx.options.set('ModelRatio', JSON.stringify({ 'gpt-4o': 1, 'mystery-model': 1, 'gemini-2.5-flash': 1 }));
    await f.ctx.options.set('CompletionRatio', JSON.stringify({ 'gpt-4o': 2, 'mystery-model': 2, 'gemini-2.5-flash': 4 }));
    await f.ctx.options.set('PreConsumedQuota', '0');
    userId = await f.addUser('kinds', 10_000_000);
    key = await f.addKey(userId);
  });
  afterAll(async () => {
    await f.close();
    await openai.stop();
    await gemini.stop();
  });

  const usedQuota = async () => Number((await f.ctx.db.selectFrom('users').select('used_quota').where('id', '=', userId).executeTakeFirstOrThrow()).used_quota);
  const chat = (model: string, stream = false) =>
    fetch(`${f.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, stream, ...(stream ? { stream_options: { include_usage: true } } : {}), messages: [{ role: 'user', content: 'hi' }] }),
    });
  const openAIUsage = { prompt_tokens: 1000, completion_tokens: 300, prompt_tokens_details: { cached_tokens: 600 }, completion_tokens_details: { reasoning_tokens: 200 } };

  it('charges OpenAI cached input at the built-in discount and reasoning at the ReasoningRatio, and logs the breakdown', async () => {
    await f.ctx.options.set('ReasoningRatio', JSON.stringify({ 'gpt-4o': 3 }));
    openai.behaviour = { usage: openAIUsage };
    const before = await usedQuota();
    const answer = await chat('gpt-4o');
    expect(answer.status).toBe(200);
    await f.flush();
    // 400 plain input + 600 cached x 0.5 (gpt-4o's built-in) + 100 plain output x 2 + 200 reasoning x 3.
    const log = await lastConsumeLog(f);
    expect(log.quota).toBe(400 + 300 + 200 + 600);
    expect(await usedQuota()).toBe(before + 1500);
    expect([log.prompt_tokens, log.completion_tokens]).toEqual([1000, 300]);
    expect(parseLogOther(log.other)).toEqual({
      protocol: 'openai',
      model_ratio: 1,
      group_ratio: 1,
      price_origin: { kind: 'operator' },
      completion_ratio: 2,
      cache_read_tokens: 600,
      cache_read_ratio: 0.5,
      reasoning_tokens: 200,
      reasoning_ratio: 3,
      costs: [
        { kind: 'input', tokens: 400, ratio: 1, quota: 400 },
        { kind: 'cache_read', tokens: 600, ratio: 0.5, quota: 300 },
        { kind: 'output', tokens: 100, ratio: 2, quota: 200 },
        { kind: 'reasoning', tokens: 200, ratio: 3, quota: 600 },
      ],
    });
    expect(log.content).toContain('cache read 600 tokens at ratio 0.50');
    await f.ctx.options.set('ReasoningRatio', '{}');
  });

  it('bills a stream from its usage chunk the same way, at the operator’s CacheReadRatio', async () => {
    await f.ctx.options.set('CacheReadRatio', JSON.stringify({ 'gpt-4o': 0.1 }));
    openai.behaviour = { usage: openAIUsage };
    const answer = await chat('gpt-4o', true);
    expect(await answer.text()).toContain('"cached_tokens":600');
    await f.flush();
    // 400 + 600 x 0.1 + 100 x 2 + 200 x 2 (no ReasoningRatio: the completion ratio).
    expect((await lastConsumeLog(f)).quota).toBe(400 + 60 + 200 + 400);
    await f.ctx.options.set('CacheReadRatio', '{}');
  });

  it('charges cached tokens at the input price for a model no rule names', async () => {
    openai.behaviour = { usage: openAIUsage };
    await chat('mystery-model');
    await f.flush();
    const log = await lastConsumeLog(f);
    expect(log.quota).toBe(1000 + 300 * 2);
    expect(parseLogOther(log.other).cache_read_ratio).toBe(1);
  });

  it('reads Gemini’s thoughts and cached content through a conversion', async () => {
    gemini.behaviour = { thoughts: true, cachedTokens: 8 };
    const before = await usedQuota();
    expect((await chat('gemini-2.5-flash')).status).toBe(200);
    await f.flush();
    const log = await lastConsumeLog(f);
    // 12 prompt (8 cached at 0.1, the price source's for Gemini 2.5 Flash) + 6 answer + 4 thoughts, output at 4:
    // 4 + 0.8 + 24 + 16, rounded up.
    expect([log.prompt_tokens, log.completion_tokens]).toEqual([12, 10]);
    expect(parseLogOther(log.other)).toMatchObject({ cache_read_tokens: 8, cache_read_ratio: 0.1, reasoning_tokens: 4, reasoning_ratio: 4 });
    expect(log.quota).toBe(45);
    expect(await usedQuota()).toBe(before + 45);
  });
});
