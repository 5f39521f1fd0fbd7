import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../test/databases.js';
import { FakeOpenAI } from '../../test/fake-openai.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';

interface Subscription {
  object: string;
  has_payment_method: boolean;
  soft_limit_usd: number;
  hard_limit_usd: number;
  system_hard_limit_usd: number;
  access_until: number;
}

/** Every request below costs exactly this: gpt-4o at ratio 1 and completion ratio 1, 10 + 5 tokens, nothing reserved. */
const COST = 15;
const QUOTA_PER_UNIT = 500_000;

describe.each(databaseKinds)("OpenAI's old billing endpoints (reference 1.10) on %s", (kind) => {
  let f: RelayFixture;
  let upstream: FakeOpenAI;
  let users = 0;

  beforeAll(async () => {
    upstream = await new FakeOpenAI('billing').start();
    f = await relayFixture(kind);
    await f.addChannel({ name: 'billing', base_url: upstream.baseUrl, models: 'gpt-4o' });
    await f.ctx.options.set('ModelRatio', '{"gpt-4o":1}');
    await f.ctx.options.set('CompletionRatio', '{"gpt-4o":1}');
    await f.ctx.options.set('PreConsumedQuota', '0');
  });
  afterAll(async () => {
    await f.close();
    await upstream.stop();
  });
  afterEach(async () => {
    await f.ctx.options.set('DisplayTokenStatEnabled', 'true');
    await f.ctx.options.set('DisplayInCurrencyEnabled', 'true');
    await f.ctx.options.set('DisplayCurrency', 'USD');
  });

  /** A fresh user with this much quota, so each test reads figures of its own. */
  const newUser = async (quota: number) => {
    users += 1;
    return f.addUser(`biller${users}`, quota);
  };
  const get = async <T>(path: string, key: string): Promise<T> => {
    const response = await fetch(`${f.url}${path}`, { headers: { authorization: `Bearer sk-${key}` } });
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  };
  /** Both spellings of the endpoint must agree; the one-api clients in the wild use either. */
  const subscription = async (key: string) => {
    const bare = await get<Subscription>('/dashboard/billing/subscription', key);
    expect(await get<Subscription>('/v1/dashboard/billing/subscription', key)).toEqual(bare);
    expect(bare).toMatchObject({ object: 'billing_subscription', has_payment_method: true });
    expect(bare.soft_limit_usd).toBe(bare.hard_limit_usd);
    expect(bare.system_hard_limit_usd).toBe(bare.hard_limit_usd);
    return bare;
  };
  const usage = async (key: string) => {
    const bare = await get<{ object: string; total_usage: number }>('/dashboard/billing/usage', key);
    expect(await get('/v1/dashboard/billing/usage', key)).toEqual(bare);
    expect(bare.object).toBe('list');
    return bare.total_usage;
  };
  const spend = async (key: string) => {
    const answer = await f.client(key).chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] });
    expect(answer.usage).toMatchObject({ prompt_tokens: 10, completion_tokens: 5 });
    await f.flush();
  };

  it("shows a limited key's own total, in dollars, with its expiry, and its spending after a request", async () => {
    const expires = Math.floor(Date.now() / 1000) + 86_400;
    const key = await f.addKey(await newUser(10_000_000), { unlimitedQuota: false, remainQuota: QUOTA_PER_UNIT, expiredTime: expires });
    expect(await subscription(key)).toMatchObject({ hard_limit_usd: 1, access_until: expires });
    expect(await usage(key)).toBe(0);

    await spend(key);
    // remain + used is the key's total: unchanged by spending. Usage is in cents.
    expect((await subscription(key)).hard_limit_usd).toBe(1);
    expect(await usage(key)).toBeCloseTo((COST / QUOTA_PER_UNIT) * 100, 10);
  });

  it('shows raw quota when the console does not display currency', async () => {
    await f.ctx.options.set('DisplayInCurrencyEnabled', 'false');
    const key = await f.addKey(await newUser(10_000_000), { unlimitedQuota: false, remainQuota: 40_000 });
    await spend(key);
    expect(await subscription(key)).toMatchObject({ hard_limit_usd: 40_000, access_until: 0 });
    expect(await usage(key)).toBe(COST * 100);
  });

  it('shows 100000000 for an unlimited key, whatever the currency setting', async () => {
    const key = await f.addKey(await newUser(10_000_000), { unlimitedQuota: true });
    expect(await subscription(key)).toMatchObject({ hard_limit_usd: 100_000_000, access_until: 0 });
    await f.ctx.options.set('DisplayInCurrencyEnabled', 'false');
    expect((await subscription(key)).hard_limit_usd).toBe(100_000_000);
    await spend(key);
    expect(await usage(key)).toBe(COST * 100);
  });

  it("shows the user's balance plus spending when key statistics are off, for limited and unlimited keys alike", async () => {
    await f.ctx.options.set('DisplayTokenStatEnabled', 'false');
    const userId = await newUser(2 * QUOTA_PER_UNIT);
    const limited = await f.addKey(userId, { unlimitedQuota: false, remainQuota: 1000, expiredTime: Math.floor(Date.now() / 1000) + 3600 });
    const unlimited = await f.addKey(userId, { unlimitedQuota: true });
    // The user's total, not the key's 1000 nor the unlimited figure; no expiry, a user has none.
    expect(await subscription(limited)).toMatchObject({ hard_limit_usd: 2, access_until: 0 });
    expect((await subscription(unlimited)).hard_limit_usd).toBe(2);

    await spend(limited);
    await spend(unlimited);
    // Quota went down by 2 x COST and used_quota up by as much: the total stands, the usage is both requests'.
    expect((await subscription(unlimited)).hard_limit_usd).toBe(2);
    expect(await usage(limited)).toBeCloseTo(((2 * COST) / QUOTA_PER_UNIT) * 100, 10);
    await f.ctx.options.set('DisplayInCurrencyEnabled', 'false');
    expect((await subscription(limited)).hard_limit_usd).toBe(2 * QUOTA_PER_UNIT);
    expect(await usage(unlimited)).toBe(2 * COST * 100);
  });

  it('reports the display currency at the exchange rate when it is not USD, as the console shows the balance', async () => {
    await f.ctx.options.set('DisplayCurrency', 'CNY');
    await f.ctx.options.set('CurrencyExchangeRate', '7.2');
    const key = await f.addKey(await newUser(10_000_000), { unlimitedQuota: false, remainQuota: 2 * QUOTA_PER_UNIT });
    // $2 of quota at 7.2 yuan to the dollar.
    expect((await subscription(key)).hard_limit_usd).toBe(14.4);
    await spend(key);
    expect((await subscription(key)).hard_limit_usd).toBe(14.4);
    expect(await usage(key)).toBeCloseTo((COST / QUOTA_PER_UNIT) * 7.2 * 100, 10);

    // The user's figures too, and the rate as it is now, not as it was when the key was made.
    await f.ctx.options.set('DisplayTokenStatEnabled', 'false');
    await f.ctx.options.set('CurrencyExchangeRate', '7');
    const userKey = await f.addKey(await newUser(3 * QUOTA_PER_UNIT), { unlimitedQuota: true });
    expect((await subscription(userKey)).hard_limit_usd).toBe(21);
    await spend(userKey);
    expect((await subscription(userKey)).hard_limit_usd).toBe(21);
    expect(await usage(userKey)).toBeCloseTo((COST / QUOTA_PER_UNIT) * 7 * 100, 10);
  });

  it('keeps raw quota and the unlimited figure whatever the display currency', async () => {
    await f.ctx.options.set('DisplayCurrency', 'CNY');
    await f.ctx.options.set('CurrencyExchangeRate', '7.2');
    const unlimited = await f.addKey(await newUser(10_000_000), { unlimitedQuota: true });
    expect((await subscription(unlimited)).hard_limit_usd).toBe(100_000_000);
    await f.ctx.options.set('DisplayInCurrencyEnabled', 'false');
    const limited = await f.addKey(await newUser(10_000_000), { unlimitedQuota: false, remainQuota: 40_000 });
    await spend(limited);
    expect((await subscription(limited)).hard_limit_usd).toBe(40_000);
    expect(await usage(limited)).toBe(COST * 100);
  });

  it('refuses a missing or unknown key in OpenAI error shape', async () => {
    const missing = await fetch(`${f.url}/dashboard/billing/subscription`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ error: { type: 'one_api_error' } });
    const unknown = await fetch(`${f.url}/v1/dashboard/billing/usage`, { headers: { authorization: 'Bearer sk-nosuchkey' } });
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toMatchObject({ error: { message: expect.stringMatching(/^invalid token/) as unknown } });
  });
});

describe('the billing emulation under the global API rate limit', () => {
  const LIMIT = 20;
  let f: RelayFixture;
  beforeAll(async () => {
    f = await relayFixture('sqlite', { GLOBAL_API_RATE_LIMIT: String(LIMIT) });
  });
  afterAll(() => f.close());

  it.each([
    ['/dashboard/billing/subscription', '10.9.0.1'],
    ['/v1/dashboard/billing/subscription', '10.9.0.2'],
  ])('limits %s per client address, as one-api limits both paths, and refuses in OpenAI shape', async (path, remoteAddress) => {
    const key = await f.addKey(await f.addUser(`limited${remoteAddress.replaceAll('.', '')}`, 1000));
    const call = () => f.app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer sk-${key}` }, remoteAddress });
    for (let i = 0; i < LIMIT; i += 1) expect((await call()).statusCode).toBe(200);
    const limited = await call();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: { message: expect.stringContaining('too many requests'), code: 'rate_limited' } });
  });
});
