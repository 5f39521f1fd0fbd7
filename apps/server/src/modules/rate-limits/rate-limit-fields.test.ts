import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Token, UserView } from '@tollgate/contract';
import { databaseKinds } from '../../../test/databases.js';
import { buildTestApp, login, register, NO_RATE_LIMITS, loginRoot, type TestApp } from '../../../test/test-app.js';

describe.each(databaseKinds)('rate limit fields of keys, users and groups on %s', (kind) => {
  let t: TestApp;
  let alice: string;
  let root: string;
  let aliceId: number;
  beforeAll(async () => {
    t = await buildTestApp(kind, NO_RATE_LIMITS);
    await register(t.app, 'alice');
    alice = await login(t.app, 'alice', 'password123');
    root = await loginRoot(t.app);
    aliceId = (await t.ctx.db.selectFrom('users').select('id').where('username', '=', 'alice').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  it('stores a key’s limits on create and update and reads them back, 0 by default', async () => {
    const plain = (await call('POST', '/api/token/', alice, { name: 'plain' })).json<{ data: Token }>().data;
    expect(plain).toMatchObject({ rpm_limit: 0, tpm_limit: 0, concurrency_limit: 0 });
    const created = (await call('POST', '/api/token/', alice, { name: 'limited', rpm_limit: 60, tpm_limit: 100_000, concurrency_limit: 4 })).json<{ data: Token }>().data;
    expect(created).toMatchObject({ rpm_limit: 60, tpm_limit: 100_000, concurrency_limit: 4 });
    const updated = (await call('PUT', '/api/token/', alice, { id: created.id, rpm_limit: 0, concurrency_limit: 2 })).json<{ data: Token }>().data;
    expect(updated).toMatchObject({ rpm_limit: 0, tpm_limit: 100_000, concurrency_limit: 2 });
    const status = (await call('GET', `/api/token/${created.id}/limits`, alice)).json();
    // The answer also carries the budget (budgets.test.ts).
    expect(status).toMatchObject({ success: true, message: '', data: { requests: { limit: 0, used: 0 }, tokens: { limit: 100_000, used: 0 }, concurrency: { limit: 2, used: 0 } } });
  });

  it.each([
    ['rpm_limit', -1],
    ['tpm_limit', 1.5],
    ['concurrency_limit', '3'],
    ['rpm_limit', null],
    ['tpm_limit', 1e12],
  ])('refuses a key whose %s is %s with a 400 naming the field', async (field, value) => {
    const created = await call('POST', '/api/token/', alice, { name: 'bad', [field]: value });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({ success: false, message: `${field} must be a whole number from 0 (no limit) to 2000000000`, field });
    const token = (await call('POST', '/api/token/', alice, { name: 'good' })).json<{ data: Token }>().data;
    const updated = await call('PUT', '/api/token/', alice, { id: token.id, [field]: value });
    expect(updated.statusCode).toBe(400);
    expect(updated.json<{ message: string }>().message).toContain(field);
  });

  it('lets an admin set a user’s limits, refuses bad ones with a 400, and shows them with the user', async () => {
    const saved = await call('PUT', '/api/user/', root, { id: aliceId, rpm_limit: 30, tpm_limit: 5000, concurrency_limit: 3 });
    expect(saved.json()).toMatchObject({ success: true });
    const user = (await call('GET', `/api/user/${aliceId}`, root)).json<{ data: UserView }>().data;
    expect(user).toMatchObject({ rpm_limit: 30, tpm_limit: 5000, concurrency_limit: 3 });
    const refused = await call('PUT', '/api/user/', root, { id: aliceId, tpm_limit: -5 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ success: false, message: 'tpm_limit must be a whole number from 0 (no limit) to 2000000000', field: 'tpm_limit' });
    const status = (await call('GET', `/api/user/${aliceId}/limits`, root)).json<{ data: unknown }>().data;
    expect(status).toMatchObject({ requests: { limit: 30, used: 0 }, tokens: { limit: 5000, used: 0 }, concurrency: { limit: 3, used: 0 } });
    // Users cannot read another user's limits through the admin route.
    expect((await call('GET', `/api/user/${aliceId}/limits`, alice)).json()).toMatchObject({ success: false });
  });

  it.each([
    ['not json', 'GroupRateLimits is not valid JSON'],
    ['[1]', 'GroupRateLimits must be a JSON object'],
    ['{"vip":5}', 'GroupRateLimits.vip must be an object'],
    ['{"vip":{"rpm":-1}}', 'GroupRateLimits.vip.rpm must be a whole number from 0'],
    ['{"vip":{"rpd":10}}', 'GroupRateLimits.vip.rpd is not a limit'],
  ])('refuses GroupRateLimits %s with a clear message', async (value, message) => {
    const saved = (await call('PUT', '/api/option/', root, { key: 'GroupRateLimits', value })).json<{ success: boolean; message: string }>();
    expect(saved.success).toBe(false);
    expect(saved.message).toContain(message);
  });

  it('keeps a valid GroupRateLimits and lists it with the options', async () => {
    const value = '{"vip":{"rpm":600,"tpm":2000000,"concurrency":20}}';
    expect((await call('PUT', '/api/option/', root, { key: 'GroupRateLimits', value })).json()).toMatchObject({ success: true });
    const options = (await call('GET', '/api/option/', root)).json<{ data: { key: string; value: string }[] }>().data;
    expect(options.find((option) => option.key === 'GroupRateLimits')?.value).toBe(value);
  });
});
