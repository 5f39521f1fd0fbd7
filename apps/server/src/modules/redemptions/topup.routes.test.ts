import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogType, RedemptionStatus } from '@tollgate/contract';
import { databaseKinds } from '../../../test/databases.js';
import { buildTestApp, login, register, NO_RATE_LIMITS, loginRoot, type TestApp } from '../../../test/test-app.js';
import { nowSeconds } from '../../lib/random.js';

describe.each(databaseKinds)('redeeming codes on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp(kind, NO_RATE_LIMITS);
    admin = await loginRoot(t.app);
  });
  afterAll(() => t.close());

  const newUser = async (name: string) => {
    await register(t.app, name);
    return login(t.app, name, 'password123');
  };
  const makeCode = async (quota: number) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/redemption/', headers: { cookie: admin }, payload: { name: 'gift', quota, count: 1 } });
    return (response.json<{ data: string[] }>().data[0]) ?? '';
  };
  const redeem = async (cookie: string, key: unknown) =>
    (await t.app.inject({ method: 'POST', url: '/api/user/topup', headers: { cookie }, payload: { key } })).json<{ success: boolean; message: string; data?: number }>();
  const quotaOf = async (username: string) => (await t.ctx.db.selectFrom('users').select('quota').where('username', '=', username).executeTakeFirstOrThrow()).quota;
  const topupLogs = (username: string) => t.ctx.db.selectFrom('logs').selectAll().where('username', '=', username).where('type', '=', LogType.Topup).execute();

  it('adds the quota, marks the code used and writes a top-up log', async () => {
    const cookie = await newUser('erin');
    const key = await makeCode(250000);
    const before = nowSeconds();
    // 250000 points at the default 500000 per dollar, shown in currency as the default options say.
    expect(await redeem(cookie, ` ${key} `)).toEqual({ success: true, message: '', data: 250000 });
    expect(await quotaOf('erin')).toBe(250000);
    const code = await t.ctx.db.selectFrom('redemptions').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
    expect(code.status).toBe(RedemptionStatus.Used);
    expect(code.redeemed_time).toBeGreaterThanOrEqual(before);
    const logs = await topupLogs('erin');
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ quota: 250000, content: `recharged $0.500000 quota via redemption code #${code.id}` });
  });

  it('makes no code it could not redeem: a quota beyond the top-up log\'s 32 bits is refused, the largest one redeems', async () => {
    const made = await t.app.inject({ method: 'POST', url: '/api/redemption/', headers: { cookie: admin }, payload: { name: 'huge', quota: 2 ** 33, count: 1 } });
    expect(made.statusCode).toBe(400);
    expect(made.json()).toEqual({ success: false, message: 'quota must be at most 2147483647 per code', field: 'quota' });
    expect(await t.ctx.db.selectFrom('redemptions').select('id').where('name', '=', 'huge').execute()).toEqual([]);
    const cookie = await newUser('midas');
    expect(await redeem(cookie, await makeCode(2 ** 31 - 1))).toMatchObject({ success: true, data: 2 ** 31 - 1 });
    expect(Number(await quotaOf('midas'))).toBe(2 ** 31 - 1);
  });

  it('refuses a used, disabled, unknown or empty code and credits nothing', async () => {
    const cookie = await newUser('frank');
    const used = await makeCode(10);
    expect((await redeem(cookie, used)).success).toBe(true);
    expect(await redeem(cookie, used)).toEqual({ success: false, message: 'this redemption code has already been used' });

    const disabled = await makeCode(10);
    const row = await t.ctx.db.selectFrom('redemptions').select('id').where('key', '=', disabled).executeTakeFirstOrThrow();
    await t.app.inject({ method: 'PUT', url: '/api/redemption/?status_only=true', headers: { cookie: admin }, payload: { id: row.id, status: 2 } });
    expect(await redeem(cookie, disabled)).toEqual({ success: false, message: 'this redemption code has been disabled' });

    expect(await redeem(cookie, 'f'.repeat(32))).toEqual({ success: false, message: 'invalid redemption code' });
    expect(await redeem(cookie, '  ')).toEqual({ success: false, message: 'please enter the top-up code' });
    expect(await redeem(cookie, undefined)).toEqual({ success: false, message: 'please enter the top-up code' });
    expect(await quotaOf('frank')).toBe(10);
    expect(await topupLogs('frank')).toHaveLength(1);
  });

  it('credits a code exactly once when ten redeems race for it', async () => {
    const racers = [await newUser('racer1'), await newUser('racer2')];
    const key = await makeCode(777);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => redeem(racers[i % 2] ?? '', key)));
    expect(answers.filter((answer) => answer.success)).toEqual([{ success: true, message: '', data: 777 }]);
    expect(answers.filter((answer) => !answer.success).every((answer) => answer.message === 'this redemption code has already been used')).toBe(true);
    expect((await quotaOf('racer1')) + (await quotaOf('racer2'))).toBe(777);
    expect((await topupLogs('racer1')).length + (await topupLogs('racer2')).length).toBe(1);
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/user/topup', payload: { key: 'x' } });
    expect(response.statusCode).toBe(401);
  });
});
