/**
 * Log console queries on a million rows: `npx tsx bench/logs-query.ts [rows] [runs]`.
 * Seeds a temporary SQLite database the way the million-row test does, refreshes the planner statistics as
 * the server does, then times each list, filter and stat query (median of `runs`) and prints its plan.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, type CompiledQuery } from 'kysely';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import type { Database } from '../apps/server/src/db/schema.js';
import { SqliteBooleanPlugin } from '../apps/server/src/db/sqlite-boolean-plugin.js';
import { refreshSqliteStatistics } from '../apps/server/src/db/sqlite-statistics.js';
import type { LogFilter } from '../apps/server/src/modules/logs/log-filter.js';
import { listLogs, searchLogs, sumConsumeQuota } from '../apps/server/src/modules/logs/logs.repository.js';
import { usageByDayAndModel } from '../apps/server/src/modules/logs/usage-dashboard.repository.js';
import { seedLogs, SEED_STEP } from '../apps/server/test/seed-logs.js';

const ROWS = Number(process.argv[2] ?? 1_000_000);
const RUNS = Number(process.argv[3] ?? 9);
const START = 1_700_000_000;
const DAY = 86_400;
const END = START + ROWS * SEED_STEP;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-bench-'));
const file = path.join(dir, 'logs.db');
const raw = new SQLite(file);
raw.pragma('journal_mode = WAL');
let lastQuery: CompiledQuery | undefined;
const db = new Kysely<Database>({
  dialect: new SqliteDialect({ database: raw }),
  plugins: [new SqliteBooleanPlugin()],
  log: (event) => {
    lastQuery = event.query;
  },
});

const none: LogFilter = { type: 0, username: '', tokenName: '', modelName: '', startTimestamp: 0, endTimestamp: 0, channel: 0 };
const consoleDefault: LogFilter = { ...none, endTimestamp: END + 3600 };
const self: LogFilter = { ...consoleDefault, userId: 1 };
const dayOne = { startTimestamp: START + DAY, endTimestamp: START + 2 * DAY };

const cases: [string, () => Promise<unknown>][] = [
  ['list, console default range', () => listLogs(db, consoleDefault, 0)],
  ['list, page 100', () => listLogs(db, none, 100)],
  ['list type=1 (topup)', () => listLogs(db, { ...none, type: 1 }, 0)],
  ['list type=2, page 50', () => listLogs(db, { ...none, type: 2 }, 50)],
  ['list username', () => listLogs(db, { ...consoleDefault, username: 'user7' }, 0)],
  ['list username, no match', () => listLogs(db, { ...consoleDefault, username: 'nobody' }, 0)],
  ['list token_name', () => listLogs(db, { ...consoleDefault, tokenName: 'token12' }, 0)],
  ['list model_name', () => listLogs(db, { ...consoleDefault, modelName: 'glm-4' }, 0)],
  ['list channel', () => listLogs(db, { ...consoleDefault, channel: 5 }, 0)],
  ['list one old day', () => listLogs(db, { ...none, ...dayOne }, 0)],
  ['list since day 5', () => listLogs(db, { ...none, startTimestamp: START + 5 * DAY, endTimestamp: END + 3600 }, 0)],
  ['list 4 filters', () => listLogs(db, { ...none, type: 2, modelName: 'gpt-4o', channel: 9, username: 'user57' }, 0)],
  ['self list', () => listLogs(db, self, 0)],
  ['self list, model', () => listLogs(db, { ...self, modelName: 'deepseek-chat' }, 0)],
  ['stat, console default', () => sumConsumeQuota(db, consoleDefault)],
  ['stat username', () => sumConsumeQuota(db, { ...consoleDefault, username: 'user7' })],
  ['stat model_name', () => sumConsumeQuota(db, { ...consoleDefault, modelName: 'glm-4' })],
  ['stat channel', () => sumConsumeQuota(db, { ...consoleDefault, channel: 5 })],
  ['stat one old day', () => sumConsumeQuota(db, { ...none, ...dayOne })],
  ['self stat', () => sumConsumeQuota(db, self)],
  ['search content prefix', () => searchLogs(db, 'event')],
  ['dashboard (7 days)', () => usageByDayAndModel(db, 'sqlite', 1, END)],
];

function planOf(query: CompiledQuery | undefined): string {
  if (!query) return '';
  const rows = raw.prepare(`explain query plan ${query.sql}`).all(...(query.parameters as unknown[])) as { detail: string }[];
  return rows.map((row) => row.detail).join(' | ');
}

async function main() {
  await migrateToLatest(db, 'sqlite');
  let started = performance.now();
  seedLogs(file, ROWS, START);
  console.log(`seeded ${ROWS.toLocaleString('en')} logs in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  started = performance.now();
  await refreshSqliteStatistics(db);
  console.log(`statistics refreshed in ${(performance.now() - started).toFixed(0)} ms\n`);

  console.log(`${'query'.padEnd(30)} ${'median ms'.padStart(10)}  plan`);
  for (const [name, run] of cases) {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const t0 = performance.now();
      await run();
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)] ?? 0;
    console.log(`${name.padEnd(30)} ${median.toFixed(2).padStart(10)}  ${planOf(lastQuery)}`);
  }
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
}

await main();
