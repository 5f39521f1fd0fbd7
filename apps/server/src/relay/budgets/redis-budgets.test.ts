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
import { spendKey } from './redis-spend.js';
import { silentLogger, loginRoot } from '../../../test/test-app.js';

const redisUrl = process.env.TEST_REDIS_URL;
const kind = databaseKinds.includes('postgres') ? 'postgres' : 'sqlite';
/** Every call costs exactly this: ModelRequestPrice $0.002 x QuotaPerUnit 500000, reserved and charged. */
const CALL = 1000;

interface Node {
  runtime: Runtime;
  app: FastifyInstance;
  url: string;
}

async function startNode(database: TestDatabase, nodeType: string, redis: string): Promise<Node> {
  const env = { SESSION_SECRET: 'shared-secret', NODE_TYPE: nodeType, CRITICAL_RATE_LIMIT: '0', GLOBAL_API_RATE_LIMIT: '0', REDIS_CONN_STRING: redis, SYNC_FREQUENCY: '1', ...database.env };
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

/** A key with a daily budget, under a token id no other run uses: the counters in the shared Redis are named by token id. */
async function budgetedKey(node: Node, amount: number): Promise<{ key: string; id: number }> {
  const { db, dialect, cacheSync } = node.runtime.ctx;
  const owner = await db.selectFrom('users').select('id').where('username', '=', 'root').executeTakeFirstOrThrow();
  const id = 10_000_000 + Math.floor(Math.random() * 1_000_000_000);
  const key = `bg${id}`.padEnd(48, 'z');
  await insertToken(db, dialect, { id, userId: owner.id, name: `budget${id}`, key, unlimitedQuota: true, budget: { budget_amount: amount, budget_period: 'day' } });
  await cacheSync.changed('keys');
  return { key, id };
}

const chat = (node: Node, key: string) =>
  fetch(`${node.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
  }).then(async (response) => {
    await response.arrayBuffer();
    return response.status;
  });

async function setUp(node: Node, baseUrl: string) {
  const cookie = await loginRoot(node.app);
  await node.app.inject({ method: 'POST', url: '/api/channel/', headers: { cookie }, payload: { name: 'upstream', type: 1, key: 'k', base_url: baseUrl, models: 'gpt-4o-mini', group: 'default' } });
  await node.app.inject({ method: 'PUT', url: '/api/option/', headers: { cookie }, payload: { key: 'ModelRequestPrice', value: '{"gpt-4o-mini":0.002}' } });
}

describe.runIf(redisUrl)(`budgets on two nodes sharing one Redis (${kind})`, () => {
  let database: TestDatabase;
  let upstream: FakeOpenAI;
  const nodes: Node[] = [];

  beforeAll(async () => {
    upstream = await new FakeOpenAI('shared').start();
    database = await createTestDatabase(kind);
    for (const nodeType of ['master', 'slave']) nodes.push(await startNode(database, nodeType, redisUrl ?? ''));
    await setUp(nodes[0]!, upstream.baseUrl);
    await eventually(() => nodes[1]!.runtime.ctx.relay.channels.table.select('default', 'gpt-4o-mini') !== undefined && nodes[1]!.runtime.ctx.options.str('ModelRequestPrice').includes('0.002'));
  });
  afterAll(async () => {
    for (const node of nodes) await stopNode(node);
    await database.drop();
    await upstream.stop();
  });

  it('never lets requests spread over both nodes spend past a key’s budget, and both see the same spend', async () => {
    const { key, id } = await budgetedKey(nodes[0]!, 5 * CALL);
    const statuses = await Promise.all(Array.from({ length: 14 }, (_, i) => chat(nodes[i % 2]!, key)));
    expect(statuses.filter((status) => status === 200).length).toBe(5);
    expect(statuses.filter((status) => status === 429).length).toBe(9);
    const scope = { id: `k${id}`, owner: 'key' as const, budget: { amount: 5 * CALL, period: 'day' as const }, userId: 1, tokenId: id };
    for (const node of nodes) await expect.poll(async () => (await node.runtime.ctx.relay.budgets.ledger.spent(scope, 'UTC')).spent).toBe(5 * CALL);
  });
});

describe('budgets on a node whose Redis goes away', () => {
  let database: TestDatabase;
  let upstream: FakeOpenAI;
  let redis: PrivateRedis;
  let node!: Node;

  beforeAll(async () => {
    upstream = await new FakeOpenAI('alone').start();
    redis = await PrivateRedis.start();
    database = await createTestDatabase('sqlite');
    node = await startNode(database, 'master', redis.url);
    await setUp(node, upstream.baseUrl);
  });
  afterAll(async () => {
    await stopNode(node);
    redis.resume();
    await redis.kill();
    await database.drop();
    await upstream.stop();
  });

  it('keeps serving, counts in memory from the usage rollups, says so in /readyz, and counts in Redis again once it is back', async () => {
    const { key } = await budgetedKey(node, 3 * CALL);
    expect(await chat(node, key)).toBe(200);
    await node.runtime.ctx.relay.usage.flush();
    await redis.kill();
    await expect.poll(() => node.runtime.ctx.redis?.status, { timeout: 5000 }).not.toBe('ready');
    // The memory count starts at the 1000 the rollups hold: two more calls fit, the third is refused; none fails.
    const whileDown = [];
    for (let i = 0; i < 3; i += 1) whileDown.push(await chat(node, key));
    expect(whileDown).toEqual([200, 200, 429]);
    const ready = await fetch(`${node.url}/readyz`);
    expect(((await ready.json()) as { checks: Record<string, string> }).checks.budgets).toBe('counted in this node’s memory: Redis is unreachable');
    await node.runtime.ctx.relay.usage.flush();
    await redis.revive();
    await expect.poll(() => node.runtime.ctx.redis?.status, { timeout: 10_000, interval: 100 }).toBe('ready');
    // The fresh Redis starts the counter from the rollups (3000): the budget stays used up.
    await expect.poll(() => chat(node, key), { timeout: 10_000, interval: 200 }).toBe(429);
    await expect.poll(async () => ((await (await fetch(`${node.url}/readyz`)).json()) as { checks: Record<string, string> }).checks.budgets, { timeout: 10_000 }).toBeUndefined();
  }, 30_000);

  it('does not wait on a Redis that stopped answering, and gives back a hold it made late', async () => {
    const { key, id } = await budgetedKey(node, 10 * CALL);
    await expect.poll(() => chat(node, key), { timeout: 10_000, interval: 200 }).toBe(200);
    const counter = spendKey(`k${id}`, node.runtime.ctx.relay.budgets.ledger.periods.bounds('day', 'UTC', Date.now()).start);
    const direct = new Redis(redis.url);
    try {
      const before = Number(await direct.get(counter));
      expect(before).toBeGreaterThanOrEqual(CALL);
      redis.pause();
      // The connection stays "ready": this request waits for the 1 s timeout, then is counted in memory.
      expect(await chat(node, key)).toBe(200);
      redis.resume();
      // Redis now runs the hold it had queued; the node takes it back, so the counter is where it was.
      await expect.poll(async () => Number(await direct.get(counter)), { timeout: 5000 }).toBe(before);
    } finally {
      redis.resume();
      direct.disconnect();
    }
  }, 20_000);
});
