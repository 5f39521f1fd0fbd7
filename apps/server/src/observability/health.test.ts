import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../test/databases.js';
import { PrivateRedis } from '../../test/private-redis.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

/** Global limits of one request per window: a probe that were limited would be refused at its second call. */
const STRICT_LIMITS = { GLOBAL_API_RATE_LIMIT: '1', GLOBAL_WEB_RATE_LIMIT: '1', CRITICAL_RATE_LIMIT: '1' };

describe.each(databaseKinds)('/healthz and /readyz on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { ...STRICT_LIMITS, ...(process.env.TEST_REDIS_URL ? { REDIS_CONN_STRING: process.env.TEST_REDIS_URL } : {}) });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers both without a login and without a rate limit', async () => {
    for (let i = 0; i < 5; i += 1) {
      const health = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: 'ok' });
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok', ...(t.ctx.redis ? { redis: 'ok' } : {}) } });
    }
  });

  it('is not ready while a migration this version knows is missing from the database', async () => {
    const probe = await buildTestApp(kind);
    try {
      const { rows } = await sql<{ name: string }>`select name from tollgate_migrations order by name desc`.execute(probe.ctx.db);
      const last = rows[0]?.name ?? '';
      await sql`delete from tollgate_migrations where name = ${last}`.execute(probe.ctx.db);
      const ready = await probe.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'unavailable', checks: { database: 'ok', migrations: `not applied yet: ${last}` } });
    } finally {
      await probe.close();
    }
  });
});

describe('/readyz when a dependency is gone', () => {
  it('answers 503 naming the database once it no longer answers, while /healthz stays 200', async () => {
    const t = await buildTestApp('sqlite');
    try {
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      await t.ctx.db.destroy();
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      const body = ready.json<{ checks: Record<string, string> }>();
      expect(body.checks.database).not.toBe('ok');
      expect(body.checks.migrations).toBe('not checked: the database did not answer');
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await t.close().catch(() => undefined);
    }
  });

  it('answers 503 naming Redis once it is unreachable', async () => {
    const redis = await PrivateRedis.start();
    const t = await buildTestApp('sqlite', { REDIS_CONN_STRING: redis.url });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({ checks: { redis: 'ok' } });
      await redis.kill();
      // The client learns of the lost connection asynchronously: the probe may need a moment to see it.
      const readyz = () => t.app.inject({ method: 'GET', url: '/readyz' });
      await expect.poll(async () => (await readyz()).statusCode, { timeout: 5000, interval: 100 }).toBe(503);
      const ready = await readyz();
      expect(ready.statusCode).toBe(503);
      const body = ready.json<{ checks: Record<string, string> }>();
      expect(body.checks).toMatchObject({ database: 'ok', migrations: 'ok' });
      expect(body.checks.redis).not.toBe('ok');
    } finally {
      await t.close();
      await redis.kill();
    }
  });
});
