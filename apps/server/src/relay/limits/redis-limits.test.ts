import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from '../../app.js';
import { createRuntime, type Runtime } from '../../bootstrap.js';
import { loadConfig } from '../../config.js';
import { insertToken } from '../../modules/tokens/tokens.repository.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../../test/databases.js';
import { eventually } from '../../../test/eventually.js';
import { FakeOpenAI } from '../../../test/fake-openai.js';
import { PrivateRedis } from '../../../test/private-redis.js';
import { silentLogger, loginRoot } from '../../../test/test-app.js';

const redisUrl = process.env.TEST_REDIS_URL;
const kind = databaseKinds.includes('postgres') ? 'postgres' : 'sqlite';

interface Node {
  runtime: Runtime;
  app: FastifyInstance;
  url: string;
}

async function startNode(database: TestDatabase, nodeType: string, redis: string): Promise<Node> {
  const env = { SESSION_SECRET: 'shared-secret', NODE_TYPE: nodeType, CRITICAL_RATE_LIMIT: '0', GLOBAL_API_RATE_LIMIT: '0', REDIS_CONN_STRING: redis, ...database.env };
  const runtime = await createRuntime(loadConfig(env), silentLogger);
  const app = await buildApp(runtime.ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { runtime, app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

async function stopNode(node: Node | undefined) {
  if (!node) return;
  await node.app.close();
  await node.runtime.close();
}

/**
 * A key with the given limits, under a token id no other test run uses: the counters in the shared Redis
 * are named by token id, and every test database starts its ids at 1.
 */
async function limitedKey(node: Node, limits: { rpm_limit?: number; tpm_limit?: number; concurrency_limit?: number }): Promise<{ key: string; id: number }> {
  const { db, dialect, cacheSync } = node.runtime.ctx;
  const owner = await db.selectFrom('users').select('id').where('username', '=', 'root').executeTakeFirstOrThrow();
  const id = 10_000_000 + Math.floor(Math.random() * 1_000_000_000);
  const key = `rl${id}`.padEnd(48, 'z');
  await insertToken(db, dialect, { id, userId: owner.id, name: `limited${id}`, key, unlimitedQuota: true, limits: { rpm_limit: 0, tpm_limit: 0, concurrency_limit: 0, ...limits } });
  await cacheSync.changed('keys');
  return { key, id };
}

const chat = (node: Node, key: string) =>
  fetch(`${node.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
  }).then((response) => response.status);

async function addChannel(node: Node, baseUrl: string) {
  const cookie = await loginRoot(node.app);
  await node.app.inject({ method: 'POST', url: '/api/channel/', headers: { cookie }, payload: { name: 'upstream', type: 1, key: 'k', base_url: baseUrl, models: 'gpt-4o-mini', group: 'default' } });
}

describe.runIf(redisUrl)(`two nodes sharing one Redis (${kind})`, () => {
  let database: TestDatabase;
  let upstream: FakeOpenAI;
  const nodes: Node[] = [];

  beforeAll(async () => {
    upstream = await new FakeOpenAI('shared').start();
    database = await createTestDatabase(kind);
    for (const nodeType of ['master', 'slave']) nodes.push(await startNode(database, nodeType, redisUrl ?? ''));
    await addChannel(nodes[0]!, upstream.baseUrl);
    // eventually() runs in hooks too, where expect.poll is not allowed.
    await eventually(() => nodes[1]!.runtime.ctx.relay.channels.table.select('default', 'gpt-4o-mini') !== undefined);
  });
  afterAll(async () => {
    for (const node of nodes) await stopNode(node);
    await database.drop();
    await upstream.stop();
  });

  it('never lets requests spread over both nodes pass a key’s requests per minute', async () => {
    const { key } = await limitedKey(nodes[0]!, { rpm_limit: 5 });
    const statuses = await Promise.all(Array.from({ length: 24 }, (_, i) => chat(nodes[i % 2]!, key)));
    expect(statuses.filter((status) => status === 200).length).toBe(5);
    expect(statuses.filter((status) => status === 429).length).toBe(19);
  });

  it('never runs more requests at once than a key’s concurrency across both nodes, and frees every slot', async () => {
    const { key, id } = await limitedKey(nodes[0]!, { concurrency_limit: 3 });
    upstream.behaviour = { delayMs: 300 };
    const statuses = await Promise.all(Array.from({ length: 16 }, (_, i) => chat(nodes[i % 2]!, key)));
    upstream.behaviour = {};
    expect(statuses.filter((status) => status === 200).length).toBe(3);
    await expect.poll(async () => (await nodes[1]!.runtime.ctx.relay.limiter.usage(`k${id}`)).concurrency).toBe(0);
    expect((await Promise.all([chat(nodes[0]!, key), chat(nodes[1]!, key)])).every((status) => status === 200)).toBe(true);
  });
});

describe('a node whose Redis goes away', () => {
  let database: TestDatabase;
  let upstream: FakeOpenAI;
  let redis: PrivateRedis;
  let node!: Node;

  beforeAll(async () => {
    upstream = await new FakeOpenAI('alone').start();
    redis = await PrivateRedis.start();
    database = await createTestDatabase('sqlite');
    node = await startNode(database, 'master', redis.url);
    await addChannel(node, upstream.baseUrl);
  });
  afterAll(async () => {
    await stopNode(node);
    redis.resume();
    await redis.kill();
    await database.drop();
    await upstream.stop();
  });

  it('keeps serving with limits counted in memory, and counts in Redis again once it is back', async () => {
    const { key } = await limitedKey(node, { rpm_limit: 3 });
    expect(await chat(node, key)).toBe(200);
    await redis.kill();
    await expect.poll(() => node.runtime.ctx.redis?.status, { timeout: 5000 }).not.toBe('ready');
    // In memory the window starts empty: three more are let in, the fourth refused; none fails.
    const whileDown = [];
    for (let i = 0; i < 4; i += 1) whileDown.push(await chat(node, key));
    expect(whileDown).toEqual([200, 200, 200, 429]);
    await redis.revive();
    await expect.poll(() => node.runtime.ctx.redis?.status, { timeout: 10_000, interval: 100 }).toBe('ready');
    // The fresh Redis has no count: the memory window (full) is no longer the one asked.
    expect(await chat(node, key)).toBe(200);
  }, 20_000);

  it('does not wait on a Redis that stopped answering, and frees the slot of an admission it granted late', async () => {
    const { key, id } = await limitedKey(node, { concurrency_limit: 5 });
    const direct = new Redis(redis.url);
    try {
      redis.pause();
      // The connection stays "ready": the first request waits for the timeout, the next ones not at all.
      expect(await Promise.all([chat(node, key), chat(node, key)])).toEqual([200, 200]);
      expect(await chat(node, key)).toBe(200);
      redis.resume();
      // Redis now runs the admission it had queued; the node gives that slot back at once.
      await expect.poll(() => direct.zcard(`tollgate:limit:k${id}:f`), { timeout: 5000 }).toBe(0);
      expect(await direct.exists(`tollgate:limit:k${id}:fs`)).toBe(1);
    } finally {
      redis.resume();
      direct.disconnect();
    }
  }, 20_000);
});
