import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenStatus, type Token } from '@tollgate/contract';
import { databaseKinds } from '../../../test/databases.js';
import { buildTestApp, login, register, NO_RATE_LIMITS, type TestApp } from '../../../test/test-app.js';
import { nowSeconds } from '../../lib/random.js';

describe.each(databaseKinds)('token status on %s', (kind) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await buildTestApp(kind, NO_RATE_LIMITS);
    await register(t.app, 'carol');
    cookie = await login(t.app, 'carol', 'password123');
  });
  afterAll(() => t.close());

  const put = async (url: string, payload: object) =>
    (await t.app.inject({ method: 'PUT', url, headers: { cookie }, payload })).json<{ success: boolean; message: string; data: Token }>();
  const toggle = (id: number, status: number) => put('/api/token/?status_only=true', { id, status });
  const create = async (fields: object) =>
    (await t.app.inject({ method: 'POST', url: '/api/token/', headers: { cookie }, payload: { name: 'st', ...fields } })).json<{ data: Token }>().data;
  const storedStatus = async (id: number) => (await t.ctx.db.selectFrom('tokens').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  it('disables and enables, answering the token with its status', async () => {
    const token = await create({ unlimited_quota: true });
    expect(await toggle(token.id, TokenStatus.Disabled)).toMatchObject({ success: true, data: { id: token.id, status: 2, key: token.key } });
    expect(await toggle(token.id, TokenStatus.Enabled)).toMatchObject({ success: true, data: { status: 1 } });
    expect(await storedStatus(token.id)).toBe(1);
  });

  it('accepts only 1 and 2 from users', async () => {
    const token = await create({ unlimited_quota: true });
    for (const status of [0, 3, 4, 9]) {
      expect(await toggle(token.id, status)).toMatchObject({ success: false, message: 'status must be 1 (enabled) or 2 (disabled)' });
    }
    expect(await storedStatus(token.id)).toBe(1);
  });

  it('refuses to enable an expired token until its expiry is extended', async () => {
    const token = await create({ unlimited_quota: true, expired_time: nowSeconds() - 60 });
    await t.ctx.db.updateTable('tokens').set({ status: TokenStatus.Expired }).where('id', '=', token.id).execute();
    const refused = await toggle(token.id, TokenStatus.Enabled);
    expect(refused).toMatchObject({ success: false, message: expect.stringContaining('extend its expiry time') });
    expect(await storedStatus(token.id)).toBe(TokenStatus.Expired);

    // The console's edit form saves the whole token (echoing status 3), then the list toggles it on.
    const loaded = (await t.app.inject({ method: 'GET', url: `/api/token/${token.id}`, headers: { cookie } })).json<{ data: Token }>().data;
    const edited = await put('/api/token/', { ...loaded, expired_time: nowSeconds() + 3600 });
    expect(edited).toMatchObject({ success: true, data: { status: TokenStatus.Expired } });
    expect(await toggle(token.id, TokenStatus.Enabled)).toMatchObject({ success: true, data: { status: 1 } });
  });

  it('lets one full save extend an expired token and enable it', async () => {
    const token = await create({ unlimited_quota: true, expired_time: nowSeconds() - 60 });
    await t.ctx.db.updateTable('tokens').set({ status: TokenStatus.Expired }).where('id', '=', token.id).execute();
    const stillExpired = await put('/api/token/', { ...token, status: 1, expired_time: nowSeconds() - 1 });
    expect(stillExpired).toMatchObject({ success: false, message: expect.stringContaining('extend its expiry time') });
    const saved = await put('/api/token/', { ...token, status: 1, expired_time: -1 });
    expect(saved).toMatchObject({ success: true, data: { status: 1, expired_time: -1 } });
  });

  it('refuses to enable an exhausted limited token until quota is added', async () => {
    const token = await create({ remain_quota: 0, unlimited_quota: false });
    await toggle(token.id, TokenStatus.Disabled);
    expect(await toggle(token.id, TokenStatus.Enabled)).toMatchObject({ success: false, message: expect.stringContaining('add remaining quota') });
    expect(await storedStatus(token.id)).toBe(TokenStatus.Disabled);
    expect((await put('/api/token/', { id: token.id, remain_quota: 100 })).success).toBe(true);
    expect(await toggle(token.id, TokenStatus.Enabled)).toMatchObject({ success: true, data: { status: 1 } });
  });

  it('reaches the relay key cache at once when a token is disabled, edited or deleted', async () => {
    const token = await create({ unlimited_quota: true });
    expect((await t.ctx.relay.keys.get(token.key))?.status).toBe(TokenStatus.Enabled);
    await toggle(token.id, TokenStatus.Disabled);
    expect((await t.ctx.relay.keys.get(token.key))?.status).toBe(TokenStatus.Disabled);
    await put('/api/token/', { id: token.id, models: 'gpt-4o' });
    expect([...((await t.ctx.relay.keys.get(token.key))?.models ?? [])]).toEqual(['gpt-4o']);
    await t.app.inject({ method: 'DELETE', url: `/api/token/${token.id}/`, headers: { cookie } });
    expect(await t.ctx.relay.keys.get(token.key)).toBeUndefined();
  });

  it('lets a full save that keeps the status through, even when the token is already past its expiry', async () => {
    const token = await create({ unlimited_quota: true, expired_time: nowSeconds() - 60 });
    expect(await put('/api/token/', { ...token, name: 'renamed' })).toMatchObject({ success: true, data: { name: 'renamed', status: 1 } });
  });
});
