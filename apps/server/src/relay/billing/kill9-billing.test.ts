import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LogType } from '@tollgate/contract';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/connection.js';
import { parseDatabaseTarget } from '../../db/dsn.js';
import { createTestDatabase, databaseKinds, type DatabaseKind } from '../../../test/databases.js';
import { eventually } from '../../../test/eventually.js';
import { FakeOpenAI } from '../../../test/fake-openai.js';
import { provisionRoot } from '../../../test/in-flight-traffic.js';
import { NodeProcess } from '../../../test/node-process.js';

/**
 * How many answers the load has had before the kill (counted, not timed: a busy machine answers a fifth as
 * many in the same time), and how many clients send it (half of them streaming).
 */
const ANSWERED_BEFORE_KILL = 60;
const CLIENTS = 12;

interface Load {
  /** The request ids of the answers that arrived whole: status 200 and the answer's end. */
  answered: string[];
}

/** Clients that each send the next chat as soon as the last one is read, until the server goes away. */
function steadyLoad(url: string, key: string): { answered(): string[]; stop(): Promise<Load> } {
  const load: Load = { answered: [] };
  let running = true;
  const client = async (stream: boolean) => {
    const body = JSON.stringify({ model: 'gpt-4o-mini', stream, messages: [{ role: 'user', content: 'bill me' }] });
    while (running) {
      try {
        const response = await fetch(`${url}/v1/chat/completions`, { method: 'POST', headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' }, body });
        const text = await response.text();
        const whole = stream ? text.trimEnd().endsWith('data: [DONE]') : text.includes('"usage"');
        if (response.status === 200 && whole) load.answered.push(response.headers.get('x-oneapi-request-id') ?? '');
      } catch {
        // The server was killed under this request: it was not answered.
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  };
  const clients = Array.from({ length: CLIENTS }, (_, i) => client(i % 2 === 1));
  return {
    answered: () => load.answered,
    async stop() {
      running = false;
      await Promise.all(clients);
      return load;
    },
  };
}

/** What the database holds of the bills: consume logs, and the used quota of root, of its key and of the channels. */
async function bills(env: Record<string, string>) {
  const handle = await openDatabase(parseDatabaseTarget(env.SQL_DSN, env.SQLITE_PATH ?? ''), { busyTimeoutMs: 5000, maxConnections: 1 });
  try {
    const logs = await handle.db.selectFrom('logs').select(['request_id', 'quota']).where('type', '=', LogType.Consume).execute();
    const root = await handle.db.selectFrom('users').select(['used_quota', 'request_count']).where('username', '=', 'root').executeTakeFirstOrThrow();
    const keys = await handle.db.selectFrom('tokens').select('used_quota').execute();
    const channels = await handle.db.selectFrom('channels').select('used_quota').execute();
    const sum = (rows: { used_quota: number | string }[]) => rows.reduce((total, row) => total + Number(row.used_quota), 0);
    return {
      logIds: new Set(logs.map((log) => log.request_id)),
      logs: logs.length,
      logQuota: logs.reduce((total, log) => total + Number(log.quota), 0),
      userUsed: Number(root.used_quota),
      userRequests: Number(root.request_count),
      keyUsed: sum(keys),
      channelUsed: sum(channels),
    };
  } finally {
    await handle.destroy();
  }
}

/**
 * Issue 34: a kill -9 must not take away the bill of a request that was answered. A server under load (its
 * batched writer flushing every second) is killed with SIGKILL and started again on the same database and
 * data directory; its usage journal is replayed before it serves. Then every answered request has its
 * consume log, and the logs, root's used quota and request count, its key's and the channel's used quota
 * all agree.
 */
describe.each(databaseKinds.filter((kind): kind is Exclude<DatabaseKind, 'mysql'> => kind !== 'mysql'))('a kill -9 under load (%s)', (kind) => {
  it('loses no answered request’s bill', { timeout: 60_000 }, async () => {
    const upstream = new FakeOpenAI('kill9');
    await upstream.start();
    const database = await createTestDatabase(kind);
    // The data directory, where the journal lives on every dialect.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-kill9-'));
    const env = { SQLITE_PATH: path.join(dataDir, 'one-api.db'), ...database.env, SESSION_SECRET: 'kill9', BATCH_UPDATE_INTERVAL: '1', GLOBAL_API_RATE_LIMIT: '0', CRITICAL_RATE_LIMIT: '0', GLOBAL_WEB_RATE_LIMIT: '0' };
    const node = await NodeProcess.start(env);
    try {
      const { key } = await provisionRoot(node.url, [{ model: 'gpt-4o-mini', baseUrl: upstream.baseUrl }]);
      const load = steadyLoad(node.url, key);
      await eventually(() => load.answered().length >= ANSWERED_BEFORE_KILL, { timeout: 40_000, interval: 20 });
      await node.stop('SIGKILL');
      const { answered } = await load.stop();
      await node.restart();
      const stored = await bills(env);
      expect(answered.length).toBeGreaterThanOrEqual(ANSWERED_BEFORE_KILL);
      expect(answered.filter((id) => !stored.logIds.has(id))).toEqual([]);
      expect({ user: stored.userUsed, key: stored.keyUsed, channel: stored.channelUsed, requests: stored.userRequests }).toEqual({
        user: stored.logQuota,
        key: stored.logQuota,
        channel: stored.logQuota,
        requests: stored.logs,
      });
    } finally {
      await node.stop('SIGTERM');
      await upstream.stop();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
