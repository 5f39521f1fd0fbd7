import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Token } from '@tollgate/contract';
import { databaseKinds } from '../../../test/databases.js';
import { buildTestApp, login, register, NO_RATE_LIMITS, type TestApp } from '../../../test/test-app.js';

describe.each(databaseKinds)('tokens on %s', (kind) => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    t = await buildTestApp(kind, NO_RATE_LIMITS);
    for (const name of ['alice', 'bob', 'pager']) await register(t.app, name);
    alice = await login(t.app, 'alice', 'password123');
    bob = await login(t.app, 'bob', 'password123');
  });
  afterAll(() => t.close());

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
    (await t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) })).json<{ success: boolean; message: string; data: unknown }>();
  const create = async (cookie: string, fields: object) => (await call('POST', '/api/token/', cookie, fields)).data as Token;
  const stored = (id: number) => t.ctx.db.selectFrom('tokens').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('creates a token with a server key, without sk-, and reads it back', async () => {
    const body = await call('POST', '/api/token/', alice, { name: 'ci', remain_quota: 5000, expired_time: -1, unlimited_quota: false, models: ' gpt-4o , ,o3 ', subnet: '' });
    expect(body).toMatchObject({ success: true, data: { name: 'ci', remain_quota: 5000, unlimited_quota: false, models: 'gpt-4o,o3', subnet: '', status: 1, used_quota: 0 } });
    const token = body.data as Token;
    expect(token.key).toMatch(/^[0-9a-zA-Z]{48}$/);
    expect(Object.keys(token).sort()).toEqual(
      ['accessed_time', 'budget_amount', 'budget_period', 'concurrency_limit', 'created_time', 'expired_time', 'id', 'key', 'models', 'name', 'remain_quota', 'response_cache', 'rpm_limit', 'status', 'subnet', 'tpm_limit', 'unlimited_quota', 'used_quota', 'user_id'].sort(),
    );
    expect((await call('GET', `/api/token/${token.id}`, alice)).data).toEqual(token);
    // A key in the body is ignored: the server always makes its own.
    const other = await create(alice, { name: 'chosen', key: 'x'.repeat(48) });
    expect(other.key).not.toBe('x'.repeat(48));
  });

  it('never answers null models or subnet, even for rows one-api left null', async () => {
    const token = await create(alice, { name: 'nulls' });
    await t.ctx.db.updateTable('tokens').set({ models: null, subnet: null, name: null }).where('id', '=', token.id).execute();
    const list = (await call('GET', '/api/token/', alice)).data as Token[];
    expect(list.find((row) => row.id === token.id)).toMatchObject({ models: '', subnet: '', name: '' });
  });

  it('refuses bad names and numbers with clear messages', async () => {
    expect(await call('POST', '/api/token/', alice, { name: '' })).toMatchObject({ success: false, message: 'the token name must not be empty' });
    expect(await call('POST', '/api/token/', alice, { name: 'n'.repeat(31) })).toMatchObject({ success: false, message: 'the token name must not be longer than 30 characters' });
    expect((await call('POST', '/api/token/', alice, { name: 'n'.repeat(30) })).success).toBe(true);
    expect((await call('POST', '/api/token/', alice, { name: '令'.repeat(30) })).success).toBe(true);
    expect(await call('POST', '/api/token/', alice, { name: 'q', remain_quota: -1 })).toMatchObject({ success: false, message: 'remain_quota must be a whole number of 0 or more' });
    expect(await call('POST', '/api/token/', alice, { name: 'q', remain_quota: 1.5 })).toMatchObject({ success: false });
    expect(await call('POST', '/api/token/', alice, { name: 'q', expired_time: -2 })).toMatchObject({ success: false, message: expect.stringContaining('expired_time') });
  });

  it('accepts IPv4 and IPv6 CIDR lists and names the bad entry otherwise', async () => {
    const good = await create(alice, { name: 'nets', subnet: '10.0.0.0/8, 192.168.1.7/32,2001:db8::/32 , ::1/128' });
    expect(good.subnet).toBe('10.0.0.0/8,192.168.1.7/32,2001:db8::/32,::1/128');
    for (const bad of ['10.0.0.1', '10.0.0.0/33', '2001:db8::/129', 'intranet/8', '300.1.1.1/8']) {
      const body = await call('POST', '/api/token/', alice, { name: 'nets', subnet: `10.0.0.0/8,${bad}` });
      expect(body.success).toBe(false);
      expect(body.message).toContain(`"${bad}"`);
    }
    const put = await call('PUT', '/api/token/', alice, { ...good, subnet: 'fe80::/10,nope' });
    expect(put).toMatchObject({ success: false, message: expect.stringContaining('"nope"') });
    expect((await stored(good.id)).subnet).toBe(good.subnet);
  });

  it('pages exactly 10 rows, newest first, and only the caller’s own', async () => {
    const pager = await login(t.app, 'pager', 'password123');
    for (let i = 0; i < 22; i += 1) await create(pager, { name: `p${i}` });
    const pages = await Promise.all([0, 1, 2, 3].map(async (p) => (await call('GET', `/api/token/?p=${p}`, pager)).data as Token[]));
    expect(pages.map((page) => page.length)).toEqual([10, 10, 3, 0]);
    const ids = pages.flat().map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(23);
    expect(pages[0]?.[0]?.name).toBe('p21');
    expect(pages.flat().some((row) => row.name === 'ci')).toBe(false);
    // Without the trailing slash, and with an unparsable page, the first page is served.
    expect(((await call('GET', '/api/token?p=x', pager)).data as Token[])[0]?.name).toBe('p21');
  });

  it('orders by remaining quota (unlimited first) and by used quota', async () => {
    await register(t.app, 'orderer');
    const cookie = await login(t.app, 'orderer', 'password123');
    const user = await t.ctx.db.selectFrom('users').select('id').where('username', '=', 'orderer').executeTakeFirstOrThrow();
    await t.ctx.db.deleteFrom('tokens').where('user_id', '=', user.id).execute();
    const small = await create(cookie, { name: 'small', remain_quota: 10 });
    const big = await create(cookie, { name: 'big', remain_quota: 900 });
    const unlimited = await create(cookie, { name: 'unlimited', unlimited_quota: true });
    await t.ctx.db.updateTable('tokens').set({ used_quota: 70 }).where('id', '=', small.id).execute();
    await t.ctx.db.updateTable('tokens').set({ used_quota: 5 }).where('id', '=', big.id).execute();
    const names = async (order: string) => ((await call('GET', `/api/token/?p=0&order=${order}`, cookie)).data as Token[]).map((row) => row.name);
    expect(await names('')).toEqual(['unlimited', 'big', 'small']);
    expect(await names('remain_quota')).toEqual(['unlimited', 'big', 'small']);
    expect(await names('used_quota')).toEqual(['small', 'big', 'unlimited']);
    expect(await names('nonsense')).toEqual(['unlimited', 'big', 'small']);
    expect(unlimited.unlimited_quota).toBe(true);
  });

  it('searches by name prefix, trimmed, within the caller’s tokens only', async () => {
    await create(alice, { name: 'search-one' });
    await create(alice, { name: 'search-two' });
    await create(alice, { name: 'my-search' });
    await create(alice, { name: 'search_literal' });
    await create(bob, { name: 'search-bob' });
    const names = async (cookie: string, keyword: string) =>
      ((await call('GET', `/api/token/search?keyword=${encodeURIComponent(keyword)}`, cookie)).data as Token[]).map((row) => row.name).sort();
    expect(await names(alice, '  search ')).toEqual(['search-one', 'search-two', 'search_literal']);
    expect(await names(alice, 'search_')).toEqual(['search_literal']);
    expect(await names(alice, 'search%')).toEqual([]);
    expect(await names(bob, 'search')).toEqual(['search-bob']);
  });

  it('updates every editable field, keeps the key, and keeps fields left out', async () => {
    const token = await create(alice, { name: 'edit-me', remain_quota: 1 });
    const body = await call('PUT', '/api/token/', alice, { ...token, name: 'edited', remain_quota: 42, unlimited_quota: true, expired_time: 4102444800, models: 'a, b', subnet: '10.0.0.0/8', key: 'changed' });
    expect(body).toMatchObject({ success: true, data: { id: token.id, key: token.key, name: 'edited', remain_quota: 42, unlimited_quota: true, expired_time: 4102444800, models: 'a,b', subnet: '10.0.0.0/8' } });
    const partial = await call('PUT', '/api/token', alice, { id: token.id, name: 'renamed' });
    expect(partial.data).toMatchObject({ name: 'renamed', remain_quota: 42, models: 'a,b', subnet: '10.0.0.0/8', key: token.key });
    expect(await call('PUT', '/api/token/', alice, { id: token.id, name: 'x'.repeat(31) })).toMatchObject({ success: false });
  });

  it('deletes a token, with or without the trailing slash', async () => {
    const one = await create(alice, { name: 'bye' });
    const two = await create(alice, { name: 'bye2' });
    expect(await call('DELETE', `/api/token/${one.id}/`, alice)).toMatchObject({ success: true });
    expect(await call('DELETE', `/api/token/${two.id}`, alice)).toMatchObject({ success: true });
    expect(await call('DELETE', `/api/token/${one.id}/`, alice)).toMatchObject({ success: false, message: 'token not found' });
    expect(await call('GET', `/api/token/${one.id}`, alice)).toMatchObject({ success: false, message: 'token not found' });
    expect(await call('GET', '/api/token/abc', alice)).toMatchObject({ success: false, message: 'invalid token id' });
  });

  it('never lets another user read, change or delete a token by id', async () => {
    const mine = await create(alice, { name: 'private', remain_quota: 7 });
    const before = await stored(mine.id);
    expect(await call('GET', `/api/token/${mine.id}`, bob)).toMatchObject({ success: false, message: 'token not found' });
    expect(await call('PUT', '/api/token/', bob, { ...mine, name: 'stolen', remain_quota: 999999 })).toMatchObject({ success: false });
    expect(await call('PUT', '/api/token/?status_only=true', bob, { id: mine.id, status: 2 })).toMatchObject({ success: false });
    expect(await call('DELETE', `/api/token/${mine.id}/`, bob)).toMatchObject({ success: false });
    expect(await stored(mine.id)).toEqual(before);
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/token/' });
    expect(response.statusCode).toBe(401);
  });
});
