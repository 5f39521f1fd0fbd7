import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { createRuntime, type Runtime } from '../bootstrap.js';
import { insertToken } from '../modules/tokens/tokens.repository.js';
import { loadConfig } from '../config.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test/databases.js';
import { silentLogger, loginRoot } from '../../test/test-app.js';

const redisUrl = process.env.TEST_REDIS_URL;
const setups = databaseKinds.flatMap((kind) => [
  { kind, redis: false },
  ...(redisUrl && kind !== 'sqlite' ? [{ kind, redis: true }] : []),
]);

describe.each(setups)('two nodes sharing one $kind database (redis: $redis)', ({ kind, redis }) => {
  let database: TestDatabase;
  const nodes: { runtime: Runtime; app: FastifyInstance }[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    for (const nodeType of ['master', 'slave']) {
      const env = { SESSION_SECRET: 'shared-secret', NODE_TYPE: nodeType, CRITICAL_RATE_LIMIT: '0', ...database.env, ...(redis && redisUrl ? { REDIS_CONN_STRING: redisUrl } : {}) };
      const runtime = await createRuntime(loadConfig(env), silentLogger);
      nodes.push({ runtime, app: await buildApp(runtime.ctx) });
    }
  });
  afterAll(async () => {
    for (const node of nodes) {
      await node.app.close();
      await node.runtime.close();
    }
    await database.drop();
  });

  it('accepts on one node the session cookie issued by the other', async () => {
    const cookie = await loginRoot(nodes[0]!.app);
    const self = await nodes[1]!.app.inject({ method: 'GET', url: '/api/user/self', headers: { cookie } });
    expect(self.json()).toMatchObject({ success: true, data: { username: 'root' } });
  });

  it('routes on the second node with a channel added and then disabled on the first', async () => {
    const [a, b] = [nodes[0]!, nodes[1]!];
    const cookie = await loginRoot(a.app);
    const created = await a.app.inject({ method: 'POST', url: '/api/channel/', headers: { cookie }, payload: { name: 'shared', type: 1, key: 'k', models: 'gpt-4o', group: 'default' } });
    const id = created.json().data as number;
    await expect.poll(() => b.runtime.ctx.relay.channels.table.select('default', 'gpt-4o')?.id, { timeout: 3000 }).toBe(id);
    const started = Date.now();
    await a.app.inject({ method: 'PUT', url: '/api/channel/', headers: { cookie }, payload: { id, status: 2 } });
    await expect.poll(() => b.runtime.ctx.relay.channels.table.select('default', 'gpt-4o'), { timeout: 3000, interval: 20 }).toBeUndefined();
    // Redis carries the change at once; without it the next poll (1 s) does.
    expect(Date.now() - started).toBeLessThan(redis ? 500 : 2500);
  });

  it('drops a cached key on the second node when the first disables its owner', async () => {
    const [a, b] = [nodes[0]!, nodes[1]!];
    const cookie = await loginRoot(a.app);
    await a.app.inject({ method: 'POST', url: '/api/user/', headers: { cookie }, payload: { username: 'shared', password: 'password123' } });
    const owner = await a.runtime.ctx.db.selectFrom('users').select('id').where('username', '=', 'shared').executeTakeFirstOrThrow();
    const key = 'k'.repeat(48);
    await insertToken(a.runtime.ctx.db, a.runtime.ctx.dialect, { userId: owner.id, name: 'k', key, unlimitedQuota: true });
    expect((await b.runtime.ctx.relay.keys.get(key))?.userStatus).toBe(1);
    await a.app.inject({ method: 'POST', url: '/api/user/manage', headers: { cookie }, payload: { username: 'shared', action: 'disable' } });
    await expect.poll(async () => (await b.runtime.ctx.relay.keys.get(key))?.userStatus, { timeout: 3000, interval: 20 }).toBe(2);
  });
});
