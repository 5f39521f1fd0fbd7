import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createRuntime, type Runtime } from '../../bootstrap.js';
import { loadConfig } from '../../config.js';
import { insertToken } from '../../modules/tokens/tokens.repository.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../../test/databases.js';
import { FakeOpenAI } from '../../../test/fake-openai.js';
import { loginRoot, silentLogger } from '../../../test/test-app.js';

const redisUrl = process.env.TEST_REDIS_URL;
const setups = databaseKinds.flatMap((kind) => [{ kind, redis: false }, ...(redisUrl && kind !== 'sqlite' ? [{ kind, redis: true }] : [])]);

/** A chain saved on one node reaches the other through the options cache sync (at once with Redis, by polling without). */
describe.each(setups)('fallback chains across two nodes on $kind (redis: $redis)', ({ kind, redis }) => {
  let database: TestDatabase;
  const nodes: { runtime: Runtime; app: FastifyInstance }[] = [];
  let down: FakeOpenAI;
  let up: FakeOpenAI;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    down = await new FakeOpenAI('down').start();
    up = await new FakeOpenAI('up').start();
    down.behaviour = { fail: { status: 503, body: { error: { message: 'down', type: 'server_error' } } } };
    for (const nodeType of ['master', 'slave']) {
      const env = { SESSION_SECRET: 'shared-secret', NODE_TYPE: nodeType, CRITICAL_RATE_LIMIT: '0', GLOBAL_API_RATE_LIMIT: '0', ...database.env, ...(redis && redisUrl ? { REDIS_CONN_STRING: redisUrl } : {}) };
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
    await down.stop();
    await up.stop();
  });

  it('answers on the second node from the chain saved on the first', async () => {
    const [a, b] = [nodes[0]!, nodes[1]!];
    const cookie = await loginRoot(a.app);
    const put = (key: string, value: unknown) => a.app.inject({ method: 'PUT', url: '/api/option/', headers: { cookie }, payload: { key, value: JSON.stringify(value) } });
    expect((await put('ModelRatio', { 'fb-down': 3, 'fb-up': 1 })).json()).toMatchObject({ success: true });
    for (const [name, upstream, model] of [['down', down, 'fb-down'], ['up', up, 'fb-up']] as const) {
      const created = await a.app.inject({ method: 'POST', url: '/api/channel/', headers: { cookie }, payload: { name, type: 1, key: 'k', base_url: upstream.baseUrl, models: model, group: 'default' } });
      expect(created.json()).toMatchObject({ success: true });
    }
    const key = 'f'.repeat(48);
    await insertToken(a.runtime.ctx.db, a.runtime.ctx.dialect, { userId: 1, name: 'fallback', key, unlimitedQuota: true });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(b.app.server.address() as AddressInfo).port}/v1/chat/completions`;
    const ask = () => fetch(url, { method: 'POST', headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ model: 'fb-down', messages: [{ role: 'user', content: 'hi' }] }) });
    await expect.poll(() => b.runtime.ctx.relay.channels.table.select('default', 'fb-up')?.name, { timeout: 3000 }).toBe('up');
    expect((await ask()).status).toBe(503);

    const started = Date.now();
    expect((await put('ModelFallbacks', { '*': { 'fb-down': { chain: ['fb-up'] } } })).json()).toMatchObject({ success: true });
    await expect.poll(() => b.runtime.ctx.relay.fallbacks.chainOf('default', 'fb-down')?.models, { timeout: 3000, interval: 20 }).toEqual(['fb-up']);
    // Redis carries the change at once; without it the next poll (1 s) does.
    expect(Date.now() - started).toBeLessThan(redis ? 1000 : 3000);
    const answer = await ask();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-tollgate-fallback-model')).toBe('fb-up');
    expect(((await answer.json()) as { model: string }).model).toBe('fb-up');
  });
});
