import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../../test/databases.js';
import { FakeOpenAI } from '../../../test/fake-openai.js';
import { relayFixture, type RelayFixture } from '../../../test/relay-fixture.js';
import { CHANNEL_TEST_LOCK, channelTestRunner } from './channel-test-runner.js';

const redisUrl = process.env.TEST_REDIS_URL;

// Two nodes on one Redis. Each has its own database: the lock lives in Redis alone.
describe.skipIf(!redisUrl).each(databaseKinds)('channel test runs across nodes sharing Redis (%s)', (kind) => {
  const nodes: RelayFixture[] = [];
  let upstream: FakeOpenAI;
  let redis: Redis;

  beforeAll(async () => {
    upstream = await new FakeOpenAI('slow').start();
    upstream.behaviour = { delayMs: 300 };
    redis = new Redis(redisUrl ?? '');
    for (let i = 0; i < 2; i += 1) {
      const node = await relayFixture(kind, { REDIS_CONN_STRING: redisUrl ?? '' });
      node.ctx.notifyRoot = async () => undefined;
      await node.addChannel({ name: `slow-${i}`, base_url: upstream.baseUrl, models: 'gpt-4o-mini' });
      nodes.push(node);
    }
  });
  afterAll(async () => {
    for (const node of nodes) await node.close();
    redis.disconnect();
    await upstream.stop();
  });

  it('refuses a run on one node while another node runs, and frees the lock at the end', async () => {
    const [a, b] = [nodes[0]!, nodes[1]!];
    expect(await channelTestRunner(a.ctx).start('all', 'console')).toBe(true);
    expect(await redis.exists(CHANNEL_TEST_LOCK)).toBe(1);
    expect(await channelTestRunner(b.ctx).start('all', 'schedule')).toBe(false);
    const refused = await b.app.inject({ method: 'GET', url: '/api/channel/test?scope=all', headers: { cookie: b.rootCookie } });
    expect(refused.json()).toEqual({ success: false, message: 'a channel test is already running' });
    expect(channelTestRunner(b.ctx).running).toBe(false);

    await channelTestRunner(a.ctx).idle();
    expect(await redis.exists(CHANNEL_TEST_LOCK)).toBe(0);
    const started = await b.app.inject({ method: 'GET', url: '/api/channel/test?scope=all', headers: { cookie: b.rootCookie } });
    expect(started.json()).toMatchObject({ success: true });
    // And the other way round.
    expect(await channelTestRunner(a.ctx).start('disabled', 'console')).toBe(false);
    await channelTestRunner(b.ctx).idle();
    expect(await redis.exists(CHANNEL_TEST_LOCK)).toBe(0);
  });

  it('says so clearly when Redis cannot be asked for the lock', async () => {
    // A node of its own whose Redis connection is gone: every command fails at once.
    const lonely = await relayFixture(kind, { REDIS_CONN_STRING: redisUrl ?? '' });
    try {
      lonely.ctx.redis?.disconnect();
      const answer = await lonely.app.inject({ method: 'GET', url: '/api/channel/test?scope=all', headers: { cookie: lonely.rootCookie } });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ success: false, message: expect.stringContaining('Redis did not answer') });
      expect(channelTestRunner(lonely.ctx).running).toBe(false);
    } finally {
      await lonely.close();
    }
  });
});
