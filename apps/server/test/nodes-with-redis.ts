import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app.js';
import { createRuntime, type Runtime } from '../src/bootstrap.js';
import { loadConfig } from '../src/config.js';
import { insertToken, type NewTokenInput } from '../src/modules/tokens/tokens.repository.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './databases.js';
import { eventually } from './eventually.js';
import { FakeOpenAI } from './fake-openai.js';
import { PrivateRedis } from './private-redis.js';
import { loginRoot, silentLogger } from './test-app.js';

/** The Redis the cross-node tests share (TEST_REDIS_URL); they are skipped without one. */
export const redisUrl = process.env.TEST_REDIS_URL;
/** The database two nodes share: PostgreSQL when the run has one, else a SQLite file. */
export const twoNodeKind = databaseKinds.includes('postgres') ? 'postgres' : 'sqlite';

/** One node of a cluster: its runtime, its app listening on a free port, and that port's URL. */
export interface Node {
  runtime: Runtime;
  app: FastifyInstance;
  url: string;
}

/** Starts a node (`master` or `slave`) on the database, with Redis at `redis`; options polled every second. */
export async function startNode(database: TestDatabase, nodeType: string, redis: string): Promise<Node> {
  const env = { SESSION_SECRET: 'shared-secret', NODE_TYPE: nodeType, CRITICAL_RATE_LIMIT: '0', GLOBAL_API_RATE_LIMIT: '0', REDIS_CONN_STRING: redis, SYNC_FREQUENCY: '1', ...database.env };
  const runtime = await createRuntime(loadConfig(env), silentLogger);
  const app = await buildApp(runtime.ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { runtime, app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

export async function stopNode(node: Node | undefined): Promise<void> {
  if (!node) return;
  await node.app.close();
  await node.runtime.close();
}

/**
 * An unlimited key of root's with `fields` (limits, a budget, the cache switch), under a token id no other run
 * uses: counters and entries in a shared Redis are named by token id, and every test database starts at 1.
 */
export async function rootKey(node: Node, prefix: string, fields: Pick<NewTokenInput, 'limits' | 'budget' | 'responseCache'>): Promise<{ key: string; id: number }> {
  const { db, dialect, cacheSync } = node.runtime.ctx;
  const owner = await db.selectFrom('users').select('id').where('username', '=', 'root').executeTakeFirstOrThrow();
  const id = 10_000_000 + Math.floor(Math.random() * 1_000_000_000);
  const key = `${prefix}${id}`.padEnd(48, 'z');
  await insertToken(db, dialect, { id, userId: owner.id, name: `${prefix}${id}`, key, unlimitedQuota: true, ...fields });
  await cacheSync.changed('keys');
  return { key, id };
}

/** Adds, as root, an OpenAI channel serving gpt-4o-mini from `baseUrl` to the default group. */
export async function addUpstreamChannel(node: Node, baseUrl: string): Promise<string> {
  const cookie = await loginRoot(node.app);
  await node.app.inject({ method: 'POST', url: '/api/channel/', headers: { cookie }, payload: { name: 'upstream', type: 1, key: 'k', base_url: baseUrl, models: 'gpt-4o-mini', group: 'default' } });
  return cookie;
}

export interface TwoNodes {
  /** Filled before the suite's tests: the master, then the slave. */
  readonly nodes: Node[];
  readonly upstream: FakeOpenAI;
}

/**
 * Two nodes (master and slave) of one database sharing the Redis at TEST_REDIS_URL, with a fake OpenAI upstream
 * served as gpt-4o-mini by a channel added on the master, started before the enclosing suite's tests (once the
 * slave sees the channel, and `ready` holds on it) and stopped after. `setUp` does more on the master first.
 */
export function twoNodesWithRedis(options: { setUp?: (node: Node, cookie: string) => Promise<void>; ready?: (node: Node) => boolean } = {}): TwoNodes {
  const cluster: TwoNodes = { nodes: [], upstream: new FakeOpenAI('shared') };
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    await cluster.upstream.start();
    database = await createTestDatabase(twoNodeKind);
    for (const nodeType of ['master', 'slave']) cluster.nodes.push(await startNode(database, nodeType, redisUrl ?? ''));
    const [master, slave] = cluster.nodes as [Node, Node];
    const cookie = await addUpstreamChannel(master, cluster.upstream.baseUrl);
    await options.setUp?.(master, cookie);
    // eventually() runs in hooks too, where expect.poll is not allowed.
    await eventually(() => slave.runtime.ctx.relay.channels.table.select('default', 'gpt-4o-mini') !== undefined && (options.ready?.(slave) ?? true));
  });
  afterAll(async () => {
    for (const node of cluster.nodes) await stopNode(node);
    await database?.drop();
    await cluster.upstream.stop();
  });
  return cluster;
}

export interface NodeWithPrivateRedis {
  /** Filled before the suite's tests. */
  node: Node;
  redis: PrivateRedis;
  readonly upstream: FakeOpenAI;
}

/**
 * One node on a SQLite file with a redis-server of its own (PrivateRedis: the test may kill, pause and revive it),
 * and a fake OpenAI upstream served as gpt-4o-mini, started before the enclosing suite's tests (after `setUp` on
 * it) and stopped after.
 */
export function nodeWithPrivateRedis(options: { setUp?: (node: Node, cookie: string) => Promise<void> } = {}): NodeWithPrivateRedis {
  const alone = { upstream: new FakeOpenAI('alone') } as NodeWithPrivateRedis;
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    await alone.upstream.start();
    alone.redis = await PrivateRedis.start();
    database = await createTestDatabase('sqlite');
    alone.node = await startNode(database, 'master', alone.redis.url);
    const cookie = await addUpstreamChannel(alone.node, alone.upstream.baseUrl);
    await options.setUp?.(alone.node, cookie);
  });
  afterAll(async () => {
    await stopNode(alone.node);
    alone.redis?.resume();
    await alone.redis?.kill();
    await database?.drop();
    await alone.upstream.stop();
  });
  return alone;
}
