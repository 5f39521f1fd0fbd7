import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BudgetStatus } from '@tollgate/contract';
import { databaseKinds } from '../../../test/databases.js';
import { FakeOpenAI } from '../../../test/fake-openai.js';
import { postGemini } from '../../../test/gemini-client.js';
import { relayFixture, type RelayFixture } from '../../../test/relay-fixture.js';

/** Every call to gpt-4o-mini costs exactly this (ModelRequestPrice $0.002 x QuotaPerUnit 500000): reserved and charged. */
const CALL = 1000;
/** A clock far from the real one, so the usage rollups (written at real time) never fall in a test's period. */
const at = (iso: string) => Date.parse(iso);

// Budgets live on the tokens and users tables (migration 0014), read by the key cache of each database.
describe.each(databaseKinds)('budgets per key, user and group on %s', (kind) => {
  let f: RelayFixture;
  let upstream: FakeOpenAI;
  let users = 0;

  beforeAll(async () => {
    upstream = await new FakeOpenAI('budgeted').start();
    f = await relayFixture(kind);
    await f.addChannel({ name: 'budgeted', base_url: upstream.baseUrl, models: 'gpt-4o-mini', group: 'default,vip' });
    for (const [key, value] of Object.entries({ ModelRequestPrice: '{"gpt-4o-mini":0.002}', GroupRatio: '{"default":1,"vip":1}', GroupBudgets: '{"vip":{"amount":1000,"period":"month"}}' })) {
      const response = await f.app.inject({ method: 'PUT', url: '/api/option/', headers: { cookie: f.rootCookie }, payload: { key, value } });
      expect(response.json()).toMatchObject({ success: true });
    }
  });
  afterAll(async () => {
    f.ctx.relay.budgets.ledger.now = Date.now;
    await f.close();
    await upstream.stop();
  });

  const setClock = (iso: string) => {
    f.ctx.relay.budgets.ledger.now = () => at(iso);
  };

  /** A fresh user (its own budget and group) with one key carrying the given budget. */
  async function keyWith(key: { amount: number; period: string } | undefined, user?: { amount: number; period: string }, group = 'default') {
    users += 1;
    const username = `budget${users}`;
    const userId = await f.addUser(username, 100_000_000, group);
    if (user) {
      await f.ctx.db.updateTable('users').set({ budget_amount: user.amount, budget_period: user.period }).where('id', '=', userId).execute();
      await f.ctx.cacheSync.changed('keys');
    }
    const apiKey = await f.addKey(userId, key ? { budget: { budget_amount: key.amount, budget_period: key.period as 'day' } } : {});
    const tokenId = (await f.ctx.db.selectFrom('tokens').select('id').where('key', '=', apiKey).executeTakeFirstOrThrow()).id;
    return { apiKey, tokenId, userId, username };
  }

  const chat = (apiKey: string) =>
    fetch(`${f.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer sk-${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }] }),
    });

  const signIn = async (username: string) => {
    const response = await f.app.inject({ method: 'POST', url: '/api/user/login', payload: { username, password: 'password123' } });
    return `session=${response.cookies.find((c) => c.name === 'session')?.value}`;
  };

  const keyBudget = async (username: string, tokenId: number) => {
    const response = await f.app.inject({ method: 'GET', url: `/api/token/${tokenId}/limits`, headers: { cookie: await signIn(username) } });
    return response.json<{ data: { budget: BudgetStatus } }>().data.budget;
  };

  const setKeyBudget = async (username: string, tokenId: number, amount: number) => {
    const response = await f.app.inject({ method: 'PUT', url: '/api/token/', headers: { cookie: await signIn(username) }, payload: { id: tokenId, budget_amount: amount } });
    expect(response.json()).toMatchObject({ success: true });
  };

  it('lets spend reach the budget exactly, refuses one quota unit more, and charges nothing for the refusal', async () => {
    setClock('2099-03-10T12:00:00Z');
    const { apiKey, tokenId, username } = await keyWith({ amount: 3 * CALL, period: 'day' });
    expect((await chat(apiKey)).status).toBe(200);
    expect((await chat(apiKey)).status).toBe(200);
    // 2000 spent: a budget of 2999 cannot take another call of 1000, a budget of 3000 can (and is then full).
    await setKeyBudget(username, tokenId, 3 * CALL - 1);
    const short = await chat(apiKey);
    expect(short.status).toBe(429);
    await short.text();
    await setKeyBudget(username, tokenId, 3 * CALL);
    expect((await chat(apiKey)).status).toBe(200);
    const reached = upstream.received.length;
    const refused = await chat(apiKey);
    expect(refused.status).toBe(429);
    // The day ends at midnight UTC (the default zone): 12 hours away.
    expect(refused.headers.get('retry-after')).toBe(String(12 * 3600));
    const body = (await refused.json()) as { error: { message: string; type: string; code: string } };
    expect(body.error).toMatchObject({ code: 'budget_exceeded', type: 'budget_exceeded' });
    expect(body.error.message).toMatch(/^the daily budget of this key is used up: 3000 of 3000 quota spent this day, this request needs 1000; it refills at 2099-03-11T00:00:00Z \(request id: /);
    expect(upstream.received.length).toBe(reached);
    expect(await keyBudget(username, tokenId)).toEqual({
      amount: 3000,
      period: 'day',
      source: 'key',
      spent: 3000,
      period_start: at('2099-03-10T00:00:00Z'),
      refills_at: at('2099-03-11T00:00:00Z'),
      time_zone: 'UTC',
    });
    await f.flush();
    const user = await f.ctx.db.selectFrom('users').select(['used_quota']).where('username', '=', username).executeTakeFirstOrThrow();
    expect(Number(user.used_quota)).toBe(3 * CALL);
  });

  it('never asks the ledger about a request with no budget anywhere', async () => {
    const { ledger } = f.ctx.relay.budgets;
    const admit = ledger.admit.bind(ledger);
    let asked = 0;
    ledger.admit = (...args) => {
      asked += 1;
      return admit(...args);
    };
    try {
      const { apiKey } = await keyWith(undefined);
      expect((await chat(apiKey)).status).toBe(200);
      expect(asked).toBe(0);
      const budgeted = await keyWith({ amount: 10 * CALL, period: 'day' });
      expect((await chat(budgeted.apiKey)).status).toBe(200);
      expect(asked).toBe(1);
    } finally {
      ledger.admit = admit;
    }
  });

  it('refills at the period’s start in the operator’s time zone', async () => {
    await f.ctx.options.set('BudgetTimeZone', 'Asia/Shanghai');
    try {
      // 23:59 on Monday 2099-03-09 in Shanghai (+08:00).
      setClock('2099-03-09T15:59:00Z');
      const { apiKey, tokenId, username } = await keyWith({ amount: CALL, period: 'day' });
      expect((await chat(apiKey)).status).toBe(200);
      const refused = await chat(apiKey);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('60');
      expect(((await refused.json()) as { error: { message: string } }).error.message).toContain('it refills at 2099-03-10T00:00:00+08:00');
      setClock('2099-03-09T16:00:00Z');
      expect(await keyBudget(username, tokenId)).toMatchObject({ spent: 0, period_start: at('2099-03-09T16:00:00Z'), time_zone: 'Asia/Shanghai' });
      expect((await chat(apiKey)).status).toBe(200);
      expect((await chat(apiKey)).status).toBe(429);
    } finally {
      await f.ctx.options.set('BudgetTimeZone', 'UTC');
    }
  });

  it('counts a user’s budget over all of the user’s keys', async () => {
    setClock('2099-03-11T12:00:00Z');
    const { apiKey, userId } = await keyWith(undefined, { amount: CALL, period: 'week' });
    const other = await f.addKey(userId);
    expect((await chat(apiKey)).status).toBe(200);
    const refused = await chat(other);
    expect(refused.status).toBe(429);
    // The week began on Monday the 9th and refills on Monday the 16th.
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain(
      'the weekly budget of this user is used up: 1000 of 1000 quota spent this week, this request needs 1000; it refills at 2099-03-16T00:00:00Z',
    );
  });

  it('applies the group’s budget to its users who have none of their own, and a user’s own in its place', async () => {
    setClock('2099-03-11T12:00:00Z');
    const grouped = await keyWith(undefined, undefined, 'vip');
    expect((await chat(grouped.apiKey)).status).toBe(200);
    const refused = await chat(grouped.apiKey);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain('the monthly budget of this user’s group is used up');
    const admin = await f.app.inject({ method: 'GET', url: `/api/user/${grouped.userId}/limits`, headers: { cookie: f.rootCookie } });
    expect(admin.json<{ data: { budget: BudgetStatus } }>().data.budget).toMatchObject({ amount: 1000, period: 'month', source: 'group', spent: 1000, refills_at: at('2099-04-01T00:00:00Z') });

    const own = await keyWith(undefined, { amount: 2 * CALL, period: 'day' }, 'vip');
    expect((await chat(own.apiKey)).status).toBe(200);
    expect((await chat(own.apiKey)).status).toBe(200);
    expect((await chat(own.apiKey)).status).toBe(429);
  });

  it('gives the reservation back when the upstream fails', async () => {
    setClock('2099-03-12T12:00:00Z');
    const { apiKey, tokenId, username } = await keyWith({ amount: CALL, period: 'day' });
    upstream.behaviour = { fail: { status: 500, body: { error: { message: 'boom', type: 'server_error' } } } };
    try {
      expect((await chat(apiKey)).status).toBeGreaterThanOrEqual(500);
    } finally {
      upstream.behaviour = {};
    }
    expect((await keyBudget(username, tokenId)).spent).toBe(0);
    expect((await chat(apiKey)).status).toBe(200);
  });

  it('refuses in the Anthropic, Gemini and Responses shapes with Retry-After', async () => {
    setClock('2099-03-13T12:00:00Z');
    const { apiKey } = await keyWith({ amount: CALL, period: 'day' });
    expect((await chat(apiKey)).status).toBe(200);
    const messages = await fetch(`${f.url}/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': `sk-${apiKey}`, 'anthropic-version': '2023-06-01', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', max_tokens: 16, messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(messages.status).toBe(429);
    expect(messages.headers.get('retry-after')).toBe(String(12 * 3600));
    expect(await messages.json()).toMatchObject({ type: 'error', error: { type: 'rate_limit_error', message: expect.stringContaining('daily budget of this key') } });
    const gemini = await postGemini(f, apiKey, '/v1beta/models/gpt-4o-mini:generateContent', { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] });
    expect(gemini.status).toBe(429);
    expect(gemini.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await gemini.json()).toMatchObject({ error: { code: 429, status: 'RESOURCE_EXHAUSTED', message: expect.stringContaining('daily budget of this key') } });
    const responses = await fetch(`${f.url}/v1/responses`, {
      method: 'POST',
      headers: { authorization: `Bearer sk-${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', input: 'hi' }),
    });
    expect(responses.status).toBe(429);
    expect(await responses.json()).toMatchObject({ error: { type: 'budget_exceeded', code: 'budget_exceeded' } });
  });

  it('starts a node’s count at what the usage rollups hold for the period', async () => {
    f.ctx.relay.budgets.ledger.now = Date.now;
    const { apiKey, tokenId, username } = await keyWith({ amount: 100 * CALL, period: 'month' });
    expect((await chat(apiKey)).status).toBe(200);
    await f.flush();
    const reader = (await import('./spend-from-rollups.js')).spendFromRollups(f.ctx.db, f.ctx.log);
    const { start } = f.ctx.relay.budgets.ledger.periods.bounds('month', 'UTC', Date.now());
    expect(await reader({ id: `k${tokenId}`, owner: 'key', budget: { amount: 1, period: 'month' }, userId: (await f.ctx.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id, tokenId }, start)).toBe(CALL);
  });

  describe('the fields of keys, users and options', () => {
    const put = (url: string, payload: Record<string, unknown>, cookie = f.rootCookie) => f.app.inject({ method: 'PUT', url, headers: { cookie }, payload });
    const post = (url: string, payload: Record<string, unknown>, cookie = f.rootCookie) => f.app.inject({ method: 'POST', url, headers: { cookie }, payload });

    it('refuses a bad budget on a key with a 400 naming the field, and keeps a good one', async () => {
      for (const [payload, field] of [
        [{ budget_amount: -1, budget_period: 'day' }, 'budget_amount'],
        [{ budget_amount: 1.5, budget_period: 'day' }, 'budget_amount'],
        [{ budget_amount: '100', budget_period: 'day' }, 'budget_amount'],
        [{ budget_amount: 100, budget_period: 'year' }, 'budget_period'],
        [{ budget_amount: 100, budget_period: '' }, 'budget_period'],
      ] as const) {
        const response = await post('/api/token/', { name: 'bad budget', ...payload });
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json()).toMatchObject({ success: false, field });
      }
      const made = await post('/api/token/', { name: 'budgeted', budget_amount: 5000, budget_period: 'week' });
      const token = made.json<{ data: { id: number; budget_amount: number; budget_period: string } }>().data;
      expect(token).toMatchObject({ budget_amount: 5000, budget_period: 'week' });
      const cleared = await put('/api/token/', { id: token.id, budget_period: '' });
      expect(cleared.statusCode).toBe(400);
      expect(cleared.json()).toMatchObject({ field: 'budget_period' });
      const updated = await put('/api/token/', { id: token.id, budget_amount: 0, budget_period: '' });
      expect(updated.json()).toMatchObject({ success: true, data: { budget_amount: 0, budget_period: '' } });
    });

    it('refuses a bad budget on a user with a 400 naming the field', async () => {
      const { userId } = await keyWith(undefined);
      const bad = await put('/api/user/', { id: userId, budget_amount: -5 });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ success: false, field: 'budget_amount' });
      const noPeriod = await put('/api/user/', { id: userId, budget_amount: 5 });
      expect(noPeriod.statusCode).toBe(400);
      expect(noPeriod.json()).toMatchObject({ field: 'budget_period' });
      expect((await put('/api/user/', { id: userId, budget_amount: 5, budget_period: 'month' })).json()).toMatchObject({ success: true });
      const view = await f.app.inject({ method: 'GET', url: `/api/user/${userId}`, headers: { cookie: f.rootCookie } });
      expect(view.json()).toMatchObject({ data: { budget_amount: 5, budget_period: 'month' } });
    });

    it('carries GroupBudgets and BudgetTimeZone in the configuration document, and refuses a bad one on import', async () => {
      const exported = await f.app.inject({ method: 'GET', url: '/api/config/export', headers: { cookie: f.rootCookie } });
      const document = exported.json<{ data: { document: { options: Record<string, unknown> } } }>().data.document;
      expect(document.options.GroupBudgets).toEqual({ vip: { amount: 1000, period: 'month' } });
      expect(document.options.BudgetTimeZone).toBe('UTC');
      const imported = await post('/api/config/import?dry_run=true', { version: 1, options: { GroupBudgets: { vip: { amount: 2000, period: 'week' } }, BudgetTimeZone: 'Europe/Paris' } });
      expect(imported.json()).toMatchObject({ success: true, data: { diff: { options: { changed: [{ name: 'GroupBudgets' }, { name: 'BudgetTimeZone' }] } } } });
      const refused = await post('/api/config/import?dry_run=true', { version: 1, options: { BudgetTimeZone: 'Nowhere/Land' } });
      expect(refused.json()).toMatchObject({ success: false });
    });

    it('refuses a bad GroupBudgets or BudgetTimeZone option', async () => {
      for (const [key, value, text] of [
        ['GroupBudgets', '{"vip":{"amount":-1,"period":"day"}}', 'GroupBudgets.vip.amount'],
        ['GroupBudgets', '{"vip":{"amount":10,"period":"year"}}', 'GroupBudgets.vip.period'],
        ['GroupBudgets', 'nope', 'GroupBudgets must be a JSON object'],
        ['BudgetTimeZone', 'Mars/Olympus', 'BudgetTimeZone must be an IANA time zone'],
      ] as const) {
        const response = await put('/api/option/', { key, value });
        expect(response.json<{ success: boolean; message: string }>(), value).toMatchObject({ success: false, message: expect.stringContaining(text) });
      }
    });
  });
});
