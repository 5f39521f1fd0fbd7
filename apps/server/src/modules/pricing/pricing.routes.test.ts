import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PricingView } from '@tollgate/contract';
import { databaseKinds } from '../../../test/databases.js';
import { buildTestApp, login, type TestApp } from '../../../test/test-app.js';
import { addUser, TEST_PASSWORD } from '../../../test/users.js';

describe.each(databaseKinds)('GET /api/pricing on %s', (kind) => {
  let t: TestApp;
  let vip: string;
  beforeAll(async () => {
    t = await buildTestApp(kind, { CRITICAL_RATE_LIMIT: '0', GLOBAL_API_RATE_LIMIT: '0' });
    const root = await login(t.app, 'root', '123456');
    const call = async (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) => {
      const answer = (await t.app.inject({ method, url, headers: { cookie: root }, payload })).json<{ success: boolean; message: string }>();
      expect(answer).toMatchObject({ success: true });
    };
    await call('POST', '/api/channel/', { type: 1, key: 'k1', name: 'vip', group: 'vip', models: 'gpt-4o,claude-sonnet-4-5,mystery-model,flux-pro' });
    await call('POST', '/api/channel/', { type: 1, key: 'k2', name: 'default', group: 'default', models: 'gemini-2.5-flash' });
    const options = {
      ModelRatio: { 'gpt-4o': 1.25, 'claude-sonnet-4-5': 1.5 },
      CompletionRatio: { 'gpt-4o': 4, 'claude-sonnet-4-5': 5 },
      GroupRatio: { default: 1, vip: 0.8 },
      ModelPriceTiers: { 'claude-sonnet-4-5': [{ above_prompt_tokens: 200_000, input: 3, output: 11.25 }] },
      ModelRequestPrice: { 'flux-pro': 0.05 },
    };
    for (const [key, value] of Object.entries(options)) await call('PUT', '/api/option/', { key, value: JSON.stringify(value) });
    await addUser(t, 'vipuser', { group: 'vip' });
    vip = await login(t.app, 'vipuser', TEST_PASSWORD);
  });
  afterAll(() => t.close());

  const pricing = async (query = '', cookie = vip) => t.app.inject({ method: 'GET', url: `/api/pricing${query}`, headers: { cookie } });

  it('lists the models of my group in dollars per million tokens after my group ratio, tiers included', async () => {
    const answer = await pricing();
    expect(answer.json()).toEqual({
      success: true,
      message: '',
      data: {
        group: 'vip',
        group_ratio: 0.8,
        models: [
          // $3 and $15 per 1M (1.5 x $2, x5), Anthropic's cache read 0.1 and write 1.25, all x 0.8.
          {
            model: 'claude-sonnet-4-5',
            input: 2.4,
            output: 12,
            cache_read: 0.24,
            cache_write: 3,
            tiers: [{ above_prompt_tokens: 200_000, input: 4.8, output: 18, cache_read: 0.48, cache_write: 6 }],
            origin: { kind: 'operator' },
          },
          // $0.05 a call x 0.8; no token price of its own.
          { model: 'flux-pro', input: 0, output: 0, per_request: 0.04, tiers: [], origin: { kind: 'operator' } },
          { model: 'gpt-4o', input: 2, output: 8, cache_read: 1, tiers: [], origin: { kind: 'operator' } },
        ],
        unpriced: ['mystery-model'],
      } satisfies PricingView,
    });
  });

  it('names the price source and its date for a model the operator did not price', async () => {
    const root = await login(t.app, 'root', '123456');
    const view = (await pricing('', root)).json<{ data: PricingView }>().data;
    expect(view.models).toEqual([expect.objectContaining({ model: 'gemini-2.5-flash', origin: { kind: 'source', name: expect.stringMatching(/^genai-prices /), date: expect.stringMatching(/^\d{4}-\d\d-\d\d$/) } })]);
  });

  it('shows administrators every model a channel lists without a price, and ordinary users none of it', async () => {
    const root = await login(t.app, 'root', '123456');
    expect((await pricing('', root)).json<{ data: PricingView }>().data.unpriced_channel_models).toEqual([{ model: 'mystery-model', channels: ['vip'] }]);
    expect((await pricing()).json<{ data: PricingView }>().data.unpriced_channel_models).toBeUndefined();
  });

  it('filters by a keyword, ignoring case, and needs a signed-in user', async () => {
    const answer = await pricing('?keyword=CLAUDE');
    expect(answer.json<{ data: PricingView }>().data.models.map((m) => m.model)).toEqual(['claude-sonnet-4-5']);
    expect((await t.app.inject({ method: 'GET', url: '/api/pricing' })).statusCode).toBe(401);
  });
});
