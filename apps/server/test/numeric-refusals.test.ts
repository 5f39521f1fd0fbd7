import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from './databases.js';
import { buildTestApp, loginRoot, NO_RATE_LIMITS, type TestApp } from './test-app.js';
import { addUser } from './users.js';

type Answer = { success: boolean; message: string; field?: string; data?: unknown };

/**
 * Issue 35: every number field of users, keys, redemption codes, channels and prices refuses a value out of
 * its range (or not a number at all) with a 400 naming the field, and writes nothing. Refusals of other kinds
 * (an empty name, a taken username) keep one-api's HTTP 200 with success=false. An export of whatever the
 * API and the relay can leave in a database imports again.
 */
describe.each(databaseKinds)('number fields refused on %s', (kind) => {
  let t: TestApp;
  let root: string;
  let userId: number;
  let tokenId: number;
  let channelId: number;
  beforeAll(async () => {
    t = await buildTestApp(kind, NO_RATE_LIMITS);
    root = await loginRoot(t.app);
    userId = (await addUser(t, 'numbers', { quota: 500 })).id;
    tokenId = ((await call('POST', '/api/token/', { name: 'kept', remain_quota: 100 })).body.data as { id: number }).id;
    const created = await call('POST', '/api/channel/', { name: 'kept', type: 1, key: 'sk-kept', models: 'gpt-4o', group: 'default', weight: 3, priority: 1 });
    expect(created.body).toMatchObject({ success: true });
    channelId = (await t.ctx.db.selectFrom('channels').select('id').where('name', '=', 'kept').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t?.close());

  async function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
    const answer = await t.app.inject({ method, url, headers: { cookie: root }, ...(payload ? { payload } : {}) });
    return { status: answer.statusCode, body: answer.json<Answer>() };
  }

  /** Each refusal: 400, not a success, the field named in the message and in `field`. */
  async function expectRefused(method: 'POST' | 'PUT', url: string, payload: object, field: string) {
    const { status, body } = await call(method, url, payload);
    expect({ status, success: body.success, field: body.field }, `${method} ${url} ${JSON.stringify(payload)}`).toEqual({ status: 400, success: false, field });
    expect(body.message).toContain(field);
  }

  const countOf = async (table: 'tokens' | 'redemptions' | 'channels') => Number((await t.ctx.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it("a user's quota and limits", async () => {
    for (const quota of [-999, 1.5, 'abc', 2 ** 60]) await expectRefused('PUT', '/api/user/', { id: userId, quota }, 'quota');
    await expectRefused('PUT', '/api/user/', { id: userId, rpm_limit: -3 }, 'rpm_limit');
    await expectRefused('PUT', '/api/user/', { id: userId, concurrency_limit: 0.5 }, 'concurrency_limit');
    await expectRefused('POST', '/api/topup/', { user_id: userId, quota: -5 }, 'quota');
    const stored = await t.ctx.db.selectFrom('users').select(['quota', 'rpm_limit', 'concurrency_limit']).where('id', '=', userId).executeTakeFirstOrThrow();
    expect({ ...stored, quota: Number(stored.quota) }).toEqual({ quota: 500, rpm_limit: 0, concurrency_limit: 0 });
    expect((await call('PUT', '/api/user/', { id: userId, quota: 0 })).body).toMatchObject({ success: true });
  });

  it("a key's quota, expiry and limits, on create and on update", async () => {
    const before = await countOf('tokens');
    await expectRefused('POST', '/api/token/', { name: 'neg', remain_quota: -5000 }, 'remain_quota');
    await expectRefused('POST', '/api/token/', { name: 'neg', rpm_limit: -3 }, 'rpm_limit');
    await expectRefused('POST', '/api/token/', { name: 'neg', expired_time: -2 }, 'expired_time');
    await expectRefused('POST', '/api/token/', { name: 'neg', remain_quota: '5' }, 'remain_quota');
    expect(await countOf('tokens')).toBe(before);
    await expectRefused('PUT', '/api/token/', { id: tokenId, remain_quota: -1 }, 'remain_quota');
    await expectRefused('PUT', '/api/token/?status_only=true', { id: tokenId, status: 9 }, 'status');
    const stored = await t.ctx.db.selectFrom('tokens').select(['remain_quota', 'status']).where('id', '=', tokenId).executeTakeFirstOrThrow();
    expect({ remain: Number(stored.remain_quota), status: stored.status }).toEqual({ remain: 100, status: 1 });
  });

  it("a redemption code's quota and count", async () => {
    const before = await countOf('redemptions');
    await expectRefused('POST', '/api/redemption/', { name: 'neg', quota: -100000, count: 1 }, 'quota');
    await expectRefused('POST', '/api/redemption/', { name: 'none', quota: 100, count: 0 }, 'count');
    await expectRefused('POST', '/api/redemption/', { name: 'many', quota: 100, count: 101 }, 'count');
    await expectRefused('POST', '/api/redemption/', { name: 'big', quota: 2 ** 31, count: 1 }, 'quota');
    expect(await countOf('redemptions')).toBe(before);
  });

  it("a channel's weight, status and priority, on create and on the list's quick change", async () => {
    const before = await countOf('channels');
    const channel = { name: 'bad', type: 1, key: 'sk-bad', models: 'gpt-4o', group: 'default' };
    await expectRefused('POST', '/api/channel/', { ...channel, weight: -1 }, 'weight');
    await expectRefused('POST', '/api/channel/', { ...channel, status: 7 }, 'status');
    await expectRefused('POST', '/api/channel/', { ...channel, priority: 2 ** 40 }, 'priority');
    await expectRefused('POST', '/api/channel/', { ...channel, type: 'abc' }, 'type');
    expect(await countOf('channels')).toBe(before);
    await expectRefused('PUT', '/api/channel/', { id: channelId, weight: -5 }, 'weight');
    await expectRefused('PUT', '/api/channel/', { id: channelId, status: 0 }, 'status');
    const stored = await t.ctx.db.selectFrom('channels').select(['weight', 'status', 'priority']).where('id', '=', channelId).executeTakeFirstOrThrow();
    expect({ weight: Number(stored.weight), status: stored.status, priority: Number(stored.priority) }).toEqual({ weight: 3, status: 1, priority: 1 });
  });

  it('prices and ratios', async () => {
    const stored = async () => (await t.ctx.db.selectFrom('options').select('value').where('key', '=', 'ModelRatio').executeTakeFirst())?.value;
    const before = await stored();
    for (const value of ['{"gpt-4o":-1}', '{"gpt-4o":"abc"}', '{"gpt-4o":null}']) {
      const { status, body } = await call('PUT', '/api/option/', { key: 'ModelRatio', value });
      expect({ status, success: body.success }, value).toEqual({ status: 400, success: false });
      expect(body.message).toContain('gpt-4o');
    }
    expect(await stored()).toBe(before);
    const { status, body } = await call('PUT', '/api/option/', { key: 'DefaultModelRatio', value: 'abc' });
    expect({ status, success: body.success }).toEqual({ status: 400, success: false });
  });

  it('keeps HTTP 200 with success=false for refusals that are not numbers', async () => {
    expect(await call('POST', '/api/token/', { name: '' })).toMatchObject({ status: 200, body: { success: false } });
    expect(await call('POST', '/api/channel/', { name: '', type: 1, key: 'sk', models: 'gpt-4o', group: 'default' })).toMatchObject({ status: 200, body: { success: false } });
  });

  it('imports an export of a database holding a debt the relay left (a quota below 0) and a channel of weight 0', async () => {
    // A request that cost more than it reserved is charged in full: the relay can leave a balance below 0.
    await t.ctx.db.updateTable('users').set({ quota: -250 }).where('id', '=', userId).execute();
    expect((await call('POST', '/api/channel/', { name: 'light', type: 1, key: 'sk-light', models: 'gpt-4o', group: 'default', weight: 0, priority: -2 })).body).toMatchObject({ success: true });
    const exported = (await call('GET', '/api/config/export?keys=true')).body.data as { document: object };
    const imported = await call('POST', '/api/config/import', exported.document);
    expect(imported).toMatchObject({ status: 200, body: { success: true } });
    expect(Number((await t.ctx.db.selectFrom('users').select('quota').where('id', '=', userId).executeTakeFirstOrThrow()).quota)).toBe(-250);
  });
});
