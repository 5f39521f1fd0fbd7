import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answeredInFull, api, chat, createAccount, expectBooksBalance, Ledger, signIn, steadyLoad, type Account, type Outcome } from '../../test/cluster-accounts.js';
import { createTestDatabase, type TestDatabase } from '../../test/databases.js';
import { eventually } from '../../test/eventually.js';
import { FakeOpenAI } from '../../test/fake-openai.js';
import { NodeProcess } from '../../test/node-process.js';
import { PrivateRedis } from '../../test/private-redis.js';

/**
 * Two Tollgate processes (a master and a slave) on one PostgreSQL database and one Redis, as an operator
 * runs them, proving the promises of "Running several nodes" through the real HTTP API: exact books under
 * load spread over both, changes seen at once by the other node, limits counted once for both, nothing
 * lost on SIGTERM, and service that goes on through a Redis restart and dropped database connections. The Redis is a private one, since the
 * test kills it. The cases run in order on the same pair of nodes; each has an account of its own.
 */

const MODEL = 'gpt-4';
const SECOND_MODEL = 'gpt-4-turbo';
const pgDsn = process.env.TEST_PG_DSN;
const SIGN_IN_LIMIT = 30;

async function timeUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`not seen within ${timeoutMs} ms`);
}

const systemName = async (url: string) => ((await (await fetch(`${url}/api/status`)).json()) as { data: { system_name: string } }).data.system_name;

describe.runIf(pgDsn)('two Tollgate processes on one PostgreSQL and one Redis', () => {
  let database: TestDatabase;
  let redis: PrivateRedis;
  let ledger: Ledger;
  const upstream = new FakeOpenAI('cluster');
  let master: NodeProcess;
  let slave: NodeProcess;
  let rootCookie: string;
  let accounts = 0;
  const newAccount = (): Promise<Account> => createAccount(master.url, rootCookie, `user${(accounts += 1)}`, 50_000_000, 20_000_000);

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    redis = await PrivateRedis.start();
    await upstream.start();
    // Big enough to count, and a little slow, so requests overlap on both nodes.
    upstream.behaviour = { delayMs: 50, usage: { prompt_tokens: 100, completion_tokens: 50 } };
    const env = {
      ...database.env,
      REDIS_CONN_STRING: redis.url,
      SESSION_SECRET: 'cluster-test-secret',
      BATCH_UPDATE_INTERVAL: '1',
      CACHE_POLL_INTERVAL: '1',
      // The per-IP /api limit stays on, high enough never to refuse, so a Redis outage exercises its fallback.
      GLOBAL_API_RATE_LIMIT: '1000000',
      // Sign-in attempts per IP: enough for the test's own sign-ins, few enough to reach in the limits case.
      CRITICAL_RATE_LIMIT: String(SIGN_IN_LIMIT),
      SHUTDOWN_TIMEOUT: '20',
    };
    // The master first: it migrates the database the slave then opens.
    master = await NodeProcess.start({ ...env, NODE_TYPE: 'master' });
    slave = await NodeProcess.start({ ...env, NODE_TYPE: 'slave' });
    ledger = await Ledger.open(database.env.SQL_DSN ?? '');
    rootCookie = await signIn(master.url, 'root', '123456');
    await api(master.url, rootCookie, 'POST', '/api/channel/', { name: 'cluster', type: 1, key: 'upstream-key', base_url: upstream.baseUrl, models: MODEL, group: 'default' });
  }, 60_000);

  afterAll(async () => {
    await Promise.all([master?.stop('SIGKILL'), slave?.stop('SIGKILL')]);
    await ledger?.close();
    await redis?.kill();
    await upstream.stop();
    await database?.drop();
  });

  it('sees a key, a channel and an option changed on one node from the other at once', { timeout: 20_000 }, async () => {
    const account = await newAccount();
    expect((await chat(slave.url, account.key, MODEL)).status).toBe(200);

    await api(master.url, account.cookie, 'PUT', '/api/token/?status_only=true', { id: account.tokenId, status: 2 });
    expect(await timeUntil(async () => (await chat(slave.url, account.key, MODEL)).status === 401, 2000)).toBeLessThan(2000);
    await api(slave.url, account.cookie, 'PUT', '/api/token/?status_only=true', { id: account.tokenId, status: 1 });
    expect(await timeUntil(async () => (await chat(master.url, account.key, MODEL)).status === 200, 2000)).toBeLessThan(2000);

    expect((await chat(slave.url, account.key, SECOND_MODEL)).status).not.toBe(200);
    await api(master.url, rootCookie, 'POST', '/api/channel/', { name: 'second', type: 1, key: 'upstream-key', base_url: upstream.baseUrl, models: SECOND_MODEL, group: 'default' });
    expect(await timeUntil(async () => (await chat(slave.url, account.key, SECOND_MODEL)).status === 200, 2000)).toBeLessThan(2000);

    await api(slave.url, rootCookie, 'PUT', '/api/option/', { key: 'SystemName', value: 'Changed on the slave' });
    expect(await timeUntil(async () => (await systemName(master.url)) === 'Changed on the slave', 2000)).toBeLessThan(2000);
  });

  it('keeps the books exact under 500 concurrent requests spread over both nodes', { timeout: 60_000 }, async () => {
    const account = await newAccount();
    const outcomes = await Promise.all(Array.from({ length: 500 }, (_, i) => chat(i % 2 === 0 ? master.url : slave.url, account.key, MODEL, i % 4 < 2)));
    expect(outcomes.filter((outcome) => !answeredInFull(outcome)).map((outcome) => outcome.text)).toEqual([]);
    expectBooksBalance(account, await ledger.waitForLogs(account, 500), 500);
    expect(upstream.received.length).toBeGreaterThanOrEqual(500);
  });

  it('goes on serving while Redis is killed, then subscribes and shares its counts again when Redis is back', { timeout: 40_000 }, async () => {
    const account = await newAccount();
    const load = steadyLoad([master.url, slave.url], account.key, MODEL, 8);
    // Under way: each of the eight clients has had an answer, on average.
    await eventually(() => load.done >= 8);
    await redis.kill();

    // The console API (rate-limited per IP through Redis) and the relay both answer without Redis, and a change
    // still reaches the other node, by its poll of the database.
    for (const node of [master, slave]) expect((await fetch(`${node.url}/api/status`)).status).toBe(200);
    await api(master.url, rootCookie, 'PUT', '/api/option/', { key: 'SystemName', value: 'Changed without Redis' });
    expect(await timeUntil(async () => (await systemName(slave.url)) === 'Changed without Redis', 2500)).toBeLessThan(2500);

    await redis.restart();
    // Both nodes subscribe again on their own connection (the restarted Redis remembers nothing)...
    await expect.poll(() => redis.command((client) => client.pubsub('NUMSUB', 'tollgate:cache-changed')), { timeout: 8000, interval: 100 }).toEqual(['tollgate:cache-changed', 2]);
    // ...and count /api requests there again.
    await expect
      .poll(
        async () => {
          await fetch(`${master.url}/api/status`);
          return redis.command((client) => client.keys('rateLimit:*'));
        },
        { timeout: 5000, interval: 200 },
      )
      .not.toEqual([]);
    await api(slave.url, rootCookie, 'PUT', '/api/option/', { key: 'SystemName', value: 'Redis is back' });
    expect(await timeUntil(async () => (await systemName(master.url)) === 'Redis is back', 2000)).toBeLessThan(2000);

    const outcomes = await load.stop();
    expect(outcomes.length).toBeGreaterThan(20);
    expect(outcomes.filter((outcome) => !answeredInFull(outcome)).map((outcome) => outcome.text)).toEqual([]);
    expectBooksBalance(account, await ledger.waitForLogs(account, outcomes.length), outcomes.length);
  });

  it('counts a per-IP limit once for the whole cluster, also after Redis came back', { timeout: 20_000 }, async () => {
    // A client address of its own (the nodes trust X-Forwarded-For from loopback), so the test's own
    // sign-ins keep their budget.
    const attempt = (url: string) =>
      fetch(`${url}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' }, body: JSON.stringify({ username: 'nobody', password: 'wrong-password' }) }).then((response) => response.status);
    const statuses: number[] = [];
    for (let i = 0; i < SIGN_IN_LIMIT; i += 1) statuses.push(await attempt(i % 2 === 0 ? master.url : slave.url));
    expect(statuses).not.toContain(429);
    // Each node saw only half of the attempts: counted alone, both would still let the next ones in.
    expect([await attempt(master.url), await attempt(slave.url)]).toEqual([429, 429]);
  });

  it('recovers without a restart when PostgreSQL drops every connection', { timeout: 40_000 }, async () => {
    const account = await newAccount();
    const load = steadyLoad([master.url, slave.url], account.key, MODEL, 8);
    await eventually(() => load.done >= 8);
    const admin = new pg.Client({ connectionString: database.env.SQL_DSN });
    await admin.connect();
    const dbName = new URL(database.env.SQL_DSN ?? '').pathname.slice(1);
    try {
      const { rowCount } = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [dbName]);
      expect(rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    // The load goes on across the drop: two more rounds of its eight clients, answered or refused.
    const atDrop = load.done;
    await eventually(() => load.done >= atDrop + 16);
    const during = await load.stop();

    // After the drop, both nodes answer and bill without having been restarted.
    const after: Outcome[] = [];
    for (const node of [master, slave]) {
      for (let i = 0; i < 10; i += 1) after.push(await chat(node.url, account.key, MODEL, i % 2 === 0));
    }
    expect(after.map((outcome) => outcome.status), master.stderr + slave.stderr).toEqual(after.map(() => 200));
    expect(await fetch(`${slave.url}/api/user/self`, { headers: { cookie: account.cookie } }).then((response) => response.status)).toBe(200);
    const answered = [...during, ...after].filter(answeredInFull).length;
    // A request whose query was cut by the drop may be refused; every answered one is billed once.
    expect(during.filter((outcome) => !answeredInFull(outcome)).every((outcome) => outcome.status >= 500)).toBe(true);
    expectBooksBalance(account, await ledger.waitForLogs(account, answered), answered);
  });

  it('loses nothing when one node gets SIGTERM under load', { timeout: 40_000 }, async () => {
    const account = await newAccount();
    upstream.behaviour = { ...upstream.behaviour, delayMs: 600 };
    const before = upstream.received.length;
    const inFlight = Promise.all(Array.from({ length: 40 }, (_, i) => chat(slave.url, account.key, MODEL, i % 2 === 0)));
    await expect.poll(() => upstream.received.length - before, { timeout: 5000, interval: 10 }).toBe(40);
    const exited = slave.stop('SIGTERM');
    // The master keeps serving; new requests to the stopping node are refused at the door, never half-done.
    const late = await Promise.all(Array.from({ length: 10 }, (_, i) => chat(i % 2 === 0 ? master.url : slave.url, account.key, MODEL)));
    const answers = await inFlight;
    expect(await exited, slave.stderr).toBe(0);
    expect(answers.filter((outcome) => !answeredInFull(outcome)).map((outcome) => outcome.text)).toEqual([]);
    expect(late.every((outcome) => answeredInFull(outcome) || outcome.status === 0 || outcome.status === 503)).toBe(true);
    const answered = answers.length + late.filter(answeredInFull).length;
    expectBooksBalance(account, await ledger.waitForLogs(account, answered), answered);
  });
});
