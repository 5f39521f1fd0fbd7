import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../../test/eventually.js';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../app.js';
import { createRuntime, type Runtime } from '../../../bootstrap.js';
import { loadConfig } from '../../../config.js';
import { insertToken } from '../../../modules/tokens/tokens.repository.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../../../test/databases.js';
import { FakeOpenAI } from '../../../../test/fake-openai.js';
import { silentLogger, loginRoot } from '../../../../test/test-app.js';

const redisUrl = process.env.TEST_REDIS_URL;
const shared = databaseKinds.find((kind) => kind !== 'sqlite');
// Without Redis each node keeps its own breaker (SQLite shows it cheaply); with Redis they share one.
const setups = [{ kind: 'sqlite' as const, redis: false }, ...(redisUrl && shared ? [{ kind: shared, redis: true }] : [])];
// Long enough that a loaded machine cannot end it between two steps of a test.
const COOLDOWN_MS = 1500;

describe.each(setups)('channel breaker on two nodes sharing one $kind database (redis: $redis)', ({ kind, redis }) => {
  let database: TestDatabase;
  const nodes: { runtime: Runtime; app: FastifyInstance }[] = [];
  let flaky: FakeOpenAI;
  let steady: FakeOpenAI;
  let flakyId: number;
  const key = 'b'.repeat(48);

  beforeAll(async () => {
    flaky = await new FakeOpenAI('flaky').start();
    steady = await new FakeOpenAI('steady').start();
    flaky.behaviour = { fail: { status: 503, body: { error: { message: 'overloaded', type: 'server_error', code: '' } } } };
    database = await createTestDatabase(kind);
    for (const nodeType of ['master', 'slave']) {
      const env = { SESSION_SECRET: 'shared-secret', NODE_TYPE: nodeType, CRITICAL_RATE_LIMIT: '0', GLOBAL_API_RATE_LIMIT: '0', ...database.env, ...(redis && redisUrl ? { REDIS_CONN_STRING: redisUrl } : {}) };
      const runtime = await createRuntime(loadConfig(env), silentLogger);
      nodes.push({ runtime, app: await buildApp(runtime.ctx) });
    }
    const { ctx } = nodes[0]!.runtime;
    for (const [option, value] of Object.entries({ RetryTimes: '1', DefaultModelRatio: '1', ChannelBreakerMinRequests: '3', ChannelBreakerCooldown: String(COOLDOWN_MS / 1000) })) {
      await ctx.options.set(option, value);
    }
    await ctx.cacheSync.changed('options');
    const cookie = await loginRoot(nodes[0]!.app);
    const add = async (fields: Record<string, unknown>) =>
      (await nodes[0]!.app.inject({ method: 'POST', url: '/api/channel/', headers: { cookie }, payload: { type: 1, key: 'k', group: 'default', models: 'gpt-4o', ...fields } })).json<{ data: number }>().data;
    flakyId = await renumber(await add({ name: 'flaky', base_url: flaky.baseUrl, priority: 10 }));
    await add({ name: 'steady', base_url: steady.baseUrl });
    const root = await ctx.db.selectFrom('users').select('id').where('username', '=', 'root').executeTakeFirstOrThrow();
    await insertToken(ctx.db, ctx.dialect, { userId: root.id, name: 'breaker', key, unlimitedQuota: true });
    // Without Redis the second node would only see these at its next poll.
    for (const node of nodes) await Promise.all([node.runtime.ctx.relay.channels.reload(), node.runtime.ctx.options.reload()]);
  });
  afterAll(async () => {
    for (const node of nodes) {
      await node.app.close();
      await node.runtime.close();
    }
    await database.drop();
    await flaky.stop();
    await steady.stop();
  });

  /**
   * Moves the channel to an id no other test's database uses: the breakers of every Tollgate on the shared
   * test Redis hear each other, as the nodes of one cluster must.
   */
  async function renumber(id: number): Promise<number> {
    const { db, cacheSync } = nodes[0]!.runtime.ctx;
    const unique = 100_000 + Math.floor(Math.random() * 1_000_000_000);
    await db.updateTable('channels').set({ id: unique }).where('id', '=', id).execute();
    await db.updateTable('abilities').set({ channel_id: unique }).where('channel_id', '=', id).execute();
    await cacheSync.changed('channels');
    return unique;
  }

  const chat = async (node: number) => {
    const response = await nodes[node]!.app.inject({
      method: 'POST',
      url: '/v1/chat/completions',
      headers: { authorization: `Bearer sk-${key}` },
      payload: { model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] },
    });
    return response.json<{ choices: { message: { content: string } }[] }>().choices[0]?.message.content;
  };
  const state = (node: number) => nodes[node]!.runtime.ctx.relay.breakers.view(flakyId).state;

  it('opens on one node from its own failures', async () => {
    for (let i = 0; i < 3; i += 1) expect(await chat(0)).toBe('Hello from steady');
    expect(flaky.received).toHaveLength(3);
    expect(state(0)).toBe('open');
  });

  if (redis) {
    it('is open on the other node at once, which skips the channel too', async () => {
      await expect.poll(() => state(1), { timeout: 300, interval: 10 }).toBe('open');
      expect(await chat(1)).toBe('Hello from steady');
      expect(flaky.received).toHaveLength(3);
    });

    it('is open on a node that starts during the cooldown', async () => {
      const late = await createRuntime(loadConfig({ SESSION_SECRET: 'shared-secret', NODE_TYPE: 'slave', ...database.env, REDIS_CONN_STRING: redisUrl! }), silentLogger);
      try {
        expect(late.ctx.relay.breakers.view(flakyId).state).toBe('open');
      } finally {
        await late.close();
      }
    });

    it('lets a single probe through across both nodes after the cooldown, and closes on both', async () => {
      // The cooldown is over on both nodes (each counts it from when it heard of the opening).
      await eventually(() => state(0) === 'half-open' && state(1) === 'half-open');
      // The probe answers slowly; requests keep arriving at both nodes while it is in flight.
      flaky.behaviour = { delayMs: 400 };
      const pending: Promise<string | undefined>[] = [];
      for (let i = 0; i < 10; i += 1) {
        pending.push(chat(i % 2));
        // Arrivals paced over the probe's 400 ms: the load the test describes, not a wait.
        await sleep(20);
      }
      const answers = await Promise.all(pending);
      expect(flaky.received).toHaveLength(4);
      expect(answers.filter((answer) => answer === 'Hello from flaky')).toHaveLength(1);
      expect(state(0)).toBe('closed');
      await expect.poll(() => state(1), { timeout: 300, interval: 10 }).toBe('closed');
    });
  } else {
    it('stays closed on the other node, which keeps its own breaker', async () => {
      expect(state(1)).toBe('closed');
      expect(await chat(1)).toBe('Hello from steady');
      expect(flaky.received).toHaveLength(4);
    });
  }
});
