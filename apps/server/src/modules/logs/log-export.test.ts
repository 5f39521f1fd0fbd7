import { LogType } from '@tollgate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvRecords } from '../../../test/csv-records.js';
import { databaseKinds } from '../../../test/databases.js';
import { buildTestApp, login, type TestApp } from '../../../test/test-app.js';
import { signedInUser } from '../../../test/users.js';
import type { NewLog } from '../../db/schema.js';

const T0 = 1_700_000_000;
/** More rows than one page (1000) twice over, and not a multiple of it. */
const ROWS = 2345;
const TRICKY = 'ratio 1.00, said "hi"\nthen, left\r\nfor good';

describe.each(databaseKinds)('/api/log export on %s', (kind) => {
  let t: TestApp;
  let root: string;
  let alice: { id: number; cookie: string };

  const download = (url: string, cookie = root) => t.app.inject({ method: 'GET', url, headers: { cookie } });

  beforeAll(async () => {
    t = await buildTestApp(kind, { CRITICAL_RATE_LIMIT: '0', GLOBAL_API_RATE_LIMIT: '0' });
    root = await login(t.app, 'root', '123456');
    const a = await signedInUser(t, 'alice');
    alice = { id: a.user.id, cookie: a.cookie };
    const rows: NewLog[] = Array.from({ length: ROWS }, (_, i) => ({
      user_id: i % 5 === 0 ? alice.id : 1,
      username: i % 5 === 0 ? 'alice' : 'root',
      created_at: T0 + i,
      type: LogType.Consume,
      content: i === 7 ? TRICKY : `model ratio ${i}`,
      token_name: 'default',
      model_name: i % 3 === 0 ? 'gpt-4o' : 'claude',
      quota: i,
      prompt_tokens: 1,
      completion_tokens: 2,
      channel_id: 1,
      request_id: `req${i}`,
      elapsed_time: 100,
      is_stream: false,
      system_prompt_reset: false,
      other: i === 7 ? '{"protocol":"openai","model_ratio":1}' : '',
    }));
    for (let i = 0; i < rows.length; i += 500) await t.ctx.db.insertInto('logs').values(rows.slice(i, i + 500)).execute();
  });
  afterAll(() => t.close());

  it('gives N logs as N records after a header, newest first, as a download', async () => {
    const response = await download('/api/log/export.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="logs-[\d-]+T[\d-]+\.csv"$/);
    const [header, ...records] = csvRecords(response.body);
    expect(header).toEqual(['id', 'time', 'created_at', 'type', 'username', 'token_name', 'model_name', 'channel_id', 'quota', 'prompt_tokens', 'completion_tokens', 'elapsed_time', 'is_stream', 'request_id', 'content', 'other']);
    expect(records).toHaveLength(ROWS);
    const ids = records.map((r) => Number(r[0]));
    expect(new Set(ids).size).toBe(ROWS);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(records.every((r) => r.length === header!.length)).toBe(true);
    // Commas, quotes and line breaks come back as they were written.
    const tricky = records.find((r) => r[13] === 'req7')!;
    expect(tricky.slice(1, 3)).toEqual([new Date((T0 + 7) * 1000).toISOString(), String(T0 + 7)]);
    expect(tricky[14]).toBe(TRICKY);
    expect(tricky[15]).toBe('{"protocol":"openai","model_ratio":1}');
  });

  it('applies the filters of the log list', async () => {
    const records = csvRecords((await download(`/api/log/export.csv?model_name=gpt-4o&start_timestamp=${T0 + 1000}`)).body).slice(1);
    const expected = Array.from({ length: ROWS }, (_, i) => i).filter((i) => i % 3 === 0 && i >= 1000);
    expect(records.map((r) => r[13])).toEqual(expected.reverse().map((i) => `req${i}`));
    expect(csvRecords((await download('/api/log/export.csv?username=nobody')).body)).toHaveLength(1);
  });

  it('gives a user their own logs only', async () => {
    const response = await download('/api/log/self/export.csv?username=root', alice.cookie);
    expect(response.headers['content-disposition']).toMatch(/filename="my-logs-/);
    const records = csvRecords(response.body).slice(1);
    expect(records).toHaveLength(Math.ceil(ROWS / 5));
    expect(records.every((r) => r[4] === 'alice')).toBe(true);
    expect((await download('/api/log/export.csv', alice.cookie)).json()).toMatchObject({ success: false });
  });

  it('writes a text a spreadsheet would run as a formula with a leading quote, and a negative number as a number', async () => {
    await t.ctx.db
      .insertInto('logs')
      .values({ user_id: 1, username: '=HYPERLINK("http://evil","x")', created_at: T0 - 100, type: LogType.Consume, content: '-2+3', token_name: '@SUM(A1)', model_name: 'formula', quota: -5, prompt_tokens: 0, completion_tokens: 0, channel_id: 0, request_id: '+req', elapsed_time: 0, is_stream: false, system_prompt_reset: false, other: '' })
      .execute();
    const [record] = csvRecords((await download('/api/log/export.csv?model_name=formula')).body).slice(1);
    expect([record![4], record![5], record![8], record![13], record![14]]).toEqual(['\'=HYPERLINK("http://evil","x")', "'@SUM(A1)", '-5', "'+req", "'-2+3"]);
  });

  it('refuses a bad filter with the envelope, not half a file', async () => {
    const response = await download('/api/log/export.csv?type=consume');
    expect(response.json()).toMatchObject({ success: false, message: 'type must be a whole number' });
  });
});
