import { parseLogOther } from '@tollgate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastConsumeLog } from '../../test/consume-log.js';
import { databaseKinds } from '../../test/databases.js';
import { FakeOpenAI } from '../../test/fake-openai.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';

/**
 * Long-context tiers (ModelPriceTiers) price the whole request once its prompt passes the threshold; the log
 * row records the tier and what each kind of token cost, and the row's quota is exactly their sum.
 */
describe.each(databaseKinds)('long-context price tiers on %s', (kind) => {
  let f: RelayFixture;
  let openai: FakeOpenAI;
  let userId: number;
  let key: string;

  const setOption = async (key: string, value: unknown) =>
    (await f.app.inject({ method: 'PUT', url: '/api/option/', headers: { cookie: f.rootCookie }, payload: { key, value: JSON.stringify(value) } })).json<{ success: boolean; message: string }>();
  const stored = async (key: string) => (await f.ctx.db.selectFrom('options').select('value').where('key', '=', key).executeTakeFirst())?.value;

  beforeAll(async () => {
    openai = await new FakeOpenAI('tiers').start();
    f = await relayFixture(kind);
    await f.addChannel({ name: 'openai', base_url: openai.baseUrl, models: 'gpt-4o,flux-pro,dall-e-3,gpt-4o-audio-preview', group: 'default,vip' });
    for (const [option, value] of Object.entries({
      ModelRatio: { 'gpt-4o': 1.5, 'gpt-4o-audio-preview': 1.25 },
      CompletionRatio: { 'gpt-4o': 4, 'gpt-4o-audio-preview': 4 },
      AudioInputRatio: { 'gpt-4o-audio-preview': 16 },
      AudioOutputRatio: { 'gpt-4o-audio-preview': 32 },
      CacheReadRatio: { 'gpt-4o': 0.1 },
      ReasoningRatio: { 'gpt-4o': 8 },
      GroupRatio: { default: 1, vip: 0.5 },
      // Above 200k prompt tokens: input $6, output $18, cache reads $0.60 per 1M; reasoning keeps its 8x.
      ModelPriceTiers: { 'gpt-4o': [{ above_prompt_tokens: 200_000, input: 3, output: 9, cache_read: 0.3 }] },
      // Per call: $0.04 for a model with no token price, $0.08 for an image model in place of its size rule.
      ModelRequestPrice: { 'flux-pro': 0.04, 'dall-e-3': 0.08 },
    })) {
      expect(await setOption(option, value)).toEqual({ success: true, message: '' });
    }
    await f.ctx.options.set('PreConsumedQuota', '0');
    userId = await f.addUser('tiers', 100_000_000, 'vip');
    key = await f.addKey(userId);
  });
  afterAll(async () => {
    await f.close();
    await openai.stop();
  });

  const chat = (model = 'gpt-4o') =>
    fetch(`${f.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }),
    });
  const usage = (prompt: number, cached: number, completion: number, reasoning: number) => ({
    prompt_tokens: prompt,
    completion_tokens: completion,
    prompt_tokens_details: { cached_tokens: cached },
    completion_tokens_details: { reasoning_tokens: reasoning },
  });
  const usedQuota = async () => Number((await f.ctx.db.selectFrom('users').select('used_quota').where('id', '=', userId).executeTakeFirstOrThrow()).used_quota);

  it('bills a long prompt with cache reads and reasoning at the tier, after the group ratio, and logs each cost', async () => {
    openai.behaviour = { usage: usage(250_000, 100_000, 3000, 1000) };
    const before = await usedQuota();
    expect((await chat()).status).toBe(200);
    await f.flush();
    const log = await lastConsumeLog(f);
    // (150,000 x 3 + 100,000 x 0.3 + 2,000 x 9 + 1,000 x 3 x 8) x 0.5 = (450,000 + 30,000 + 18,000 + 24,000) / 2.
    expect(log.quota).toBe(261_000);
    expect(await usedQuota()).toBe(before + 261_000);
    const other = parseLogOther(log.other);
    expect(other).toMatchObject({ tier: 200_000, model_ratio: 3, group_ratio: 0.5, completion_ratio: 3, cache_read_tokens: 100_000, reasoning_tokens: 1000 });
    expect(other.costs).toEqual([
      { kind: 'input', tokens: 150_000, ratio: 3, quota: 225_000 },
      { kind: 'cache_read', tokens: 100_000, ratio: 0.3, quota: 15_000 },
      { kind: 'output', tokens: 2000, ratio: 9, quota: 9000 },
      { kind: 'reasoning', tokens: 1000, ratio: 24, quota: 12_000 },
    ]);
    expect(log.content).toContain('long-context tier above 200000 prompt tokens');
  });

  it('bills a prompt at the threshold or below at the model’s own prices', async () => {
    openai.behaviour = { usage: usage(200_000, 600, 300, 200) };
    expect((await chat()).status).toBe(200);
    await f.flush();
    const log = await lastConsumeLog(f);
    // (199,400 x 1.5 + 600 x 0.15 + 100 x 6 + 200 x 12) x 0.5.
    expect(log.quota).toBe((299_100 + 90 + 600 + 2400) / 2);
    const other = parseLogOther(log.other);
    expect(other.tier).toBeUndefined();
    expect(other.costs?.map((cost) => cost.quota)).toEqual([149_550, 45, 300, 1200]);
  });

  it('bills audio input and output tokens at their own prices, out of the prompt and completion', async () => {
    openai.behaviour = {
      usage: { prompt_tokens: 1000, completion_tokens: 500, prompt_tokens_details: { audio_tokens: 600 }, completion_tokens_details: { audio_tokens: 300 } },
    };
    expect((await chat('gpt-4o-audio-preview')).status).toBe(200);
    await f.flush();
    const log = await lastConsumeLog(f);
    // (400 x 1 + 600 x 16 + 200 x 4 + 300 x 32) x 1.25 x 0.5.
    expect(log.quota).toBe(12_750);
    expect(parseLogOther(log.other).costs).toEqual([
      { kind: 'input', tokens: 400, ratio: 1.25, quota: 250 },
      { kind: 'audio_input', tokens: 600, ratio: 20, quota: 6000 },
      { kind: 'output', tokens: 200, ratio: 5, quota: 500 },
      { kind: 'audio_output', tokens: 300, ratio: 40, quota: 6000 },
    ]);
  });

  it('bills a model priced per request the same whatever it uses, chat or images, and logs one request line', async () => {
    openai.behaviour = { usage: usage(5000, 0, 800, 0) };
    const before = await usedQuota();
    expect((await chat('flux-pro')).status).toBe(200);
    const image = await fetch(`${f.url}/v1/images/generations`, {
      method: 'POST',
      headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'dall-e-3', prompt: 'a lighthouse', size: '1024x1792' }),
    });
    expect(image.status).toBe(200);
    await f.flush();
    // $0.04 x 500,000 points per dollar x 0.5, then $0.08 x 500,000 x 0.5.
    expect(await usedQuota()).toBe(before + 10_000 + 20_000);
    const rows = await f.ctx.db.selectFrom('logs').select(['model_name', 'quota', 'other', 'prompt_tokens']).where('model_name', 'in', ['flux-pro', 'dall-e-3']).orderBy('id').execute();
    expect(rows.map((row) => [row.model_name, row.quota, row.prompt_tokens])).toEqual([
      ['flux-pro', 10_000, 5000],
      ['dall-e-3', 20_000, 0],
    ]);
    expect(parseLogOther(rows[0]?.other).costs).toEqual([{ kind: 'request', tokens: 1, ratio: 20_000, quota: 10_000 }]);
    expect(parseLogOther(rows[1]?.other).costs).toEqual([{ kind: 'request', tokens: 1, ratio: 40_000, quota: 20_000 }]);
    expect(await setOption('ModelRequestPrice', { 'flux-pro': 'free' })).toEqual({ success: false, message: 'ModelRequestPrice.flux-pro must be a number of 0 or more' });
  });

  it('refuses a tier for an unknown model, a negative or non-numeric price, naming the field, and writes nothing', async () => {
    const before = await stored('ModelPriceTiers');
    const refusals: [unknown, string][] = [
      [{ 'no-such-model': [{ above_prompt_tokens: 1000, input: 1 }] }, 'ModelPriceTiers.no-such-model: unknown model no-such-model'],
      [{ 'gpt-4o': [{ above_prompt_tokens: 1000, input: 1, output: -2 }] }, 'ModelPriceTiers.gpt-4o[0].output must be a number of 0 or more'],
      [{ 'gpt-4o': [{ above_prompt_tokens: 1000, input: 'cheap' }] }, 'ModelPriceTiers.gpt-4o[0].input must be a number of 0 or more'],
      [{ 'gpt-4o': [{ above_prompt_tokens: 2000, input: 1 }, { above_prompt_tokens: 1000, input: 2 }] }, 'ModelPriceTiers.gpt-4o[1].above_prompt_tokens must be greater than the tier before it'],
      [{ 'gpt-4o': [{ above_prompt_tokens: 1000, input: 1, audio: 2 }] }, 'ModelPriceTiers.gpt-4o[0].audio is not a price'],
    ];
    for (const [value, message] of refusals) {
      const answer = await setOption('ModelPriceTiers', value);
      expect(answer.success).toBe(false);
      expect(answer.message).toContain(message);
    }
    expect(await stored('ModelPriceTiers')).toBe(before);
    const ratio = await setOption('ModelRatio', { 'gpt-4o': 'two' });
    expect(ratio).toEqual({ success: false, message: 'ModelRatio.gpt-4o must be a number of 0 or more' });
    expect(await setOption('CompletionRatio', { 'gpt-4o': -1 })).toMatchObject({ message: 'CompletionRatio.gpt-4o must be a number of 0 or more' });
    expect(JSON.parse((await stored('ModelRatio')) ?? '')).toEqual({ 'gpt-4o': 1.5, 'gpt-4o-audio-preview': 1.25 });
  });
});
