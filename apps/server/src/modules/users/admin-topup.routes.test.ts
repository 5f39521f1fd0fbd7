import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogType, UserStatus } from '@tollgate/contract';
import { databaseKinds } from '../../../test/databases.js';
import { buildTestApp, NO_RATE_LIMITS, loginRoot, type TestApp } from '../../../test/test-app.js';
import { addUser } from '../../../test/users.js';

describe.each(databaseKinds)('POST /api/topup on %s', (kind) => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    t = await buildTestApp(kind, NO_RATE_LIMITS);
    root = await loginRoot(t.app);
  });
  afterAll(() => t.close());

  const topUp = async (payload: object) => (await t.app.inject({ method: 'POST', url: '/api/topup', headers: { cookie: root }, payload })).json<{ success: boolean; message: string }>();
  const topUpLogs = (userId: number) => t.ctx.db.selectFrom('logs').selectAll().where('user_id', '=', userId).where('type', '=', LogType.Topup).orderBy('id').execute();

  it('adds the quota and writes a top-up log with the remark', async () => {
    const user = await addUser(t, 'payer', { quota: 100 });
    expect(await topUp({ user_id: user.id, quota: 250000, remark: 'order #42' })).toEqual({ success: true, message: '' });
    expect((await t.ctx.db.selectFrom('users').select('quota').where('id', '=', user.id).executeTakeFirstOrThrow()).quota).toBe(250100);
    expect(await topUpLogs(user.id)).toEqual([expect.objectContaining({ username: 'payer', content: 'order #42', quota: 250000 })]);
  });

  it('writes a default text without a remark, and adds concurrent top-ups without losing any', async () => {
    const user = await addUser(t, 'steady');
    await Promise.all(Array.from({ length: 5 }, () => topUp({ user_id: user.id, quota: 500000 })));
    expect((await t.ctx.db.selectFrom('users').select('quota').where('id', '=', user.id).executeTakeFirstOrThrow()).quota).toBe(2_500_000);
    const logs = await topUpLogs(user.id);
    expect(logs).toHaveLength(5);
    expect(logs[0]?.content).toBe('top-up via API: $1.000000 quota');
  });

  it('refuses a missing user, a deleted one and a quota that is not a positive whole number', async () => {
    const gone = await addUser(t, 'gone', { status: UserStatus.Deleted });
    expect(await topUp({ user_id: 999999, quota: 1 })).toEqual({ success: false, message: 'user not found' });
    expect(await topUp({ user_id: gone.id, quota: 1 })).toEqual({ success: false, message: 'user not found' });
    for (const quota of [0, -5, 1.5, '10']) expect(await topUp({ user_id: gone.id, quota })).toEqual({ success: false, message: 'quota must be a whole number greater than 0', field: 'quota' });
  });

  it('refuses a quota beyond what its log can record (PostgreSQL and MySQL answered 500), and adds nothing', async () => {
    const user = await addUser(t, 'whale', { quota: 7 });
    expect(await topUp({ user_id: user.id, quota: 2 ** 33 })).toEqual({ success: false, message: 'quota must be at most 2147483647 per top-up', field: 'quota' });
    expect((await t.ctx.db.selectFrom('users').select('quota').where('id', '=', user.id).executeTakeFirstOrThrow()).quota).toBe(7);
    expect(await topUpLogs(user.id)).toEqual([]);
    expect(await topUp({ user_id: user.id, quota: 2 ** 31 - 1 })).toEqual({ success: true, message: '' });
  });
});
