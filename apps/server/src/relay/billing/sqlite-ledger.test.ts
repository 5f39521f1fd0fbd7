import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventually } from '../../../test/eventually.js';
import { KeyStatusMarker } from '../auth/key-status-marker.js';
import { openDatabase, type DatabaseHandle } from '../../db/connection.js';
import { migrateToLatest } from '../../db/migrate.js';
import { Reserver, type Reservation } from './reservation.js';
import { SqliteCounters } from './sqlite-counters.js';
import { SqliteLedger } from './sqlite-ledger.js';
import { InlineLogSink } from './log-sinks.js';
import { UsageWriter } from './usage-writer.js';

describe('the SQLite quota ledger', () => {
  let dir: string;
  let handle: DatabaseHandle;
  let usage: UsageWriter;
  let ledger: SqliteLedger;
  let userId: number;
  let tokenId: number;
  let keysChanged: number;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-ledger-'));
    handle = await openDatabase({ dialect: 'sqlite', file: path.join(dir, 'one-api.db') }, { busyTimeoutMs: 1000, maxConnections: 1 });
    await migrateToLatest(handle.db, 'sqlite');
    const sqlite = handle.sqlite!;
    userId = Number(sqlite.prepare(`insert into users (username, password, quota) values ('u', 'x', 100)`).run().lastInsertRowid);
    tokenId = Number(sqlite.prepare(`insert into tokens (user_id, key, name, remain_quota, unlimited_quota) values (?, 'k', 'k', 50, 0)`).run(userId).lastInsertRowid);
    const writes = handle.sqliteWrites!;
    usage = new UsageWriter(handle.db, 'sqlite', 60_000, undefined, { counters: new SqliteCounters(sqlite, writes), logs: new InlineLogSink(sqlite) });
    keysChanged = 0;
    const statuses = new KeyStatusMarker(handle.db, 60_000, {
      flushUsage: () => usage.flush(),
      changed: async () => void (keysChanged += 1),
      onError: (error) => {
        throw error;
      },
    });
    ledger = new SqliteLedger(sqlite, writes, usage, new Reserver(handle.db, 'sqlite', statuses, usage), statuses);
  });
  afterEach(async () => {
    await handle.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const reservation = (amount: number, unlimitedToken = true): Reservation => ({ userId, tokenId, unlimitedToken, amount });
  const stored = async () => {
    const user = await handle.db.selectFrom('users').select(['quota', 'used_quota', 'request_count']).where('id', '=', userId).executeTakeFirstOrThrow();
    const token = await handle.db.selectFrom('tokens').select(['remain_quota', 'used_quota']).where('id', '=', tokenId).executeTakeFirstOrThrow();
    return { user, token };
  };

  it('holds reservations in memory and refuses the one the balance cannot cover', async () => {
    ledger.reserve(reservation(60));
    expect(() => ledger.reserve(reservation(60))).toThrow('user quota is not enough');
    ledger.reserve(reservation(40));
    expect((await stored()).user.quota).toBe(100);
    expect(() => ledger.reserve(reservation(1))).toThrow('user quota is not enough');
  });

  it('checks a limited key’s own balance too', () => {
    ledger.reserve(reservation(30, false));
    expect(() => ledger.reserve(reservation(30, false))).toThrow('token quota insufficient');
  });

  it('refuses a key with nothing left as used up (401) and stores it as exhausted once, counting what is not yet written', async () => {
    const first = reservation(40, false);
    ledger.reserve(first);
    usage.record({ reservation: first, charged: 50, counted: true, channelId: 0 });
    // Nothing is written yet: the key's 0 is database (50) plus pending (-50).
    const refusal = () => ledger.reserve(reservation(1, false));
    expect(refusal).toThrow(expect.objectContaining({ status: 401, message: `token k (#${tokenId}) quota used up`, code: 'token_quota_exhausted' }));
    expect(refusal).toThrow('quota used up');
    await vi.waitFor(async () => expect((await handle.db.selectFrom('tokens').select('status').where('id', '=', tokenId).executeTakeFirstOrThrow()).status).toBe(4));
    expect(keysChanged).toBe(1);
    expect((await stored()).token.remain_quota).toBe(0);
  });

  it('refuses a key with some quota left but not enough for the request with 403, and leaves its status alone', async () => {
    const refusal = () => ledger.reserve(reservation(51, false));
    expect(refusal).toThrow(expect.objectContaining({ status: 403, message: 'token quota insufficient', code: 'pre_consume_token_quota_failed' }));
    await usage.flush();
    expect(keysChanged).toBe(0);
    expect((await handle.db.selectFrom('tokens').select('status').where('id', '=', tokenId).executeTakeFirstOrThrow()).status).toBe(1);
  });

  it('writes exactly what was charged once settled and flushed, and the balance reads the same before and after', async () => {
    const first = reservation(40, false);
    ledger.reserve(first);
    usage.record({ reservation: first, charged: 25, counted: true, channelId: 0 });
    // 75 left for the user, 25 for the key, before the flush as after it.
    expect(() => ledger.reserve(reservation(26, false))).toThrow('token quota insufficient');
    await usage.flush();
    expect(await stored()).toEqual({ user: { quota: 75, used_quota: 25, request_count: 1 }, token: { remain_quota: 25, used_quota: 25 } });
    expect(() => ledger.reserve(reservation(26, false))).toThrow('token quota insufficient');
    ledger.reserve(reservation(25, false));
  });

  it('counts a console top-up at once, even with reservations not yet written', async () => {
    ledger.reserve(reservation(100));
    expect(() => ledger.reserve(reservation(50))).toThrow();
    await handle.db.updateTable('users').set({ quota: sql`quota + 50` }).where('id', '=', userId).execute();
    ledger.reserve(reservation(50));
    expect(() => ledger.reserve(reservation(1))).toThrow();
    await usage.flush();
    expect((await stored()).user.quota).toBe(0);
  });

  it('reads a balance once, until anything writes to the database', async () => {
    ledger.reserve(reservation(10));
    // A change that bypasses the process's own writers (none in the product) stays unseen...
    handle.sqlite?.prepare('update users set quota = 0 where id = ?').run(userId);
    ledger.reserve(reservation(10));
    // ...until any write through Kysely, here to another table, makes the ledger read again.
    await handle.db.updateTable('options').set({ value: 'x' }).where('key', '=', 'nothing').execute();
    expect(() => ledger.reserve(reservation(10))).toThrow('user quota is not enough');
  });

  it('writes logs in full and partial chunks, with every field', async () => {
    const log = (i: number) => ({ user_id: userId, username: 'u', created_at: 1_700_000_000 + i, type: 2, content: 'ratios', token_name: 'k', model_name: 'gpt-4o', quota: i, prompt_tokens: 3, completion_tokens: 4, channel_id: 7, request_id: `r${i}`, elapsed_time: 12, is_stream: i % 2 === 0, system_prompt_reset: false });
    for (let i = 0; i < 250; i += 1) usage.record({ reservation: reservation(0), charged: i, counted: true, channelId: 7, log: log(i) });
    await usage.flush();
    const rows = await handle.db.selectFrom('logs').selectAll().orderBy('id').execute();
    expect(rows).toHaveLength(250);
    const last = rows[249];
    expect({ ...last, is_stream: Boolean(last?.is_stream), system_prompt_reset: Boolean(last?.system_prompt_reset) }).toMatchObject(log(249));
    expect(rows.filter((row) => Boolean(row.is_stream))).toHaveLength(125);
  });

  it('never reads a transaction’s uncommitted rows: while one is open, reservations wait and update the row', async () => {
    let release!: () => void;
    const open = new Promise<void>((resolve) => (release = resolve));
    const transaction = handle.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ quota: 1000 }).where('id', '=', userId).execute();
      await open;
      throw new Error('rolled back');
    });
    await eventually(() => handle.sqlite?.inTransaction === true);
    const waiting = ledger.reserve(reservation(500));
    release();
    await expect(transaction).rejects.toThrow('rolled back');
    await expect(waiting).rejects.toThrow('user quota is not enough');
    expect((await stored()).user.quota).toBe(100);
  });
});
