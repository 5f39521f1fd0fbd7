import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Token } from '@tollgate/contract';
import { databaseKinds } from '../../../test/databases.js';
import { buildTestApp, login, register, NO_RATE_LIMITS, type TestApp } from '../../../test/test-app.js';

describe.each(databaseKinds)('the key cache on %s', (kind) => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await buildTestApp(kind, NO_RATE_LIMITS);
    await register(t.app, 'kc');
    const cookie = await login(t.app, 'kc', 'password123');
    const created = await t.app.inject({ method: 'POST', url: '/api/token/', headers: { cookie }, payload: { name: 'kc', unlimited_quota: true } });
    key = created.json<{ data: Token }>().data.key;
  });
  afterAll(() => t.close());

  /** Counts the reads of keys (the cache's only query on tokens) while `run` runs. */
  async function keyReads(run: () => Promise<unknown>): Promise<number> {
    const spy = vi.spyOn(t.ctx.db, 'selectFrom');
    try {
      await run();
      return spy.mock.calls.filter(([table]) => table === 'tokens').length;
    } finally {
      spy.mockRestore();
    }
  }

  it('reads a key once for many requests that arrive together, and they share its record', async () => {
    t.ctx.relay.keys.clear();
    let records: unknown[] = [];
    const reads = await keyReads(async () => {
      records = await Promise.all(Array.from({ length: 50 }, () => t.ctx.relay.keys.get(key)));
    });
    expect(reads).toBe(1);
    expect(new Set(records).size).toBe(1);
    expect(records[0]).toMatchObject({ tokenName: 'kc' });
  });

  it('reads again for requests after a clear, and keeps the newer read', async () => {
    t.ctx.relay.keys.clear();
    const reads = await keyReads(async () => {
      const before = t.ctx.relay.keys.get(key);
      t.ctx.relay.keys.clear();
      const after = t.ctx.relay.keys.get(key);
      expect(await after).not.toBe(await before);
    });
    expect(reads).toBe(2);
    // The read that began after the clear is the one kept: no third read.
    expect(await keyReads(() => t.ctx.relay.keys.get(key))).toBe(0);
  });

  it('remembers an unknown key briefly, read once', async () => {
    t.ctx.relay.keys.clear();
    expect(await keyReads(() => Promise.all([t.ctx.relay.keys.get('nope'), t.ctx.relay.keys.get('nope')]))).toBe(1);
    expect(await keyReads(() => t.ctx.relay.keys.get('nope'))).toBe(0);
  });
});
