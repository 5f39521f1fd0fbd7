import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogType, Role, UserStatus } from '@tollgate/contract';
import { databaseKinds } from '../../../test/databases.js';
import { buildTestApp, login, NO_RATE_LIMITS, loginRoot, type TestApp } from '../../../test/test-app.js';
import { addUser, signedInUser, TEST_PASSWORD } from '../../../test/users.js';

interface Answer {
  success: boolean;
  message: string;
  data?: unknown;
}

describe.each(databaseKinds)('admin user management on %s', (kind) => {
  let t: TestApp;
  let root: string;
  let admin: string;
  let rootId: number;
  let adminId: number;

  beforeAll(async () => {
    t = await buildTestApp(kind, NO_RATE_LIMITS);
    root = await loginRoot(t.app);
    const boss = await signedInUser(t, 'boss', Role.Admin);
    admin = boss.cookie;
    adminId = boss.user.id;
    rootId = (await t.ctx.db.selectFrom('users').select('id').where('username', '=', 'root').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t.close());

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
    (await t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) })).json<Answer>();
  const rowOf = (username: string) => t.ctx.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();

  it('lists live users ten per page, newest first, with group never null', async () => {
    for (let i = 0; i < 11; i += 1) await addUser(t, `page${i}`, { group: '' });
    await addUser(t, 'ghost', { status: UserStatus.Deleted });
    const first = await call('GET', '/api/user/?p=0', admin);
    const second = await call('GET', '/api/user/?p=1', admin);
    const rows = [...(first.data as { id: number; username: string; group: string }[]), ...(second.data as { id: number; username: string; group: string }[])];
    expect((first.data as unknown[]).length).toBe(10);
    expect(rows.map((r) => r.username)).not.toContain('ghost');
    expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort((a, b) => b - a));
    expect(rows.find((r) => r.username === 'page3')?.group).toBe('default');
    expect(rows[0]).not.toHaveProperty('password');
    expect(rows[0]).not.toHaveProperty('access_token');
  });

  it('orders by quota, used quota or request count, largest first', async () => {
    await addUser(t, 'rich', { quota: 9e12, used_quota: 1, request_count: 1 });
    await addUser(t, 'spender', { quota: 1, used_quota: 9e12, request_count: 1 });
    await addUser(t, 'chatty', { quota: 1, used_quota: 1, request_count: 2_000_000_000 });
    // Root starts with a huge quota; 9e12 is not above it, so compare among the three.
    const firstOf = async (order: string) => ((await call('GET', `/api/user/?p=0&order=${order}`, root)).data as { username: string }[]).map((u) => u.username);
    expect((await firstOf('quota')).indexOf('rich')).toBeLessThan((await firstOf('quota')).indexOf('spender'));
    expect((await firstOf('used_quota'))[0]).toBe('spender');
    expect((await firstOf('request_count'))[0]).toBe('chatty');
  });

  it('searches by exact id or by username, email or display name prefix, trimmed', async () => {
    const found = await addUser(t, 'findme', { email: 'seek@example.com', display_name: 'Hidden Gem' });
    await addUser(t, 'findgone', { status: UserStatus.Deleted });
    const names = async (keyword: string) => {
      const found = (await call('GET', `/api/user/search?keyword=${encodeURIComponent(keyword)}`, admin)).data as { username: string }[];
      return found.map((u) => u.username);
    };
    expect(await names(String(found.id))).toContain('findme');
    expect(await names('  find ')).toEqual(['findme']);
    expect(await names('seek@')).toEqual(['findme']);
    expect(await names('Hidden')).toEqual(['findme']);
    expect(await names('nothing-like-it')).toEqual([]);
    // A % typed by the user is a literal, not a wildcard.
    expect(await names('%')).toEqual([]);
  });

  it('shows a user of lower role to an admin, but not a peer or root; root sees everyone', async () => {
    const plain = await addUser(t, 'viewed');
    const peer = await addUser(t, 'peeradmin', { role: Role.Admin });
    expect(await call('GET', `/api/user/${plain.id}`, admin)).toMatchObject({ success: true, data: { username: 'viewed', group: 'default' } });
    expect(await call('GET', `/api/user/${peer.id}`, admin)).toEqual({ success: false, message: 'no permission to view a user of equal or higher role' });
    expect((await call('GET', `/api/user/${rootId}`, admin)).success).toBe(false);
    expect(await call('GET', `/api/user/${peer.id}`, root)).toMatchObject({ success: true, data: { role: Role.Admin } });
    expect(await call('GET', '/api/user/999999', root)).toEqual({ success: false, message: 'user not found' });
    expect(await call('GET', '/api/user/abc', root)).toEqual({ success: false, message: 'invalid user id' });
  });

  it('creates common users only, with the username and password rules', async () => {
    expect(await call('POST', '/api/user/', admin, { username: 'newbie', display_name: 'New', password: 'password123', role: 100 })).toEqual({ success: true, message: '' });
    expect(await rowOf('newbie')).toMatchObject({ role: Role.Common, status: UserStatus.Enabled, display_name: 'New', group: 'default' });
    expect((await login(t.app, 'newbie', 'password123')).startsWith('session=')).toBe(true);
    const tokens = await t.ctx.db.selectFrom('tokens').select('name').where('user_id', '=', (await rowOf('newbie'))?.id ?? 0).execute();
    expect(tokens).toEqual([{ name: 'default' }]);
    expect(await call('POST', '/api/user/', admin, { username: 'newbie', password: 'password123' })).toEqual({ success: false, message: 'this username is already taken' });
    expect(await call('POST', '/api/user/', admin, { username: 'shortpw', password: 'short' })).toEqual({ success: false, message: 'password length must not be less than 8' });
    expect(await call('POST', '/api/user/', admin, { username: 'longpw', password: 'x'.repeat(21) })).toEqual({ success: false, message: 'password length must not be more than 20' });
    expect(await call('POST', '/api/user/', admin, { username: 'thirteenchars', password: 'password123' })).toMatchObject({ success: false });
    expect(await call('POST', '/api/user/', admin, { password: 'password123' })).toEqual({ success: false, message: 'username and password are required' });
  });

  it('edits name, group and quota, keeps the password when blank, and never changes the role', async () => {
    const target = await addUser(t, 'edited', { quota: 500 });
    const loaded = (await call('GET', `/api/user/${target.id}`, admin)).data as object;
    const put = await call('PUT', '/api/user/', admin, { ...loaded, display_name: 'Edited', group: 'vip', quota: 0, password: '', role: Role.Root });
    expect(put).toEqual({ success: true, message: '' });
    expect(await rowOf('edited')).toMatchObject({ display_name: 'Edited', group: 'vip', quota: 0, role: Role.Common });
    expect((await login(t.app, 'edited', TEST_PASSWORD)).startsWith('session=')).toBe(true);

    await call('PUT', '/api/user/', admin, { id: target.id, password: 'changed-pass' });
    expect((await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: 'edited', password: 'changed-pass' } })).json().success).toBe(true);
    expect(await call('PUT', '/api/user/', admin, { id: target.id, password: 'short' })).toEqual({ success: false, message: 'password length must not be less than 8' });
    expect(await call('PUT', '/api/user/', admin, { id: target.id, username: 'boss' })).toEqual({ success: false, message: 'this username is already taken' });
    expect(await call('PUT', '/api/user/', admin, { id: target.id, quota: 1.5 })).toEqual({ success: false, message: 'quota must be a whole number of 0 or more', field: 'quota' });
    expect(await call('PUT', '/api/user/', admin, { id: target.id, quota: -999 })).toEqual({ success: false, message: 'quota must be a whole number of 0 or more', field: 'quota' });
  });

  it('writes a manage log when the quota changes, and none when it does not', async () => {
    const target = await addUser(t, 'audited', { quota: 1000 });
    await call('PUT', '/api/user/', admin, { id: target.id, quota: 500000 });
    await call('PUT', '/api/user/', admin, { id: target.id, quota: 500000, display_name: 'same quota' });
    const logs = await t.ctx.db.selectFrom('logs').selectAll().where('user_id', '=', target.id).execute();
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ type: LogType.Manage, username: 'audited' });
    expect(logs[0]?.content).toBe('administrator boss changed the quota from $0.002000 quota to $1.000000 quota');
  });

  it('refuses an admin editing another admin or root; root may edit anyone', async () => {
    const peer = await addUser(t, 'peer2', { role: Role.Admin, quota: 7 });
    expect(await call('PUT', '/api/user/', admin, { id: peer.id, quota: 1 })).toEqual({ success: false, message: 'no permission to edit a user of equal or higher role' });
    expect(await call('PUT', '/api/user/', admin, { id: rootId, quota: 1 })).toMatchObject({ success: false });
    expect(await call('PUT', '/api/user/', admin, { id: adminId, quota: 1 })).toMatchObject({ success: false });
    expect(await call('PUT', '/api/user/', root, { id: peer.id, quota: 0 })).toMatchObject({ success: true });
    expect((await rowOf('peer2'))?.quota).toBe(0);
  });

  it('deletes softly a user of lower role and answers an envelope; never a peer or root', async () => {
    const doomed = await addUser(t, 'doomed');
    expect(await call('DELETE', `/api/user/${doomed.id}/`, admin)).toEqual({ success: true, message: '' });
    expect(await rowOf('doomed')).toBeUndefined();
    const row = await t.ctx.db.selectFrom('users').selectAll().where('id', '=', doomed.id).executeTakeFirstOrThrow();
    expect(row.status).toBe(UserStatus.Deleted);
    expect(row.username).toMatch(/^deleted_[0-9a-f]{32}$/);
    expect(await call('DELETE', `/api/user/${doomed.id}`, admin)).toEqual({ success: false, message: 'user not found' });

    const peer = await addUser(t, 'peer3', { role: Role.Admin });
    expect(await call('DELETE', `/api/user/${peer.id}`, admin)).toEqual({ success: false, message: 'no permission to delete a user of equal or higher role' });
    expect(await call('DELETE', `/api/user/${rootId}`, root)).toEqual({ success: false, message: 'no permission to delete a user of equal or higher role' });
    expect(await call('DELETE', `/api/user/${peer.id}`, root)).toEqual({ success: true, message: '' });
  });
});
