import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
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

/** A caching key of root's under a token id no other run uses: a shared Redis keeps entries across runs. */
async function cachingKey(node: Node): Promise<string> {
  const { db, dialect, cacheSync } = node.runtime.ctx;
  const owner = await db.selectFrom('users').select('id').where('username', '=', 'root').executeTakeFirstOrThrow();
  const id = 10_000_000 + Math.floor(Math.random() * 1_000_000_000);
  const key = `rc${id}`.padEnd(48, 'z');
  await insertToken(db, dialect, { id, userId: owner.id, name: `cache${id}`, key, unlimitedQuota: true, responseCache: true });
  await cacheSync.changed('keys');
  return key;
}

/** A question no earlier run asked: the shared Redis may still hold answers of other runs of this test. */
const question = () => `what is ${Math.random()}`;

const chat = (node: Node, key: string, content: string, stream = false) =>
  fetch(`${node.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-4o-mini', stream, messages: [{ role: 'user', content }] }),
  }).then(async (response) => ({ status: response.status, header: response.headers.get('x-tollgate-cache'), text: await response.text() }));

async function setUp(node: Node, baseUrl: string) {
  const cookie = await loginRoot(node.app);
  await node.app.inject({ method: 'POST', url: '/api/channel/', headers: { cookie }, payload: { name: 'upstream', type: 1, key: 'k', base_url: baseUrl, models: 'gpt-4o-mini', group: 'default' } });
}

describe.runIf(redisUrl)(`the response cache on two nodes sharing one Redis (${kind})`, () => {
  let database: TestDatabase;
  let upstream: FakeOpenAI;
  const nodes: Node[] = [];

  beforeAll(async () => {
    upstream = await new FakeOpenAI('shared').start();
    database = await createTestDatabase(kind);
    for (const nodeType of ['master', 'slave']) nodes.push(await startNode(database, nodeType, redisUrl ?? ''));
    await setUp(nodes[0]!, upstream.baseUrl);
    await eventually(() => nodes[1]!.runtime.ctx.relay.channels.table.select('default', 'gpt-4o-mini') !== undefined);
  });
  afterAll(async () => {
    for (const node of nodes) await stopNode(node);
    await database.drop();
    await upstream.stop();
  });

  it('answers on one node what the other kept, a stream as a stream, and keeps nothing in the database', async () => {
    const key = await cachingKey(nodes[0]!);
    for (const stream of [false, true]) {
      const asked = question();
      const calls = upstream.received.length;
      const first = await chat(nodes[0]!, key, asked, stream);
      expect(first).toMatchObject({ status: 200, header: 'miss' });
      await eventually(() => nodes[0]!.runtime.ctx.relay.responseCache.counts.stored > 0);
      const second = await eventually(async () => {
        const answer = await chat(nodes[1]!, key, asked, stream);
        return answer.header === 'hit' && answer;
      });
      expect(second.text).toBe(first.text);
      expect(upstream.received.length).toBe(calls + 1);
    }
    expect(nodes[0]!.runtime.ctx.relay.responseCache.store.kind).toBe('redis');
    expect(await nodes[0]!.runtime.ctx.db.selectFrom('response_cache').select('cache_key').execute()).toEqual([]);
  });
});

describe.runIf(redisUrl)('the response cache on a node whose Redis goes away', () => {
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
    await redis.kill();
    await database.drop();
    await upstream.stop();
  });

  it('serves uncached while Redis is down, says so in /readyz, and caches again once it is back', async () => {
    const key = await cachingKey(node);
    const asked = question();
    await chat(node, key, asked);
    await eventually(() => node.runtime.ctx.relay.responseCache.counts.stored > 0);
    expect((await chat(node, key, asked)).header).toBe('hit');
    await redis.kill();
    await expect.poll(() => node.runtime.ctx.redis?.status, { timeout: 5000 }).not.toBe('ready');
    const calls = upstream.received.length;
    for (let i = 0; i < 2; i += 1) expect(await chat(node, key, asked)).toMatchObject({ status: 200, header: 'miss' });
    expect(upstream.received.length).toBe(calls + 2);
    const ready = (await (await fetch(`${node.url}/readyz`)).json()) as { checks: Record<string, string> };
    expect(ready.checks.response_cache).toContain('redis store failed');
    await redis.revive();
    await expect.poll(() => node.runtime.ctx.redis?.status, { timeout: 10_000, interval: 100 }).toBe('ready');
    await chat(node, key, asked);
    await expect.poll(async () => (await chat(node, key, asked)).header, { timeout: 10_000, interval: 200 }).toBe('hit');
    await expect.poll(async () => ((await (await fetch(`${node.url}/readyz`)).json()) as { checks: Record<string, string> }).checks.response_cache, { timeout: 10_000 }).toBeUndefined();
  });
});
