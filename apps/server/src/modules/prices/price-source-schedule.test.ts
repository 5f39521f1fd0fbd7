import { createHash } from 'node:crypto';
import { LogType, type ApiEnvelope } from '@tollgate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../../test/databases.js';
import { bundledPriceData, FakePriceSource, setPrice, type PriceData } from '../../../test/fake-price-source.js';
import { buildTestApp, loginRoot, type TestApp } from '../../../test/test-app.js';
import { nowSeconds } from '../../lib/random.js';
import { PriceSourceSchedule } from './price-source-schedule.js';
import { priceSourceDeps, PriceSourceUpdates } from './price-source.service.js';
import { fileOf } from './stored-price-source.js';

const sha256 = (data: PriceData) => createHash('sha256').update(JSON.stringify(data)).digest('hex');
const HOUR = 3600;

/**
 * The scheduled refresh (PriceSourceRefreshHours), driven by a clock the test moves: off by default, never at
 * start, due a period after the last fetch any node recorded, applying a new valid file on its own, doing
 * nothing for the same file, and keeping the prices in force when the source fails.
 */
describe.each(databaseKinds)('the scheduled price source refresh on %s', (kind) => {
  let t: TestApp;
  let cookie: string;
  const source = new FakePriceSource();
  let now = nowSeconds();
  let schedule: PriceSourceSchedule;
  let changed: PriceData;

  beforeAll(async () => {
    t = await buildTestApp(kind, { PRICE_SOURCE_URL: await source.start() });
    cookie = await loginRoot(t.app);
    schedule = new PriceSourceSchedule(new PriceSourceUpdates(priceSourceDeps(t.ctx)), { db: t.ctx.db, options: t.ctx.options, log: t.ctx.log, clock: () => now });
    changed = setPrice(await bundledPriceData(), 'anthropic', 'claude-sonnet-4-5', 'output_mtok', 16);
  });
  afterAll(async () => {
    schedule.stop();
    await t.close();
    await source.close();
  });

  const setHours = async (value: string) => (await t.app.inject({ method: 'PUT', url: '/api/option/', headers: { cookie }, payload: { key: 'PriceSourceRefreshHours', value } })).json<ApiEnvelope>();
  const inForce = () => fileOf(t.ctx.relay.priceSources.current)?.sha256;

  it('is off by default and fetches nothing', async () => {
    now += 1000 * HOUR;
    expect(await schedule.check()).toBe('off');
    expect(source.fetches).toBe(0);
  });

  it('takes a whole number of hours up to a year', async () => {
    for (const value of ['-1', '1.5', '8761', 'daily']) expect((await setHours(value)).message).toBe('PriceSourceRefreshHours must be a whole number from 0 to 8760');
    expect((await setHours('2')).success).toBe(true);
  });

  it('waits a period from the start before the first fetch', async () => {
    now = nowSeconds() + 2 * HOUR - 60;
    expect(await schedule.check()).toBe('not_due');
    expect(source.fetches).toBe(0);
  });

  it('keeps the prices in force when the file is broken, and tries again an hour later', async () => {
    now += 120;
    source.serve('<html>rate limited</html>');
    expect(await schedule.check()).toBe('failed');
    expect(inForce()).toBeUndefined();
    now += HOUR - 60;
    expect(await schedule.check()).toBe('not_due');
    expect(source.fetches).toBe(1);
  });

  it('applies a new valid file on its own, with a system log row', async () => {
    now += 60;
    source.serve(changed);
    expect(await schedule.check()).toBe('applied');
    expect(inForce()).toBe(sha256(changed));
    const trace = await t.ctx.db.selectFrom('logs').select(['username', 'content']).where('type', '=', LogType.System).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(trace).toEqual({ username: 'tollgate-schedule', content: expect.stringContaining('the scheduled refresh (PriceSourceRefreshHours) applied the price source file') });
    expect(trace.content).toContain('0 models added, 1 changed, 0 removed');
  });

  it('does nothing for the same file, and the next period counts from that fetch', async () => {
    now += 2 * HOUR;
    const revision = t.ctx.relay.priceSources.revision;
    expect(await schedule.check()).toBe('unchanged');
    expect(t.ctx.relay.priceSources.revision).toBe(revision);
    now += 2 * HOUR - 1;
    expect(await schedule.check()).toBe('not_due');
  });

  it('runs on its timer', async () => {
    const next = setPrice(structuredClone(changed), 'anthropic', 'claude-sonnet-4-5', 'output_mtok', 17);
    source.serve(next);
    now += 2 * HOUR;
    schedule.start(10);
    await expect.poll(inForce, { timeout: 5000, interval: 20 }).toBe(sha256(next));
    schedule.stop();
  });
});
