import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { startFakeUpstream } from './fake-upstream.js';
import { openAIChannelAndKey, startTollgate } from './tollgate-server.js';
import { freePorts } from './free-ports.js';

/**
 * `npx tsx bench/kill9.ts` (after `npm run build`): what a crash loses. Tollgate on SQLite serves a steady
 * load (KILL9_CONNECTIONS clients, half of them streaming) for KILL9_SECONDS, is killed with SIGKILL, and is
 * started again on the same database. Then the answers the clients received are compared with what the
 * database holds: consume logs, and the user's charged requests. Without a graceful shutdown the usage
 * settled since the last batched write (BATCH_UPDATE_INTERVAL, 1 s) would be lost but for the usage journal,
 * which the restart replays; the requests in flight get a broken connection. KILL9_ROUNDS rounds, each on the
 * database the previous one left. KILL9_PG_DSN (an administrator's postgres:// URL) runs it on a fresh
 * PostgreSQL database made there (and dropped after) instead of SQLite; the journal is then in the data directory.
 *
 * "bills lost" counts the answered requests (status 200, whole answer) without a consume log after the restart;
 * "logs = used" checks that the logs' quota equals root's, its key's and the channels' used quota.
 */
const [UPSTREAM_PORT, TOLLGATE_PORT] = (await freePorts(2)) as [number, number];
const seconds = Number(process.env.KILL9_SECONDS ?? 5);
const connections = Number(process.env.KILL9_CONNECTIONS ?? 50);
const rounds = Number(process.env.KILL9_ROUNDS ?? 3);
const BATCH_UPDATE_INTERVAL = 1;
const pgAdmin = process.env.KILL9_PG_DSN;

function startNode(dataDir: string, dsn: string | undefined): ChildProcess {
  return startTollgate(TOLLGATE_PORT, dataDir, { env: { BATCH_UPDATE_INTERVAL: String(BATCH_UPDATE_INTERVAL), ...(dsn ? { SQL_DSN: dsn } : {}) } });
}

async function waitUntilUp(url: string): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    if (await fetch(`${url}/api/status`).then((response) => response.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('Tollgate did not start');
}

interface Load {
  /** When each complete answer arrived (ms since epoch). */
  answeredAt: number[];
  /** The request ids of the complete answers. */
  answeredIds: string[];
  /** Requests that got a broken or refused connection. */
  broken: number;
}

/** `connections` clients, each sending the next request as soon as its answer is read, until stopped. */
function steadyLoad(url: string, key: string): { stop(): Promise<Load> } {
  const load: Load = { answeredAt: [], answeredIds: [], broken: 0 };
  let running = true;
  const client = async (index: number) => {
    const stream = index % 2 === 1;
    const body = JSON.stringify({ model: 'gpt-4o-mini', stream, messages: [{ role: 'user', content: 'Hello there' }] });
    while (running) {
      try {
        const response = await fetch(`${url}/v1/chat/completions`, { method: 'POST', headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' }, body });
        const text = await response.text();
        if (response.status === 200 && (stream ? text.trimEnd().endsWith('[DONE]') : text.includes('"usage"'))) {
          load.answeredAt.push(Date.now());
          load.answeredIds.push(response.headers.get('x-oneapi-request-id') ?? '');
        } else load.broken += 1;
      } catch {
        load.broken += 1;
        // The server is gone: do not spin on refused connections.
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  };
  const clients = Array.from({ length: connections }, (_, index) => client(index));
  return {
    async stop() {
      running = false;
      await Promise.all(clients);
      return load;
    },
  };
}

interface Stored {
  logs: number;
  logQuota: number;
  requests: number;
  used: number;
  keyUsed: number;
  channelUsed: number;
  logIds: Set<string>;
}

const STORED_QUERIES = {
  logs: 'select request_id, quota from logs where type = 2',
  user: "select request_count, used_quota from users where username = 'root'",
  keys: 'select coalesce(sum(used_quota), 0) as used from tokens',
  channels: 'select coalesce(sum(used_quota), 0) as used from channels',
};

/** What the database holds: consume logs, and the quota charged to root, to its keys and to the channels. */
async function stored(dataDir: string, dsn: string | undefined): Promise<Stored> {
  let rows: { logs: { request_id: string; quota: number | string }[]; user: { request_count: number | string; used_quota: number | string }; keys: number | string; channels: number | string };
  if (dsn) {
    const client = new pg.Client({ connectionString: dsn });
    await client.connect();
    try {
      const q = async (text: string) => (await client.query(text)).rows as Record<string, unknown>[];
      const [logs, user, keys, channels] = [await q(STORED_QUERIES.logs), await q(STORED_QUERIES.user), await q(STORED_QUERIES.keys), await q(STORED_QUERIES.channels)];
      rows = { logs: logs as typeof rows.logs, user: user[0] as typeof rows.user, keys: keys[0]!.used as string, channels: channels[0]!.used as string };
    } finally {
      await client.end();
    }
  } else {
    const db = new SQLite(path.join(dataDir, 'one-api.db'), { readonly: true });
    try {
      rows = {
        logs: db.prepare(STORED_QUERIES.logs).all() as typeof rows.logs,
        user: db.prepare(STORED_QUERIES.user).get() as typeof rows.user,
        keys: (db.prepare(STORED_QUERIES.keys).get() as { used: number }).used,
        channels: (db.prepare(STORED_QUERIES.channels).get() as { used: number }).used,
      };
    } finally {
      db.close();
    }
  }
  return {
    logs: rows.logs.length,
    logQuota: rows.logs.reduce((sum, log) => sum + Number(log.quota), 0),
    requests: Number(rows.user.request_count),
    used: Number(rows.user.used_quota),
    keyUsed: Number(rows.keys),
    channelUsed: Number(rows.channels),
    logIds: new Set(rows.logs.map((log) => log.request_id)),
  };
}

/** A fresh PostgreSQL database for the run, and how to drop it. */
async function freshPgDatabase(admin: string): Promise<{ dsn: string; drop(): Promise<void> }> {
  const name = `tollgate_kill9_${Date.now()}`;
  const run = async (text: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { dsn: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

async function main() {
  const upstream = await startFakeUpstream(UPSTREAM_PORT);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-kill9-'));
  const database = pgAdmin ? await freshPgDatabase(pgAdmin) : undefined;
  const dsn = database?.dsn;
  const url = `http://127.0.0.1:${TOLLGATE_PORT}`;
  let tollgate = startNode(dataDir, dsn);
  try {
    await waitUntilUp(url);
    const key = await openAIChannelAndKey(url, `http://127.0.0.1:${UPSTREAM_PORT}`, 'kill9');
    console.log(
      `${rounds} rounds on ${dsn ? 'PostgreSQL' : 'SQLite'}: ${connections} clients (half streaming) for ${seconds} s, then SIGKILL and a restart; BATCH_UPDATE_INTERVAL=${BATCH_UPDATE_INTERVAL}; ${os.cpus().length} CPUs, Node ${process.version}\n`,
    );
    console.log('| round | answered | req/s | broken at the kill | answered in the last interval | bills lost | logs = used (user, key, channel) | restart to first answer |');
    console.log('|---|---|---|---|---|---|---|---|');
    let answeredBefore = 0;
    let lostBefore = 0;
    for (let round = 1; round <= rounds; round += 1) {
      const load = steadyLoad(url, key);
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      const killedAt = Date.now();
      tollgate.kill('SIGKILL');
      await new Promise((resolve) => tollgate.once('exit', resolve));
      const { answeredAt, broken, answeredIds } = await load.stop();
      const restartedAt = Date.now();
      tollgate = startNode(dataDir, dsn);
      await waitUntilUp(url);
      const upAfter = Date.now() - restartedAt;
      const after = await stored(dataDir, dsn);
      const answered = answeredAt.length;
      const lastInterval = answeredAt.filter((at) => at > killedAt - BATCH_UPDATE_INTERVAL * 1000).length;
      const billsLost = answeredIds.filter((id) => !after.logIds.has(id)).length;
      const agree = after.used === after.logQuota && after.keyUsed === after.logQuota && after.channelUsed === after.logQuota && after.requests === after.logs;
      console.log(`| ${round} | ${answered} | ${(answered / seconds).toFixed(0)} | ${broken} | ${lastInterval} | ${billsLost} | ${agree ? 'yes' : `no: logs ${after.logQuota}, user ${after.used}, key ${after.keyUsed}, channel ${after.channelUsed}`} | ${upAfter} ms |`);
      answeredBefore += answered;
      lostBefore += billsLost;
    }
    const final = await stored(dataDir, dsn);
    console.log(
      `\nover all rounds: ${answeredBefore} answered, bills lost: ${lostBefore}; ${final.logs} logged (sum ${final.logQuota}), ${final.requests} charged (user used ${final.used}, key used ${final.keyUsed}, channel used ${final.channelUsed})`,
    );
  } finally {
    tollgate.kill('SIGKILL');
    upstream.close();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
