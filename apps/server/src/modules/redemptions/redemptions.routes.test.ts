import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedemptionStatus, type Redemption } from '@tollgate/contract';
import { databaseKinds } from '../../../test/databases.js';
import { buildTestApp, login, register, NO_RATE_LIMITS, loginRoot, type TestApp } from '../../../test/test-app.js';

describe.each(databaseKinds)('redemption codes on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let user: string;
  beforeAll(async () => {
    t = await buildTestApp(kind, NO_RATE_LIMITS);
    admin = await loginRoot(t.app);
    await register(t.app, 'dave');
    user = await login(t.app, 'dave', 'password123');
  });
  afterAll(() => t.close());

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, cookie = admin) =>
    (await t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) })).json<{ success: boolean; message: string; data: unknown }>();
  const create = async (fields: object) => (await call('POST', '/api/redemption/', fields)).data as string[];
  const byKey = (key: string) => t.ctx.db.selectFrom('redemptions').selectAll().where('key', '=', key).executeTakeFirstOrThrow();

  it('creates count codes of 32 hex characters and answers them', async () => {
    const keys = await create({ name: 'launch', quota: 5000, count: 3 });
    expect(keys).toHaveLength(3);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys).size).toBe(3);
    const root = await t.ctx.db.selectFrom('users').select('id').where('username', '=', 'root').executeTakeFirstOrThrow();
    expect(await byKey(keys[0] ?? '')).toMatchObject({ name: 'launch', quota: 5000, status: 1, redeemed_time: 0, user_id: root.id });
  });

  it('bounds count to 1..100 and the name to 1..20 characters', async () => {
    const countMessage = 'count (the number of codes) must be a whole number from 1 to 100';
    expect(await call('POST', '/api/redemption/', { name: 'n', quota: 1, count: 0 })).toMatchObject({ success: false, message: countMessage });
    expect(await call('POST', '/api/redemption/', { name: 'n', quota: 1, count: 101 })).toMatchObject({ success: false, message: countMessage });
    expect(await create({ name: 'bulk', quota: 1, count: 100 })).toHaveLength(100);
    const nameMessage = 'the redemption code name must be 1 to 20 characters long';
    expect(await call('POST', '/api/redemption/', { name: '', quota: 1, count: 1 })).toMatchObject({ success: false, message: nameMessage });
    expect(await call('POST', '/api/redemption/', { name: 'n'.repeat(21), quota: 1, count: 1 })).toMatchObject({ success: false, message: nameMessage });
    expect(await call('POST', '/api/redemption/', { name: 'n', quota: -5, count: 1 })).toMatchObject({ success: false, message: 'quota must be a whole number of 0 or more' });
    // Defaults of the console's form: 100000 quota, one code.
    const [key] = await create({ name: 'defaults' });
    expect(await byKey(key ?? '')).toMatchObject({ quota: 100000 });
  });

  it('lists 10 per page newest first, searches by id or name prefix, reads one', async () => {
    const pages = await Promise.all([0, 1].map(async (p) => (await call('GET', `/api/redemption/?p=${p}`)).data as Redemption[]));
    expect(pages.map((page) => page.length)).toEqual([10, 10]);
    const ids = pages.flat().map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(Object.keys(pages[0]?.[0] ?? {}).sort()).toEqual(['created_time', 'id', 'key', 'name', 'quota', 'redeemed_time', 'status', 'user_id']);

    const [key] = await create({ name: 'findable', quota: 7, count: 1 });
    const row = await byKey(key ?? '');
    expect(((await call('GET', `/api/redemption/search?keyword=${row.id}`)).data as Redemption[]).map((r) => r.id)).toContain(row.id);
    expect(((await call('GET', '/api/redemption/search?keyword=%20find')).data as Redemption[]).map((r) => r.key)).toEqual([key]);
    expect((await call('GET', `/api/redemption/${row.id}`)).data).toMatchObject({ id: row.id, key, name: 'findable', quota: 7 });
    expect(await call('GET', '/api/redemption/99999999')).toMatchObject({ success: false, message: 'redemption code not found' });
  });

  it('updates name and quota, and toggles status with the code in the reply', async () => {
    const [key] = await create({ name: 'editable', quota: 10, count: 1 });
    const row = await byKey(key ?? '');
    expect(await call('PUT', '/api/redemption/', { ...row, name: 'renamed', quota: 20, status: 3, key: 'x' })).toMatchObject({
      success: true,
      data: { name: 'renamed', quota: 20, status: 1, key },
    });
    expect(await call('PUT', '/api/redemption/?status_only=true', { id: row.id, status: 2 })).toMatchObject({ success: true, data: { status: 2 } });
    expect(await call('PUT', '/api/redemption/?status_only=true', { id: row.id, status: 2 })).toMatchObject({ success: true, data: { status: 2 } });
    expect(await call('PUT', '/api/redemption/?status_only=true', { id: row.id, status: 1 })).toMatchObject({ success: true, data: { status: 1 } });
    expect(await call('PUT', '/api/redemption/?status_only=true', { id: row.id, status: 3 })).toMatchObject({ success: false });
  });

  it('never toggles a used code, nor changes its quota', async () => {
    const [key] = await create({ name: 'spent', quota: 10, count: 1 });
    await t.ctx.db.updateTable('redemptions').set({ status: RedemptionStatus.Used, redeemed_time: 1 }).where('key', '=', key ?? '').execute();
    const row = await byKey(key ?? '');
    expect(await call('PUT', '/api/redemption/?status_only=true', { id: row.id, status: 1 })).toMatchObject({ success: false, message: expect.stringContaining('already been used') });
    expect(await call('PUT', '/api/redemption/?status_only=true', { id: row.id, status: 2 })).toMatchObject({ success: false });
    expect(await call('PUT', '/api/redemption/', { id: row.id, quota: 999 })).toMatchObject({ success: false });
    expect(await call('PUT', '/api/redemption/', { ...row, name: 'spent-renamed' })).toMatchObject({ success: true, data: { name: 'spent-renamed', status: 3 } });
  });

  it('deletes a code, with or without the trailing slash', async () => {
    const keys = await create({ name: 'doomed', quota: 1, count: 2 });
    const [one, two] = await Promise.all(keys.map(byKey));
    expect(await call('DELETE', `/api/redemption/${one?.id}/`)).toMatchObject({ success: true });
    expect(await call('DELETE', `/api/redemption/${two?.id}`)).toMatchObject({ success: true });
    expect(await call('DELETE', `/api/redemption/${one?.id}/`)).toMatchObject({ success: false, message: 'redemption code not found' });
  });

  it('refuses normal users on every route', async () => {
    const denied = { success: false, message: expect.stringMatching(/^permission denied/) };
    expect(await call('GET', '/api/redemption/', undefined, user)).toMatchObject(denied);
    expect(await call('GET', '/api/redemption/search?keyword=a', undefined, user)).toMatchObject(denied);
    expect(await call('GET', '/api/redemption/1', undefined, user)).toMatchObject(denied);
    expect(await call('POST', '/api/redemption/', { name: 'mine', quota: 1e9, count: 1 }, user)).toMatchObject(denied);
    expect(await call('PUT', '/api/redemption/', { id: 1, quota: 1e9 }, user)).toMatchObject(denied);
    expect(await call('DELETE', '/api/redemption/1/', undefined, user)).toMatchObject(denied);
    const mine = await t.ctx.db.selectFrom('redemptions').select('id').where('name', '=', 'mine').execute();
    expect(mine).toHaveLength(0);
  });
});
