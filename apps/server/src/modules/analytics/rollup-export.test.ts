import { AnalyticsMessages, renderMessage, type MessageCode } from '@tollgate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvRecords } from '../../../test/csv-records.js';
import { databaseKinds } from '../../../test/databases.js';
import { rollupRow } from '../../../test/seed-rollups.js';
import { buildTestApp, login, type TestApp } from '../../../test/test-app.js';
import { signedInUser } from '../../../test/users.js';
import { ROLLUP_COUNT_COLUMNS, ROLLUP_KEY_COLUMNS } from '../../db/usage-rollups.js';

/** A refusal's English text, as a request without Accept-Language gets it. */
const english = (code: MessageCode) => renderMessage({ code }, 'en');

const T0 = 1_700_438_400;
const H = 3600;
/** 48 hours x 3 users x 5 keys x 3 models: 2160 rows, more than two pages. */
const MODELS = ['gpt-4o', 'claude, "sonnet"', 'mini'];

describe.each(databaseKinds)('/api/analytics/export.csv on %s', (kind) => {
  let t: TestApp;
  let root: string;
  let alice: { id: number; cookie: string };

  const download = (url: string, cookie = root) => t.app.inject({ method: 'GET', url, headers: { cookie } });

  beforeAll(async () => {
    t = await buildTestApp(kind, { CRITICAL_RATE_LIMIT: '0', GLOBAL_API_RATE_LIMIT: '0' });
    root = await login(t.app, 'root', '123456');
    const a = await signedInUser(t, 'alice');
    alice = { id: a.user.id, cookie: a.cookie };
    const rows = [];
    for (let hour = 0; hour < 48; hour += 1)
      for (const user of [1, alice.id, 99])
        for (let token = 1; token <= 5; token += 1)
          for (const model of MODELS) rows.push(rollupRow({ hour: T0 + hour * H, user_id: user, token_id: token, channel_id: 2, model, requests: hour + token, quota: 7 }));
    for (let i = 0; i < rows.length; i += 200) await t.ctx.db.insertInto('usage_rollups').values(rows.slice(i, i + 200)).execute();
  });
  afterAll(() => t.close());

  it('gives the rollup rows of the range as one record each, in key order', async () => {
    const response = await download(`/api/analytics/export.csv?start=${T0}&end=${T0 + 48 * H}`);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="usage-.*\.csv"$/);
    const [header, ...records] = csvRecords(response.body);
    expect(header).toEqual(['time', ...ROLLUP_KEY_COLUMNS, ...ROLLUP_COUNT_COLUMNS]);
    expect(records).toHaveLength(48 * 3 * 5 * 3);
    expect(new Set(records.map((r) => r.slice(1, 6).join('|'))).size).toBe(records.length);
    expect(records.map((r) => Number(r[1]))).toEqual(records.map((r) => Number(r[1])).sort((a, b) => a - b));
    expect(records.filter((r) => r[5] === 'claude, "sonnet"')).toHaveLength(48 * 3 * 5);
    const requests = records.reduce((sum, r) => sum + Number(r[6]), 0);
    expect(requests).toBe(3 * 3 * Array.from({ length: 48 }, (_, h) => [1, 2, 3, 4, 5].reduce((s, k) => s + h + k, 0)).reduce((a, b) => a + b, 0));
  });

  it('takes the range and, for a user, their own keys only', async () => {
    expect(csvRecords((await download(`/api/analytics/export.csv?start=${T0 + 10 * H}&end=${T0 + 12 * H}`)).body)).toHaveLength(1 + 2 * 3 * 5 * 3);
    const mine = csvRecords((await download(`/api/analytics/self/export.csv?start=${T0}&end=${T0 + 48 * H}`, alice.cookie)).body).slice(1);
    expect(mine).toHaveLength(48 * 5 * 3);
    expect(mine.every((r) => Number(r[2]) === alice.id)).toBe(true);
  });

  it('writes a model name a spreadsheet would run as a formula with a leading quote, and the counts as numbers', async () => {
    const hour = T0 + 100 * H;
    await t.ctx.db.insertInto('usage_rollups').values(rollupRow({ hour, user_id: 1, token_id: 1, channel_id: 0, model: '=1+1', requests: 3, quota: 0 })).execute();
    const records = csvRecords((await download(`/api/analytics/export.csv?start=${hour}&end=${hour + H}`)).body).slice(1);
    expect(records.map((r) => [r[5], r[6]])).toEqual([["'=1+1", '3']]);
  });

  it('refuses a bad range with the envelope', async () => {
    expect((await download(`/api/analytics/export.csv?start=${T0}&end=${T0 - 1}`)).json()).toEqual({ success: false, message: english(AnalyticsMessages.startAfterEnd) });
  });
});
