import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserStatus } from '@tollgate/contract';
import { databaseKinds } from '../../../test/databases.js';
import { buildTestApp, login, register, sessionCookie, loginRoot, type TestApp } from '../../../test/test-app.js';

describe.each(databaseKinds)('accounts on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { CRITICAL_RATE_LIMIT: '0' });
  });
  afterAll(() => t.close());

  const get = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...(cookie ? { cookie } : {}), ...headers } });

  it('registers, logs in and reads itself', async () => {
    expect(await register(t.app, 'alice', 'alicepass1')).toMatchObject({ success: true });
    const response = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: 'alice', password: 'alicepass1' } });
    const body = response.json();
    expect(body).toMatchObject({ success: true, data: { username: 'alice', display_name: 'alice', role: 1, status: 1 } });
    expect(Object.keys(body.data).sort()).toEqual(['display_name', 'id', 'role', 'status', 'username']);
    const self = (await get('/api/user/self', sessionCookie(response))).json();
    expect(self.data).toMatchObject({ username: 'alice', group: 'default', quota: 0, email: '', github_id: '' });
    expect(self.data).not.toHaveProperty('password');
    expect(self.data).not.toHaveProperty('access_token');
  });

  it('gives a new user a default unlimited token that never expires', async () => {
    await register(t.app, 'tokenowner');
    const user = await t.ctx.db.selectFrom('users').select('id').where('username', '=', 'tokenowner').executeTakeFirstOrThrow();
    const tokens = await t.ctx.db.selectFrom('tokens').selectAll().where('user_id', '=', user.id).execute();
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatchObject({ name: 'default', expired_time: -1, status: 1 });
    expect(Boolean(tokens[0]?.unlimited_quota)).toBe(true);
    expect(tokens[0]?.key).toMatch(/^[0-9a-zA-Z]{48}$/);
  });

  it('logs in by email as well as by username', async () => {
    await register(t.app, 'mailer');
    await t.ctx.db.updateTable('users').set({ email: 'mailer@example.com' }).where('username', '=', 'mailer').execute();
    const response = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: 'mailer@example.com', password: 'password123' } });
    expect(response.json()).toMatchObject({ success: true, data: { username: 'mailer' } });
  });

  it('refuses a wrong password with a generic message and no cookie', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: 'root', password: 'wrong-password' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: false, message: 'username or password is wrong, or the user has been banned' });
    expect(response.cookies.find((c) => c.name === 'session')).toBeUndefined();
  });

  it('refuses a password shorter than 8, a mismatch, an empty name and a taken name', async () => {
    expect(await register(t.app, 'shorty', 'short')).toEqual({ success: false, message: 'password length must not be less than 8' });
    const mismatch = await t.app.inject({ method: 'POST', url: '/api/user/register', payload: { username: 'mm', password: 'password123', password2: 'password124' } });
    expect(mismatch.json()).toMatchObject({ success: false, message: 'the two passwords differ' });
    expect(await register(t.app, '', 'password123')).toMatchObject({ success: false });
    expect(await register(t.app, 'thirteenchars', 'password123')).toMatchObject({ success: false });
    expect(await register(t.app, 'root', 'password123')).toEqual({ success: false, message: 'this username is already taken' });
  });

  it('registers one of several sign-ups of one name at once, and tells the others the name is taken', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => register(t.app, 'racer')));
    expect(answers.filter((answer) => answer.success)).toHaveLength(1);
    expect(answers.filter((answer) => !answer.success)).toEqual([
      { success: false, message: 'this username is already taken' },
      { success: false, message: 'this username is already taken' },
    ]);
  });

  it('refuses registration when the options turn it off', async () => {
    await t.ctx.options.set('RegisterEnabled', 'false');
    expect(await register(t.app, 'late')).toMatchObject({ success: false });
    await t.ctx.options.set('RegisterEnabled', 'true');
    await t.ctx.options.set('PasswordRegisterEnabled', 'false');
    expect(await register(t.app, 'late')).toMatchObject({ success: false });
    await t.ctx.options.set('PasswordRegisterEnabled', 'true');
    expect(await register(t.app, 'late')).toMatchObject({ success: true });
  });

  it('refuses password login when it is turned off', async () => {
    await t.ctx.options.set('PasswordLoginEnabled', 'false');
    const response = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: 'root', password: '123456' } });
    await t.ctx.options.set('PasswordLoginEnabled', 'true');
    expect(response.json()).toMatchObject({ success: false });
  });

  it('grants the new-user, invitee and inviter quotas and logs them', async () => {
    await t.ctx.options.set('QuotaForNewUser', '1000');
    await t.ctx.options.set('QuotaForInvitee', '200');
    await t.ctx.options.set('QuotaForInviter', '300');
    await register(t.app, 'inviter');
    const inviterCookie = await login(t.app, 'inviter', 'password123');
    const aff = (await get('/api/user/aff', inviterCookie)).json().data as string;
    expect(aff).toMatch(/^[0-9a-zA-Z]{4}$/);
    expect((await get('/api/user/aff', inviterCookie)).json().data).toBe(aff);
    await register(t.app, 'invitee', 'password123', { aff_code: aff });
    for (const key of ['QuotaForNewUser', 'QuotaForInvitee', 'QuotaForInviter']) await t.ctx.options.set(key, '0');

    const invitee = (await get('/api/user/self', await login(t.app, 'invitee', 'password123'))).json().data;
    const inviter = (await get('/api/user/self', inviterCookie)).json().data;
    expect(invitee.quota).toBe(1200);
    expect(invitee.inviter_id).toBe(inviter.id);
    expect(inviter.quota).toBe(1000 + 300);
    const logs = await t.ctx.db.selectFrom('logs').select(['username', 'type']).where('username', 'in', ['invitee', 'inviter']).execute();
    expect(logs.filter((l) => l.username === 'invitee')).toHaveLength(2);
    expect(logs.filter((l) => l.username === 'inviter')).toHaveLength(2);
    expect(logs.every((l) => l.type === 4)).toBe(true);
  });

  it('updates only username, display name and password on PUT /self', async () => {
    await register(t.app, 'editor');
    const cookie = await login(t.app, 'editor', 'password123');
    const before = (await get('/api/user/self', cookie)).json().data;
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/user/self',
      headers: { cookie },
      payload: { ...before, display_name: 'Ed', password: '', role: 100, quota: 999999999, group: 'svip' },
    });
    expect(put.json()).toMatchObject({ success: true });
    const after = (await get('/api/user/self', cookie)).json().data;
    expect(after).toMatchObject({ display_name: 'Ed', role: 1, quota: before.quota, group: 'default' });
    // The old password still works because an empty one is ignored; a new one replaces it.
    await t.app.inject({ method: 'PUT', url: '/api/user/self', headers: { cookie }, payload: { password: 'newpassword1' } });
    expect((await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: 'editor', password: 'newpassword1' } })).json().success).toBe(true);
    const short = await t.app.inject({ method: 'PUT', url: '/api/user/self', headers: { cookie }, payload: { password: 'short' } });
    expect(short.json()).toMatchObject({ success: false, message: 'password length must not be less than 8' });
  });

  it('keeps a long name given by a sign-in provider on PUT /self, but refuses to choose one', async () => {
    await register(t.app, 'longname');
    await t.ctx.db.updateTable('users').set({ username: 'github_1234567' }).where('username', '=', 'longname').execute();
    const cookie = await login(t.app, 'github_1234567', 'password123');
    const self = (await get('/api/user/self', cookie)).json().data;
    const kept = await t.app.inject({ method: 'PUT', url: '/api/user/self', headers: { cookie }, payload: { ...self, display_name: 'Octo' } });
    expect(kept.json()).toMatchObject({ success: true });
    const renamed = await t.app.inject({ method: 'PUT', url: '/api/user/self', headers: { cookie }, payload: { ...self, username: 'github_7654321' } });
    expect(renamed.json()).toMatchObject({ success: false, message: 'username must not be longer than 12 characters' });
  });

  it('refuses a disabled user at once, on the session they already hold', async () => {
    await register(t.app, 'banned');
    const cookie = await login(t.app, 'banned', 'password123');
    expect((await get('/api/user/self', cookie)).json().success).toBe(true);
    await t.ctx.db.updateTable('users').set({ status: UserStatus.Disabled }).where('username', '=', 'banned').execute();
    const refused = await get('/api/user/self', cookie);
    expect(refused.json()).toMatchObject({ success: false, message: 'user has been banned' });
    const relogin = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: 'banned', password: 'password123' } });
    expect(relogin.json().success).toBe(false);
  });

  it('answers 401 without a session or access token', async () => {
    const response = await get('/api/user/self');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false });
  });

  it('accepts the system access token, raw or as Bearer, and refuses a wrong one', async () => {
    await register(t.app, 'scripter');
    const cookie = await login(t.app, 'scripter', 'password123');
    const token = (await get('/api/user/token', cookie)).json().data as string;
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    expect((await get('/api/user/self', undefined, { authorization: token })).json().data.username).toBe('scripter');
    expect((await get('/api/user/self', undefined, { authorization: `Bearer ${token}` })).json().data.username).toBe('scripter');
    const wrong = await get('/api/user/self', undefined, { authorization: 'f'.repeat(32) });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json()).toMatchObject({ success: false, message: 'invalid access token' });
    // Regenerating replaces the old token.
    await get('/api/user/token', cookie);
    expect((await get('/api/user/self', undefined, { authorization: token })).json().success).toBe(false);
  });

  it('logs out by clearing the cookie', async () => {
    const response = await get('/api/user/logout');
    expect(response.json()).toEqual({ success: true, message: '' });
    expect(response.cookies.find((c) => c.name === 'session')?.value).toBe('');
  });

  it('deletes its own account softly, but never root', async () => {
    await register(t.app, 'leaver');
    const cookie = await login(t.app, 'leaver', 'password123');
    expect((await t.app.inject({ method: 'DELETE', url: '/api/user/self', headers: { cookie } })).json().success).toBe(true);
    expect((await get('/api/user/self', cookie)).json().success).toBe(false);
    expect((await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: 'leaver', password: 'password123' } })).json().success).toBe(false);
    // The name is free again.
    expect(await register(t.app, 'leaver')).toMatchObject({ success: true });

    const rootCookie = await loginRoot(t.app);
    const refused = await t.app.inject({ method: 'DELETE', url: '/api/user/self', headers: { cookie: rootCookie } });
    expect(refused.json()).toMatchObject({ success: false });
  });
});
