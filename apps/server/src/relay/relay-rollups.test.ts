import { LogType, type LogOther } from '@tollgate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, databaseKinds, type DatabaseKind } from '../../test/databases.js';
import { FakeOpenAI } from '../../test/fake-openai.js';
import { portOf, relayFixture, type RelayFixture } from '../../test/relay-fixture.js';
import { silentLogger } from '../../test/test-app.js';
import { buildApp } from '../app.js';
import { createRuntime } from '../bootstrap.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/connection.js';
import { parseDatabaseTarget } from '../db/dsn.js';
import type { Database } from '../db/schema.js';
import { dayOf, hourOf, LATENCY_COLUMNS } from '../db/usage-rollups.js';
import { gracefulShutdown } from '../graceful-shutdown.js';
import type { Kysely } from 'kysely';

type Sums = Record<string, number>;

/** The rollups, keyed by hour|user|key|channel|model, with every column as a number. */
async function readRollups(db: Kysely<Database>): Promise<Map<string, Sums>> {
  const rows = await db.selectFrom('usage_rollups').selectAll().execute();
  return new Map(rows.map((row) => [`${row.hour}|${row.user_id}|${row.token_id}|${row.channel_id}|${row.model}`, Object.fromEntries(Object.entries(row).map(([k, v]) => [k, k === 'model' ? 0 : Number(v)]))]));
}

/** What the rollups should hold according to the consume logs: the same grouping, summed from the rows. */
async function sumOfLogs(db: Kysely<Database>): Promise<Map<string, Sums>> {
  const tokens = new Map((await db.selectFrom('tokens').select(['id', 'name', 'user_id']).execute()).map((t) => [`${t.user_id}|${t.name}`, t.id]));
  const logs = await db.selectFrom('logs').selectAll().where('type', '=', LogType.Consume).execute();
  const sums = new Map<string, Sums>();
  for (const log of logs) {
    const other = JSON.parse(log.other ?? '{}') as LogOther;
    const key = `${hourOf(Number(log.created_at))}|${log.user_id}|${tokens.get(`${log.user_id}|${log.token_name}`)}|${log.channel_id}|${log.model_name}`;
    const s = sums.get(key) ?? { requests: 0, errors: 0, prompt_tokens: 0, completion_tokens: 0, cache_read_tokens: 0, reasoning_tokens: 0, quota: 0, latency_ms_sum: 0, latency_count: 0 };
    s.requests! += 1;
    if (other.interrupted === 'upstream') s.errors! += 1;
    s.prompt_tokens! += Number(log.prompt_tokens);
    s.completion_tokens! += Number(log.completion_tokens);
    s.cache_read_tokens! += other.cache_read_tokens ?? 0;
    s.reasoning_tokens! += other.reasoning_tokens ?? 0;
    s.quota! += Number(log.quota);
    s.latency_ms_sum! += Number(log.elapsed_time);
    s.latency_count! += 1;
    sums.set(key, s);
  }
  return sums;
}

const bucketTotal = (row: Sums) => LATENCY_COLUMNS.reduce((sum, column) => sum + (row[column] ?? 0), 0);

describe.each(databaseKinds)('hourly usage rollups on %s', (kind) => {
  let f: RelayFixture;
  let first: FakeOpenAI;
  let second: FakeOpenAI;

  beforeAll(async () => {
    first = await new FakeOpenAI('first').start();
    second = await new FakeOpenAI('second').start();
    f = await relayFixture(kind);
    await f.addChannel({ name: 'first', base_url: first.baseUrl, models: 'gpt-4o,gpt-4o-mini' });
    await f.addChannel({ name: 'second', base_url: second.baseUrl, models: 'gpt-4o' });
  });
  afterAll(async () => {
    await f.close();
    await first.stop();
    await second.stop();
  });

  const chat = (key: string, model: string, stream = false) =>
    fetch(`${f.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, stream, messages: [{ role: 'user', content: 'hi' }] }),
    }).then(async (response) => ({ status: response.status, text: await response.text() }));

  it('equal the sum of the consume logs they came from, by hour, user, key, channel and model', async () => {
    const alice = await f.addUser('alice', 10_000_000);
    const bob = await f.addUser('bob', 10_000_000);
    const keys = [await f.addKey(alice), await f.addKey(alice), await f.addKey(bob)];
    second.behaviour = { usage: { prompt_tokens: 40, completion_tokens: 30, prompt_tokens_details: { cached_tokens: 16 }, completion_tokens_details: { reasoning_tokens: 12 } } };
    const answers = await Promise.all(
      Array.from({ length: 36 }, (_, i) => chat(keys[i % 3]!, i % 4 === 0 ? 'gpt-4o-mini' : 'gpt-4o', i % 2 === 0)),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    await f.flush();
    const rollups = await readRollups(f.ctx.db);
    const expected = await sumOfLogs(f.ctx.db);
    expect(expected.size).toBeGreaterThanOrEqual(4);
    expect([...rollups.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [key, sums] of expected) {
      const row = rollups.get(key)!;
      for (const [column, value] of Object.entries(sums)) expect({ key, column, value: row[column] }).toEqual({ key, column, value });
      expect(bucketTotal(row)).toBe(row.latency_count);
    }
    // The second channel's breakdown of cached and reasoning tokens reached its rows.
    expect([...rollups.values()].some((row) => row.cache_read_tokens! > 0 && row.reasoning_tokens! > 0)).toBe(true);
    // The daily rollups are the hourly ones summed per UTC day.
    const daily = await f.ctx.db.selectFrom('usage_rollups_daily').selectAll().execute();
    const hourlyByDay = new Map<string, number[]>();
    for (const [key, row] of rollups) {
      const [hour, ...rest] = key.split('|');
      const dayKey = [dayOf(Number(hour)), ...rest].join('|');
      const sums = hourlyByDay.get(dayKey) ?? [0, 0, 0];
      hourlyByDay.set(dayKey, [sums[0]! + row.requests!, sums[1]! + row.quota!, sums[2]! + row.latency_ms_sum!]);
    }
    expect(new Map(daily.map((d) => [`${d.day}|${d.user_id}|${d.token_id}|${d.channel_id}|${d.model}`, [Number(d.requests), Number(d.quota), Number(d.latency_ms_sum)]]))).toEqual(hourlyByDay);
    // And usage_totals are the hourly ones summed per hour.
    const totals = await f.ctx.db.selectFrom('usage_totals').selectAll().execute();
    const byHour = new Map<number, number[]>();
    for (const [key, row] of rollups) {
      const hour = Number(key.split('|')[0]);
      const sums = byHour.get(hour) ?? [0, 0, 0];
      byHour.set(hour, [sums[0]! + row.requests!, sums[1]! + row.quota!, sums[2]! + row.prompt_tokens!]);
    }
    expect(new Map(totals.map((h) => [Number(h.hour), [Number(h.requests), Number(h.quota), Number(h.prompt_tokens)]]))).toEqual(byHour);
    // The dashboard reads them: its totals are the logs' totals.
    const now = Math.floor(Date.now() / 1000);
    const summary = await f.app.inject({ method: 'GET', url: `/api/analytics/summary?start=${now - 7200}&end=${now + 3600}`, headers: { cookie: f.rootCookie } });
    const logQuota = [...expected.values()].reduce((sum, s) => sum + s.quota!, 0);
    expect(summary.json()).toMatchObject({ success: true, data: { totals: { requests: 36, errors: 0, quota: logQuota } } });
    second.behaviour = {};
  });

  it('count a failed request as an error of its channel and model, with an error log and no consume log', async () => {
    const carol = await f.addUser('carol', 10_000_000);
    const key = await f.addKey(carol);
    first.behaviour = { fail: { status: 500, body: { error: { message: 'down' } } } };
    second.behaviour = { fail: { status: 500, body: { error: { message: 'down' } } } };
    const failed = await chat(key, 'gpt-4o-mini');
    first.behaviour = {};
    second.behaviour = {};
    expect(failed.status).toBe(500);
    await f.flush();
    const rows = await f.ctx.db.selectFrom('usage_rollups').selectAll().where('user_id', '=', carol).execute();
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect({ model: row!.model, requests: Number(row!.requests), errors: Number(row!.errors), quota: Number(row!.quota), latency: Number(row!.latency_count) }).toEqual({
      model: 'gpt-4o-mini',
      requests: 1,
      errors: 1,
      quota: 0,
      latency: 0,
    });
    // Only the first channel serves gpt-4o-mini.
    const channel = await f.ctx.db.selectFrom('channels').select('id').where('name', '=', 'first').executeTakeFirstOrThrow();
    expect(row!.channel_id).toBe(channel.id);
    expect(await f.ctx.db.selectFrom('logs').select(['type', 'channel_id', 'quota']).where('user_id', '=', carol).execute()).toEqual([{ type: LogType.Error, channel_id: channel.id, quota: 0 }]);
  });

  it('count a request refused before the upstream as an error of channel 0 and its model, without tokens or cost, with an error log', async () => {
    const dave = await f.addUser('dave', 10_000_000);
    const limited = await f.addKey(dave, { limits: { rpm_limit: 1, tpm_limit: 0, concurrency_limit: 0 } });
    const open = await f.addKey(dave);
    const poorKey = await f.addKey(dave, { unlimitedQuota: false, remainQuota: 1 });
    const narrowKey = await f.addKey(dave, { models: 'gpt-4o' });
    const erin = await f.addUser('erin', 1);
    const erinKey = await f.addKey(erin);
    // Alibaba's protocol refuses n > 1 by name, before any call.
    const ali = await f.addChannel({ type: 17, name: 'ali', base_url: first.baseUrl, models: 'qwen-max' });
    try {
      const statuses = [
        (await chat(limited, 'gpt-4o-mini')).status,
        (await chat(limited, 'gpt-4o-mini')).status,
        (await chat(open, 'no-channel-model')).status,
        (await chat(open, 'another-unserved-model')).status,
        (await chat(poorKey, 'gpt-4o')).status,
        (await chat(narrowKey, 'gpt-4o-mini')).status,
        (await chat(erinKey, 'gpt-4o')).status,
        (
          await fetch(`${f.url}/v1/chat/completions`, {
            method: 'POST',
            headers: { authorization: `Bearer sk-${open}`, 'content-type': 'application/json' },
            body: JSON.stringify({ model: 'qwen-max', n: 2, messages: [{ role: 'user', content: 'hi' }] }),
          })
        ).status,
      ];
      expect(statuses).toEqual([200, 429, 404, 404, 403, 403, 403, 400]);
    } finally {
      await f.removeChannel(ali);
    }
    await f.flush();
    const tokenIds = new Map((await f.ctx.db.selectFrom('tokens').select(['id', 'key']).execute()).map((t) => [t.id, t.key]));
    const names = new Map([[limited, 'limited'], [open, 'open'], [poorKey, 'poor'], [narrowKey, 'narrow'], [erinKey, 'erin']]);
    const rows = await f.ctx.db.selectFrom('usage_rollups').selectAll().where('user_id', 'in', [dave, erin]).where('channel_id', '=', 0).execute();
    const refused = rows.map((row) => ({
      key: names.get(tokenIds.get(row.token_id)!),
      model: row.model,
      sums: [row.requests, row.errors, row.prompt_tokens, row.completion_tokens, row.quota, row.latency_count].map(Number),
    }));
    const once = [1, 1, 0, 0, 0, 0];
    expect(refused.sort((a, b) => `${a.key}${a.model}`.localeCompare(`${b.key}${b.model}`))).toEqual([
      { key: 'erin', model: 'gpt-4o', sums: once },
      { key: 'limited', model: 'gpt-4o-mini', sums: once },
      { key: 'narrow', model: 'gpt-4o-mini', sums: once },
      // Names no channel serves are counted together: a client's random names must not each make a row.
      { key: 'open', model: '(no channel)', sums: [2, 2, 0, 0, 0, 0] },
      { key: 'open', model: 'qwen-max', sums: once },
      { key: 'poor', model: 'gpt-4o', sums: once },
    ]);
    // One consume log: the request that was answered. Each refusal has its error log, as many as the errors counted.
    expect(await f.ctx.db.selectFrom('logs').select('id').where('user_id', 'in', [dave, erin]).where('type', '=', LogType.Consume).execute()).toHaveLength(1);
    const errorLogs = await f.ctx.db.selectFrom('logs').select(['channel_id', 'quota']).where('user_id', 'in', [dave, erin]).where('type', '=', LogType.Error).execute();
    expect(errorLogs).toHaveLength(7);
    expect(errorLogs.every((log) => log.channel_id === 0 && log.quota === 0)).toBe(true);
    // The user's own dashboard counts them in its requests and errors.
    const now = Math.floor(Date.now() / 1000);
    const login = await f.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: 'dave', password: 'password123' } });
    const cookie = `session=${login.cookies.find((c) => c.name === 'session')!.value}`;
    const mine = await f.app.inject({ method: 'GET', url: `/api/analytics/self/summary?start=${now - 7200}&end=${now + 3600}`, headers: { cookie } });
    expect(mine.json()).toMatchObject({ success: true, data: { totals: { requests: 7, errors: 6 } } });
  });

  it('are left alone when old logs are purged', async () => {
    const before = await readRollups(f.ctx.db);
    expect(before.size).toBeGreaterThan(0);
    const purge = await f.app.inject({ method: 'DELETE', url: `/api/log/?target_timestamp=${Math.floor(Date.now() / 1000) + 10}`, headers: { cookie: f.rootCookie } });
    expect(purge.json()).toMatchObject({ success: true });
    expect(await f.ctx.db.selectFrom('logs').select('id').where('type', '=', LogType.Consume).execute()).toHaveLength(0);
    expect(await readRollups(f.ctx.db)).toEqual(before);
  });
});

describe.each(databaseKinds)('usage rollups at shutdown on %s', (kind: DatabaseKind) => {
  it('are written by a graceful shutdown', async () => {
    const upstream = await new FakeOpenAI('shutdown').start();
    const database = await createTestDatabase(kind);
    // A batch interval no test outlives: only the shutdown's final flush writes.
    const env: Record<string, string> = { SESSION_SECRET: 'test-session-secret', LOG_LEVEL: 'silent', CRITICAL_RATE_LIMIT: '0', GLOBAL_API_RATE_LIMIT: '0', BATCH_UPDATE_INTERVAL: '3600', INITIAL_ROOT_TOKEN: 'rollupshutdownkey', ...database.env };
    try {
      const runtime = await createRuntime(loadConfig(env), silentLogger);
      const app = await buildApp(runtime.ctx);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${portOf(app.server)}`;
      const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: { username: 'root', password: '123456' } });
      const cookie = `session=${login.cookies.find((c) => c.name === 'session')!.value}`;
      await app.inject({ method: 'POST', url: '/api/channel/', headers: { cookie }, payload: { type: 1, key: 'k', group: 'default', name: 'up', base_url: upstream.baseUrl, models: 'gpt-4o' } });
      const statuses = await Promise.all(
        Array.from({ length: 5 }, () =>
          fetch(`${url}/v1/chat/completions`, {
            method: 'POST',
            headers: { authorization: 'Bearer sk-rollupshutdownkey', 'content-type': 'application/json' },
            body: JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] }),
          }).then((r) => r.status),
        ),
      );
      expect(statuses).toEqual([200, 200, 200, 200, 200]);
      expect(await gracefulShutdown(app, runtime, silentLogger, 0)).toBe(0);
      const handle = await openDatabase(parseDatabaseTarget(env.SQL_DSN, env.SQLITE_PATH ?? ''), { busyTimeoutMs: 5000, maxConnections: 1 });
      try {
        const rows = await handle.db.selectFrom('usage_rollups').select(['requests', 'quota']).execute();
        expect(rows.reduce((sum, row) => sum + Number(row.requests), 0)).toBe(5);
        expect(rows.every((row) => Number(row.quota) > 0)).toBe(true);
      } finally {
        await handle.destroy();
      }
    } finally {
      await database.drop();
      await upstream.stop();
    }
  });
});
