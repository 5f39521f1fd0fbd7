import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { startFakeUpstream } from './fake-upstream.js';
import { openAIChannelAndKey, startTollgate } from './tollgate-server.js';

/**
 * `npx tsx bench/kill9.ts` (after `npm run build`): what a crash loses. Tollgate on SQLite serves a steady
 * load (KILL9_CONNECTIONS clients, half of them streaming) for KILL9_SECONDS, is killed with SIGKILL, and is
 * started again on the same database. Then the answers the clients received are compared with what the
 * database holds: consume logs, and the user's charged requests. Without a graceful shutdown the usage
 * settled since the last batched write (BATCH_UPDATE_INTERVAL, 1 s) is lost, and the requests in flight get
 * a broken connection. KILL9_ROUNDS rounds, each on the database the previous one left.
 */
const UPSTREAM_PORT = 28111;
const TOLLGATE_PORT = 28112;
const seconds = Number(process.env.KILL9_SECONDS ?? 5);
const connections = Number(process.env.KILL9_CONNECTIONS ?? 50);
const rounds = Number(process.env.KILL9_ROUNDS ?? 3);
const BATCH_UPDATE_INTERVAL = 1;

function startNode(dataDir: string): ChildProcess {
  return startTollgate(TOLLGATE_PORT, dataDir, { env: { BATCH_UPDATE_INTERVAL: String(BATCH_UPDATE_INTERVAL) } });
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
  /** Requests that got a broken or refused connection. */
  broken: number;
}

/** `connections` clients, each sending the next request as soon as its answer is read, until stopped. */
function steadyLoad(url: string, key: string): { stop(): Promise<Load> } {
  const load: Load = { answeredAt: [], broken: 0 };
  let running = true;
  const client = async (index: number) => {
    const stream = index % 2 === 1;
    const body = JSON.stringify({ model: 'gpt-4o-mini', stream, messages: [{ role: 'user', content: 'Hello there' }] });
    while (running) {
      try {
        const response = await fetch(`${url}/v1/chat/completions`, { method: 'POST', headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' }, body });
        const text = await response.text();
        if (response.status === 200 && (stream ? text.trimEnd().endsWith('[DONE]') : text.includes('"usage"'))) load.answeredAt.push(Date.now());
        else load.broken += 1;
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

/** What the database holds for root: consume logs, and the requests and quota charged to the account. */
function stored(file: string): { logs: number; logQuota: number; requests: number; used: number } {
  const db = new SQLite(file, { readonly: true });
  try {
    const logs = db.prepare('select count(*) as count, coalesce(sum(quota), 0) as quota from logs where type = 2').get() as { count: number; quota: number };
    const user = db.prepare("select request_count, used_quota from users where username = 'root'").get() as { request_count: number; used_quota: number };
    return { logs: logs.count, logQuota: logs.quota, requests: user.request_count, used: user.used_quota };
  } finally {
    db.close();
  }
}

async function main() {
  const upstream = await startFakeUpstream(UPSTREAM_PORT);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-kill9-'));
  const url = `http://127.0.0.1:${TOLLGATE_PORT}`;
  let tollgate = startNode(dataDir);
  try {
    await waitUntilUp(url);
    const key = await openAIChannelAndKey(url, `http://127.0.0.1:${UPSTREAM_PORT}`, 'kill9');
    console.log(`${rounds} rounds: ${connections} clients (half streaming) for ${seconds} s, then SIGKILL and a restart; BATCH_UPDATE_INTERVAL=${BATCH_UPDATE_INTERVAL}; ${os.cpus().length} CPUs, Node ${process.version}\n`);
    console.log('| round | answered | req/s | broken at the kill | answered in the last interval | logs lost | charges lost | restart to first answer |');
    console.log('|---|---|---|---|---|---|---|---|');
    let answeredBefore = 0;
    for (let round = 1; round <= rounds; round += 1) {
      const before = stored(path.join(dataDir, 'one-api.db'));
      const load = steadyLoad(url, key);
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      const killedAt = Date.now();
      tollgate.kill('SIGKILL');
      await new Promise((resolve) => tollgate.once('exit', resolve));
      const { answeredAt, broken } = await load.stop();
      const restartedAt = Date.now();
      tollgate = startNode(dataDir);
      await waitUntilUp(url);
      const upAfter = Date.now() - restartedAt;
      const after = stored(path.join(dataDir, 'one-api.db'));
      const answered = answeredAt.length;
      const lastInterval = answeredAt.filter((at) => at > killedAt - BATCH_UPDATE_INTERVAL * 1000).length;
      const logsLost = answered - (after.logs - before.logs);
      const chargesLost = answered - (after.requests - before.requests);
      console.log(`| ${round} | ${answered} | ${(answered / seconds).toFixed(0)} | ${broken} | ${lastInterval} | ${logsLost} | ${chargesLost} | ${upAfter} ms |`);
      answeredBefore += answered;
    }
    const final = stored(path.join(dataDir, 'one-api.db'));
    console.log(`\nover all rounds: ${answeredBefore} answered, ${final.logs} logged (sum ${final.logQuota}), ${final.requests} charged (used quota ${final.used})`);
  } finally {
    tollgate.kill('SIGKILL');
    upstream.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
