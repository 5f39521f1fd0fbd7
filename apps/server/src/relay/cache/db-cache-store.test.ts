import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { databaseKinds } from '../../../test/databases.js';
import { relayFixture, type RelayFixture } from '../../../test/relay-fixture.js';
import { DatabaseCacheStore, RESYNC_MS } from './db-cache-store.js';

const CAP = 10_000;
const ENTRY = 'x'.repeat(1000);

/**
 * The database store's total cap, checked against a running total rather than a sum per write: it still holds
 * for one node at once, and across two nodes of one database within what the other wrote since the last read.
 */
describe.each(databaseKinds)('the response cache table cap on %s', (kind) => {
  let f: RelayFixture;
  beforeAll(async () => {
    f = await relayFixture(kind);
  });
  afterAll(async () => {
    await f.close();
  });
  beforeEach(async () => {
    await f.ctx.db.deleteFrom('response_cache').execute();
  });

  const tableTotal = async () => (await f.ctx.db.selectFrom('response_cache').select('bytes').execute()).reduce((sum, row) => sum + Number(row.bytes), 0);
  const sums = (store: DatabaseCacheStore) => vi.spyOn(store as unknown as { total: () => Promise<number> }, 'total');
  const write = (store: DatabaseCacheStore, name: string, now: number) => store.set(name, 'scope', ENTRY, ENTRY.length, now, now + 60_000);

  it('sums the table only when the running total may pass the cap, and keeps one node under it', async () => {
    const store = new DatabaseCacheStore(f.ctx.db, () => CAP);
    const summed = sums(store);
    const now = 1_000_000;
    for (let i = 0; i < 10; i += 1) await write(store, `one-${i}`, now + i);
    // The first write read the sum; the nine after it, under the cap, read nothing.
    expect(summed).toHaveBeenCalledTimes(1);
    expect(await tableTotal()).toBe(CAP);
    await write(store, 'one-10', now + 10);
    // Past the cap: the oldest went until a tenth under.
    expect(await tableTotal()).toBeLessThanOrEqual(CAP * 0.9);
    expect(await f.ctx.db.selectFrom('response_cache').select('cache_key').where('cache_key', '=', 'one-0').executeTakeFirst()).toBeUndefined();
  });

  it("holds the cap across two nodes within the other node's writes since the last read, and at the next read", async () => {
    const a = new DatabaseCacheStore(f.ctx.db, () => CAP);
    const b = new DatabaseCacheStore(f.ctx.db, () => CAP);
    const now = 2_000_000;
    // Each node writes 6 entries, alternately: each counts only its own, so together they pass the cap...
    for (let i = 0; i < 6; i += 1) {
      await write(a, `a-${i}`, now + i);
      await write(b, `b-${i}`, now + i);
    }
    const over = await tableTotal();
    expect(over).toBeGreaterThan(CAP);
    // ...by no more than what the other node wrote since its last read: 5 entries.
    expect(over).toBeLessThanOrEqual(CAP + 5 * ENTRY.length + ENTRY.length);
    // The next write after RESYNC_MS reads the sum and evicts.
    await write(a, 'a-late', now + RESYNC_MS + 10);
    expect(await tableTotal()).toBeLessThanOrEqual(CAP * 0.9);
  });
});
