import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ITEMS_PER_PAGE, LogType, type LogView } from '@tollgate/contract';
import { seedLog, seedLogs, SEED_STEP, type SeedLog } from '../../../test/seed-logs.js';
import { buildTestApp, login, type TestApp } from '../../../test/test-app.js';
import { refreshSqliteStatistics } from '../../db/sqlite-statistics.js';

const ROWS = 1_000_000;
const START = 1_700_000_000;
const DAY = 86_400;

/** Row i is a pure function of i, so every expected answer is recomputed here without the database. */
function expectedPage(matches: (row: SeedLog) => boolean, page = 0): number[] {
  const ids: number[] = [];
  let skip = page * ITEMS_PER_PAGE;
  for (let i = ROWS; i >= 1 && ids.length < ITEMS_PER_PAGE; i -= 1) {
    if (!matches(seedLog(i, START))) continue;
    if (skip > 0) skip -= 1;
    else ids.push(i);
  }
  return ids;
}

function expectedConsumeQuota(matches: (row: SeedLog) => boolean): number {
  let sum = 0;
  for (let i = 1; i <= ROWS; i += 1) {
    const row = seedLog(i, START);
    if (row.type === LogType.Consume && matches(row)) sum += row.quota;
  }
  return sum;
}

// SQLite only: the point is the query plans of the embedded default on a large table, not the dialects.
describe('logs with a million rows on sqlite', () => {
  let t: TestApp;
  let root: string;
  const dayOne = { from: START + DAY, to: START + 2 * DAY };

  beforeAll(async () => {
    t = await buildTestApp('sqlite', { CRITICAL_RATE_LIMIT: '0', GLOBAL_API_RATE_LIMIT: '0' });
    root = await login(t.app, 'root', '123456');
    seedLogs(t.ctx.config.SQLITE_PATH, ROWS, START);
    // What the hourly refresh does once the table has grown tenfold.
    await refreshSqliteStatistics(t.ctx.db);
  }, 60_000);
  afterAll(() => t.close());

  const get = async <T>(url: string) => (await t.app.inject({ method: 'GET', url, headers: { cookie: root } })).json<{ success: boolean; data: T }>().data;
  // The console's default range: start 0 (none) to an hour from now.
  const consoleDefault = `type=0&username=&token_name=&model_name=&start_timestamp=0&end_timestamp=${Math.floor(Date.now() / 1000) + 3600}&channel=`;

  /** The page the API answers equals the one recomputed in JS, which must not be empty (a vacuous check proves nothing). */
  const expectList = async (path: string, query: string, matches: (row: SeedLog) => boolean, page = 0) => {
    const expected = expectedPage(matches, page);
    expect(expected.length).toBeGreaterThan(0);
    expect((await get<LogView[]>(`${path}?p=${page}&${query}`)).map((row) => row.id)).toEqual(expected);
  };
  const expectStat = async (path: string, query: string, matches: (row: SeedLog) => boolean) => {
    const expected = expectedConsumeQuota(matches);
    expect(expected).toBeGreaterThan(0);
    expect((await get<{ quota: number }>(`${path}?${query}`)).quota).toBe(expected);
  };

  it('lists the newest page, with and without the console default range', async () => {
    await expectList('/api/log/', '', () => true);
    await expectList('/api/log/', consoleDefault, () => true);
    const [newest] = await get<LogView[]>('/api/log/?p=0');
    expect(newest).toMatchObject({ id: ROWS, created_at: START + ROWS * SEED_STEP, channel: seedLog(ROWS, START).channel_id, is_stream: false });
  });

  it('applies each filter alone, on the first and a later page', async () => {
    await expectList('/api/log/', 'type=1', (row) => row.type === 1);
    await expectList('/api/log/', 'type=2', (row) => row.type === 2, 3);
    await expectList('/api/log/', 'username=user7', (row) => row.username === 'user7');
    await expectList('/api/log/', 'token_name=token12', (row) => row.token_name === 'token12', 2);
    await expectList('/api/log/', 'model_name=glm-4', (row) => row.model_name === 'glm-4');
    await expectList('/api/log/', 'channel=5', (row) => row.channel_id === 5);
    await expectList('/api/log/', `start_timestamp=${dayOne.from}&end_timestamp=${dayOne.to}`, (row) => row.created_at >= dayOne.from && row.created_at <= dayOne.to);
    await expectList('/api/log/', `start_timestamp=${START + 5 * DAY}`, (row) => row.created_at >= START + 5 * DAY);
    expect(await get<LogView[]>('/api/log/?username=nobody')).toEqual([]);
  });

  it('combines filters and scopes the self list to the caller', async () => {
    const fourWay = (row: SeedLog) => row.type === 2 && row.model_name === 'gpt-4o' && row.channel_id === 9 && row.username === 'user57';
    await expectList('/api/log/', 'type=2&model_name=gpt-4o&channel=9&username=user57', fourWay);
    // root is user 1, so the self routes see the seeded rows of user_id 1.
    await expectList('/api/log/self', consoleDefault, (row) => row.user_id === 1, 1);
    await expectList('/api/log/self', 'model_name=deepseek-chat&type=2', (row) => row.user_id === 1 && row.model_name === 'deepseek-chat' && row.type === 2);
  });

  it('sums the consume quota for the same filters', async () => {
    await expectStat('/api/log/stat', consoleDefault, () => true);
    await expectStat('/api/log/stat', 'username=user7', (row) => row.username === 'user7');
    const modelOnDayOne = (row: SeedLog) => row.model_name === 'deepseek-chat' && row.created_at >= dayOne.from && row.created_at <= dayOne.to;
    await expectStat('/api/log/stat', `model_name=deepseek-chat&start_timestamp=${dayOne.from}&end_timestamp=${dayOne.to}`, modelOnDayOne);
    await expectStat('/api/log/stat', 'channel=5&token_name=token12', (row) => row.channel_id === 5 && row.token_name === 'token12');
    await expectStat('/api/log/self/stat', consoleDefault, (row) => row.user_id === 1);
    expect(await get<{ quota: number }>('/api/log/stat?username=nobody')).toEqual({ quota: 0 });
  });
});
