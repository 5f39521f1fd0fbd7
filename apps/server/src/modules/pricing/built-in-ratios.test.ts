import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltInRatiosView } from '@tollgate/contract';
import { databaseKinds } from '../../../test/databases.js';
import { buildTestApp, login, type TestApp } from '../../../test/test-app.js';
import { addUser, TEST_PASSWORD } from '../../../test/users.js';

describe.each(databaseKinds)('GET /api/pricing/built_in_ratios on %s', (kind) => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    t = await buildTestApp(kind, { CRITICAL_RATE_LIMIT: '0', GLOBAL_API_RATE_LIMIT: '0' });
    root = await login(t.app, 'root', '123456');
    const call = async (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) => {
      const answer = (await t.app.inject({ method, url, headers: { cookie: root }, payload })).json<{ success: boolean; message: string }>();
      expect(answer).toMatchObject({ success: true });
    };
    await call('POST', '/api/channel/', { type: 1, key: 'k1', name: 'own', group: 'default', models: 'claude-sonnet-4-5,mystery-model,qwen-max', status: 2 });
    // The operator's price is theirs: the built-in one is still the source's.
    await call('PUT', '/api/option/', { key: 'ModelRatio', value: JSON.stringify({ 'claude-sonnet-4-5': 9 }) });
  });
  afterAll(() => t.close());

  const ratios = async (cookie = root) => t.app.inject({ method: 'GET', url: '/api/pricing/built_in_ratios', headers: { cookie } });

  it('gives each offered or listed model the ratios the server prices it with when no option names it', async () => {
    const view = (await ratios()).json<{ success: boolean; data: BuiltInRatiosView }>();
    expect(view.success).toBe(true);
    const { ModelRatio, CompletionRatio, CacheReadRatio, CacheWriteRatio, ReasoningRatio } = view.data;
    // $3 and $15 per 1M tokens (ratio 1 is $2), Anthropic's cache read 0.1 and write 1.25 of an input token.
    expect(ModelRatio['claude-sonnet-4-5']).toBe(1.5);
    expect(CompletionRatio['claude-sonnet-4-5']).toBe(5);
    expect(CacheReadRatio['claude-sonnet-4-5']).toBe(0.1);
    expect(CacheWriteRatio['claude-sonnet-4-5']).toBe(1.25);
    // A default model of the channel form (the source's), and one of Tollgate's table that only a channel lists.
    expect(ModelRatio['gpt-4o']).toBe(1.25);
    expect(ModelRatio['qwen-max']).toBeGreaterThan(0);
    // No built-in price: nothing to show (and no entry that would price it on save).
    expect(ModelRatio).not.toHaveProperty('mystery-model');
    // Only cache and reasoning ratios that say something an absent entry would not.
    expect(Object.values(CacheReadRatio)).not.toContain(1);
    for (const [model, ratio] of Object.entries(ReasoningRatio)) expect(ratio, model).not.toBe(CompletionRatio[model]);
  });

  it('is for administrators only', async () => {
    await addUser(t, 'ratiouser');
    const user = await login(t.app, 'ratiouser', TEST_PASSWORD);
    expect((await ratios(user)).json()).toMatchObject({ success: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/pricing/built_in_ratios' })).statusCode).toBe(401);
  });
});
