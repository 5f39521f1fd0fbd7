import { LogType, parseLogOther } from '@tollgate/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { lastConsumeLog } from '../../../test/consume-log.js';
import { databaseKinds } from '../../../test/databases.js';
import { FakeAnthropic } from '../../../test/fake-anthropic.js';
import { FakeOpenAI } from '../../../test/fake-openai.js';
import { relayFixture, type RelayFixture } from '../../../test/relay-fixture.js';

/**
 * A model of a fallback chain that has no price is skipped for the one after it (the relay would refuse it),
 * through the real HTTP surface: an Anthropic channel that fails, an OpenAI channel serving a priced and an
 * unpriced model.
 */
describe.each(databaseKinds)('fallbacks past an unpriced model on %s', (kind) => {
  let f: RelayFixture;
  let anthropic: FakeAnthropic;
  let openai: FakeOpenAI;
  let key: string;
  let claudeChannel: number;
  let gptChannel: number;

  beforeAll(async () => {
    anthropic = await new FakeAnthropic('anthropic').start();
    openai = await new FakeOpenAI('openai').start();
    f = await relayFixture(kind);
    key = await f.addKey(await f.addUser('unpriced', 100_000_000));
    // fu-free has a channel but no price: the relay refuses it.
    await f.ctx.options.set('ModelRatio', JSON.stringify({ 'fu-claude': 15, 'fu-gpt': 0.5, 'fu-nowhere': 1 }));
    await f.ctx.options.set('DefaultModelRatio', '');
    claudeChannel = await f.addChannel({ type: 14, name: 'claude', key: 'sk-ant', base_url: anthropic.baseUrl, models: 'fu-claude' });
    gptChannel = await f.addChannel({ name: 'gpt', base_url: openai.baseUrl, models: 'fu-gpt,fu-free' });
  });
  afterAll(async () => {
    await f.close();
    await anthropic.stop();
    await openai.stop();
  });
  afterEach(async () => {
    anthropic.behaviour = {};
    await f.ctx.options.set('ModelFallbacks', '{}');
  });

  const chains = (rules: Record<string, unknown>) => f.ctx.options.set('ModelFallbacks', JSON.stringify({ '*': rules }));
  const chat = (model: string) =>
    fetch(`${f.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }),
    });
  const anthropicDown = () => (anthropic.behaviour = { fail: { status: 529, body: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } } });
  const lastErrorLog = () => f.ctx.db.selectFrom('logs').selectAll().where('type', '=', LogType.Error).orderBy('id', 'desc').executeTakeFirstOrThrow();
  const skippedFree = { model: 'fu-free', channels: [], status: 503, skipped: 'unpriced' };

  it('skips an unpriced model of the chain for the one after it, and the header and log say why', async () => {
    await chains({ 'fu-claude': { chain: ['fu-free', 'fu-gpt'] } });
    anthropicDown();
    const calls = openai.received.length;
    const response = await chat('fu-claude');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-tollgate-fallback-model')).toBe('fu-gpt');
    expect(response.headers.get('x-tollgate-fallback-chain')).toBe('fu-claude,fu-free;skipped=unpriced,fu-gpt');
    expect(((await response.json()) as { model: string }).model).toBe('fu-gpt');
    // The unpriced model was never called.
    expect(openai.received.slice(calls).map((call) => (call.json as { model: string }).model)).toEqual(['fu-gpt']);
    await f.flush();
    const log = await lastConsumeLog(f);
    expect(log).toMatchObject({ model_name: 'fu-gpt', channel_id: gptChannel });
    expect(parseLogOther(log.other).fallback).toEqual([{ model: 'fu-claude', channels: [claudeChannel], status: 529, trigger: 'failure' }, skippedFree]);
  });

  it("answers the first model's failure when every model left of the chain is unpriced", async () => {
    await chains({ 'fu-claude': { chain: ['fu-free'] } });
    anthropicDown();
    const response = await chat('fu-claude');
    expect(response.status).toBe(529);
    expect(response.headers.get('x-tollgate-fallback-chain')).toBe('fu-claude,fu-free;skipped=unpriced');
    expect(await response.json()).toMatchObject({ error: { message: expect.stringContaining('Overloaded') } });
    await f.flush();
    expect(parseLogOther((await lastErrorLog()).other)).toMatchObject({
      status: 529,
      channels: [claudeChannel],
      fallback: [{ model: 'fu-claude', channels: [claudeChannel], status: 529 }, skippedFree],
    });
    expect(parseLogOther((await lastErrorLog()).other).fallback?.[0]?.trigger).toBeUndefined();
  });

  it('skips an unpriced model after a model no channel serves, and answers that refusal when nothing else is left', async () => {
    await chains({ 'fu-nowhere': { chain: ['fu-free', 'fu-gpt'] } });
    const answered = await chat('fu-nowhere');
    expect(answered.status).toBe(200);
    expect(answered.headers.get('x-tollgate-fallback-chain')).toBe('fu-nowhere,fu-free;skipped=unpriced,fu-gpt');

    await chains({ 'fu-nowhere': { chain: ['fu-free'] } });
    const refused = await chat('fu-nowhere');
    expect(refused.status).toBe(404);
    expect(refused.headers.get('x-tollgate-fallback-chain')).toBe('fu-nowhere,fu-free;skipped=unpriced');
    expect(await refused.json()).toMatchObject({ error: { code: 'model_not_found', message: expect.stringContaining('fu-nowhere') } });
    await f.flush();
    expect(parseLogOther((await lastErrorLog()).other).fallback).toEqual([{ model: 'fu-nowhere', channels: [], status: 404 }, skippedFree]);
  });

  it('still refuses an unpriced model asked for by name, chain or not', async () => {
    await chains({ 'fu-free': { chain: ['fu-gpt'] } });
    const response = await chat('fu-free');
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: { code: 'model_price_not_set' } });
  });
});
