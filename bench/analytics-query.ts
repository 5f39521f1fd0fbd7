/**
 * The analytics dashboard and the CSV export on a million logs: `npm run build`, then
 * `npx tsx bench/analytics-query.ts [rows] [runs]` (SQLite; with BENCH_PG_DSN=postgres://… also PostgreSQL).
 * Seeds a fresh database with `rows` logs (default a million) and 30 days of hourly rollups, starts the built
 * server on it, times each dashboard question over HTTP (median and slowest of `runs`), then downloads every
 * log as CSV, counting its lines as they come, with the server's RSS before, at the peak and after.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { openDatabase } from '../apps/server/src/db/connection.js';
import { refreshSqliteStatistics } from '../apps/server/src/db/sqlite-statistics.js';
import { seedLogRows, seedRollups } from './analytics-seed.js';
import { startTollgate } from './tollgate-server.js';
import { freePorts } from './free-ports.js';

const ROWS = Number(process.argv[2] ?? 1_000_000);
const RUNS = Number(process.argv[3] ?? 9);
const [PORT] = (await freePorts(1)) as [number];
const URL_BASE = `http://127.0.0.1:${PORT}`;
const DAY = 86_400;

const rssMb = (pid: number): number => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function waitUntilUp(): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    if (await fetch(`${URL_BASE}/api/status`).then((r) => r.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('Tollgate did not start');
}

async function rootCookie(): Promise<string> {
  const login = await fetch(`${URL_BASE}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'root', password: '123456' }) });
  return (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

function questions(now: number): [string, string][] {
  const range = (days: number, extra = '') => `start=${now - days * DAY}&end=${now + 1}${extra}`;
  return [
    ['summary 24 h by hour', `/api/analytics/summary?${range(1)}`],
    ['summary 7 d by hour', `/api/analytics/summary?${range(7)}`],
    ['summary 30 d by day', `/api/analytics/summary?${range(30, '&granularity=day&utc_offset=28800')}`],
    ['summary 30 d by hour', `/api/analytics/summary?${range(30)}`],
    ['top users by cost, 30 d', `/api/analytics/top?${range(30, '&dimension=user')}`],
    ['top keys by requests, 30 d', `/api/analytics/top?${range(30, '&dimension=token&by=requests')}`],
    ['top models by cost, 30 d', `/api/analytics/top?${range(30, '&dimension=model')}`],
    ['top channels by requests, 30 d', `/api/analytics/top?${range(30, '&dimension=channel&by=requests')}`],
    ['channels error/latency, 30 d', `/api/analytics/channels?${range(30)}`],
    ['self summary 30 d by day', `/api/analytics/self/summary?${range(30, '&granularity=day')}`],
    ['self top models, 30 d', `/api/analytics/self/top?${range(30, '&dimension=model')}`],
  ];
}

async function timeQuestions(cookie: string, now: number): Promise<void> {
  console.log(`${'question'.padEnd(32)} ${'median ms'.padStart(10)} ${'max ms'.padStart(8)}`);
  for (const [name, url] of questions(now)) {
    const times: number[] = [];
    for (let i = 0; i <= RUNS; i += 1) {
      const t0 = performance.now();
      const body = (await (await fetch(`${URL_BASE}${url}`, { headers: { cookie } })).json()) as { success: boolean; message: string };
      if (!body.success) throw new Error(`${url}: ${JSON.stringify(body).slice(0, 300)}`);
      if (i > 0) times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    console.log(`${name.padEnd(32)} ${times[Math.floor(times.length / 2)]!.toFixed(1).padStart(10)} ${times[times.length - 1]!.toFixed(1).padStart(8)}`);
  }
}

/** Downloads every log as CSV, counting line breaks without keeping the body; RSS sampled every 50 ms. */
async function timeExport(cookie: string, server: ChildProcess, url: string, expected: number): Promise<void> {
  const before = rssMb(server.pid!);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid!))), 50);
  const t0 = performance.now();
  const response = await fetch(`${URL_BASE}${url}`, { headers: { cookie } });
  let lines = 0;
  let bytes = 0;
  // RSS as each quarter of the rows has arrived: flat if memory does not grow with the rows sent.
  const quarters: string[] = [];
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines += 1;
    if (lines >= ((quarters.length + 1) * expected) / 4 && quarters.length < 4) quarters.push(`${rssMb(server.pid!).toFixed(0)} MB`);
  }
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const after = rssMb(server.pid!);
  const records = lines - 1;
  console.log(`${url}: ${records.toLocaleString('en')} records (expected ${expected.toLocaleString('en')}), ${(bytes / 1e6).toFixed(0)} MB in ${seconds.toFixed(1)} s = ${Math.round(records / seconds).toLocaleString('en')} rows/s`);
  console.log(`  server RSS: ${before.toFixed(0)} MB before, ${quarters.join(', ')} at 25/50/75/100% of the rows, ${peak.toFixed(0)} MB at the peak, ${after.toFixed(0)} MB 1 s after`);
}

async function run(label: string, env: Record<string, string>, prepare: () => Promise<void>, dataDir: string): Promise<void> {
  console.log(`\n== ${label}: ${ROWS.toLocaleString('en')} logs, 30 days of rollups ==`);
  await prepare();
  const server = startTollgate(PORT, dataDir, { env });
  try {
    await waitUntilUp();
    const cookie = await rootCookie();
    const now = Math.floor(Date.now() / 1000);
    await timeQuestions(cookie, now);
    await timeExport(cookie, server, '/api/log/export.csv', ROWS);
    await timeExport(cookie, server, `/api/analytics/export.csv?start=${now - 30 * DAY}&end=${now + 1}`, 30 * 24 * 200);
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

/** Migrates and seeds a database, then closes it for the server to open. */
async function seed(target: Parameters<typeof openDatabase>[0]): Promise<void> {
  const handle = await openDatabase(target, { busyTimeoutMs: 10_000, maxConnections: 2 });
  try {
    await migrateToLatest(handle.db, handle.dialect);
    const now = Math.floor(Date.now() / 1000);
    let t0 = performance.now();
    await seedLogRows(handle.db, target.dialect === 'sqlite' ? { dialect: 'sqlite', file: target.file } : { dialect: 'postgres' }, ROWS, now);
    console.log(`seeded the logs in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    t0 = performance.now();
    const cells = await seedRollups(handle.db, handle.dialect, now);
    console.log(`seeded ${cells.toLocaleString('en')} rollup rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    if (handle.dialect === 'sqlite') await refreshSqliteStatistics(handle.db);
  } finally {
    await handle.destroy();
  }
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-analytics-'));
try {
  await run('SQLite', {}, () => seed({ dialect: 'sqlite', file: path.join(dir, 'one-api.db') }), dir);
  const pgAdmin = process.env.BENCH_PG_DSN;
  if (pgAdmin) {
    const name = `tg_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: pgAdmin });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(pgAdmin);
    url.pathname = `/${name}`;
    try {
      await run('PostgreSQL', { SQL_DSN: url.toString() }, () => seed({ dialect: 'postgres', url: url.toString() }), dir);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
