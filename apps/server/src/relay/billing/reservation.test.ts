import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, databaseKinds } from '../../../test/databases.js';
import { openDatabase, type DatabaseHandle } from '../../db/connection.js';
import { parseDatabaseTarget } from '../../db/dsn.js';
import { migrateToLatest } from '../../db/migrate.js';
import { KeyStatusMarker } from '../auth/key-status-marker.js';
import { Reserver, type PendingBalances } from './reservation.js';

/**
 * A batch being written: its commit is in the rows while the writer still counts it as pending, until the
 * flush's continuation runs. A reservation whose query lands in between must not be refused for it.
 */
describe.each(databaseKinds)('a reservation racing a batch write on %s', (kind) => {
  let handle: DatabaseHandle | undefined;
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await handle?.destroy();
    await drop?.();
  });

  it('is asked again once the write is seen, instead of counting the batch twice', async () => {
    const database = await createTestDatabase(kind);
    drop = database.drop;
    handle = await openDatabase(parseDatabaseTarget(database.env.SQL_DSN, database.env.SQLITE_PATH ?? ''), { busyTimeoutMs: 1000, maxConnections: 2 });
    await migrateToLatest(handle.db, kind);
    const { db } = handle;
    // 1500 before the batch; the batch charged 1000 beyond its reservations and has committed: 500 stored.
    await db.insertInto('users').values({ username: 'racer', password: 'x', quota: 500, role: 1, status: 1, used_quota: 0, request_count: 0, group: 'default' }).execute();
    const { id: userId } = await db.selectFrom('users').select('id').where('username', '=', 'racer').executeTakeFirstOrThrow();
    let pending = -1000;
    let finishWrite = () => undefined as void;
    const written = new Promise<void>((resolve) => (finishWrite = resolve));
    let waitedOn = () => undefined as void;
    const reserverWaits = new Promise<void>((resolve) => (waitedOn = resolve));
    const balances: PendingBalances = {
      pendingUserQuota: () => pending,
      pendingTokenRemain: () => 0,
      writeInFlight: () => {
        if (pending === 0) return undefined;
        waitedOn();
        return written;
      },
      creditUser: () => undefined,
    };
    const statuses = new KeyStatusMarker(db, 60_000, { flushUsage: async () => undefined, changed: async () => undefined, onError: () => undefined });
    const reserver = new Reserver(db, kind, statuses, balances);

    const reserving = reserver.reserve({ userId, tokenId: 0, unlimitedToken: true, amount: 14 });
    // Once the reserver waits on the write, the flush's continuation runs: the batch is no longer pending.
    await Promise.race([reserverWaits, reserving.catch(() => undefined)]);
    pending = 0;
    finishWrite();
    await expect(reserving).resolves.toBeUndefined();
    const { quota } = await db.selectFrom('users').select('quota').where('id', '=', userId).executeTakeFirstOrThrow();
    expect(Number(quota)).toBe(486);
    // With nothing being written, a balance that cannot pay is refused at once.
    pending = -1000;
    const refused = new Reserver(db, kind, statuses, { ...balances, writeInFlight: () => undefined });
    await expect(refused.reserve({ userId, tokenId: 0, unlimitedToken: true, amount: 14 })).rejects.toThrow(/user quota is not enough/);
  });

  it("gives the user's part back with the next batch when the key's query fails (a dropped connection)", async () => {
    const database = await createTestDatabase(kind);
    drop = database.drop;
    handle = await openDatabase(parseDatabaseTarget(database.env.SQL_DSN, database.env.SQLITE_PATH ?? ''), { busyTimeoutMs: 1000, maxConnections: 2 });
    await migrateToLatest(handle.db, kind);
    const { db } = handle;
    await db.insertInto('users').values({ username: 'cutoff', password: 'x', quota: 500, role: 1, status: 1, used_quota: 0, request_count: 0, group: 'default' }).execute();
    const { id: userId } = await db.selectFrom('users').select('id').where('username', '=', 'cutoff').executeTakeFirstOrThrow();
    const credited: [number, number][] = [];
    const balances: PendingBalances = { pendingUserQuota: () => 0, pendingTokenRemain: () => 0, writeInFlight: () => undefined, creditUser: (id, amount) => credited.push([id, amount]) };
    const statuses = new KeyStatusMarker(db, 60_000, { flushUsage: async () => undefined, changed: async () => undefined, onError: () => undefined });
    // The key's update fails as on a connection the server ended: its table is not there.
    await db.schema.alterTable('tokens').renameTo('tokens_away').execute();
    await expect(new Reserver(db, kind, statuses, balances).reserve({ userId, tokenId: 1, unlimitedToken: false, amount: 30 })).rejects.toThrow();
    expect(credited).toEqual([[userId, 30]]);
    await db.schema.alterTable('tokens_away').renameTo('tokens').execute();
  });
});
