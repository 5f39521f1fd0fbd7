import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/dsn.js';
import type { Database, NewLog } from '../../db/schema.js';
import { nowSeconds } from '../../lib/random.js';
import { emptyPending, type Pending } from './pending-usage.js';
import { logSlices } from './pending-logs.js';
import type { Reservation } from './reservation.js';
import type { RollupSample } from './rollup-cells.js';
import { upsertRollups } from './rollup-upserts.js';
import type { SqliteCounters } from './sqlite-counters.js';
import type { LogSink } from './log-sinks.js';

export interface Settlement {
  reservation: Reservation;
  /** What the request finally costs; 0 with `counted: false` is a refund of a failed request. */
  charged: number;
  counted: boolean;
  channelId: number;
  log?: NewLog;
  /** The request as the hourly usage rollups count it. */
  rollup?: RollupSample;
}

/** On SQLite, balances are written synchronously and logs by their sink (see the class comment). */
export interface SqliteStores {
  counters: SqliteCounters;
  logs: LogSink;
}

const BUSY_WAIT_MS = 5;
const MAX_BUSY_WAIT_MS = 5000;

/**
 * Settles requests off the response path: charges, refunds, counters and consume logs are summed in memory
 * and written in one transaction every interval. A failed write is merged back and retried; `close()`
 * writes everything still pending, so a graceful shutdown loses no accepted request's usage.
 *
 * On SQLite (`sqlite` given) the balances are written synchronously, in one step with taking them out of
 * memory: a balance is then always either pending here or in the database, never in between, which is
 * what lets the quota ledger read "database + pending" as the exact balance. Logs go to their sink as
 * they are recorded (the log-writer thread), and a flush waits until it has committed them.
 */
export class UsageWriter {
  private pending = emptyPending();
  /** The batch a PostgreSQL/MySQL flush is writing: not in the database until its transaction commits. */
  private writing: Pending | undefined;
  private timer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  private flushedListener?: (charges: ReadonlyMap<number, number>) => void;
  private flushTimeListener?: (seconds: number, ok: boolean) => void;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly intervalMs: number,
    private readonly onError: (error: unknown) => void = () => undefined,
    private readonly sqlite?: SqliteStores,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.flush().catch(this.onError), this.intervalMs);
    this.timer.unref();
  }

  record({ reservation, charged, counted, channelId, log, rollup }: Settlement): void {
    const { users, tokens, channels, logs } = this.pending;
    const user = users.get(reservation.userId) ?? { quota: 0, used: 0, requests: 0 };
    user.quota += reservation.amount - charged;
    if (counted) {
      user.used += charged;
      user.requests += 1;
    }
    users.set(reservation.userId, user);
    const token = tokens.get(reservation.tokenId) ?? { remain: 0, used: 0 };
    if (reservation.unlimitedToken) token.used += charged;
    else {
      token.remain += reservation.amount - charged;
      token.used += charged - reservation.amount;
    }
    tokens.set(reservation.tokenId, token);
    if (counted && channelId > 0) channels.set(channelId, (channels.get(channelId) ?? 0) + charged);
    if (log && this.sqlite) this.sqlite.logs.add(log);
    else if (log) logs.add(log);
    if (rollup) this.tally(rollup);
  }

  /**
   * Counts a request in the hourly rollups, with the logs: on SQLite through the log sink (committed in the
   * logs' transaction), elsewhere in the next flush's transaction. A failed request comes here alone.
   */
  tally(sample: RollupSample): void {
    if (this.sqlite) this.sqlite.logs.tally(sample);
    else this.pending.rollups.add(sample);
  }

  /**
   * Takes a reservation in memory only (the SQLite ledger): the user's and the key's balances drop now and
   * reach the database with the next flush, together with the settlement that follows.
   */
  hold(reservation: Reservation): void {
    const user = this.pending.users.get(reservation.userId) ?? { quota: 0, used: 0, requests: 0 };
    user.quota -= reservation.amount;
    this.pending.users.set(reservation.userId, user);
    if (reservation.unlimitedToken) return;
    const token = this.pending.tokens.get(reservation.tokenId) ?? { remain: 0, used: 0 };
    token.remain -= reservation.amount;
    token.used += reservation.amount;
    this.pending.tokens.set(reservation.tokenId, token);
  }

  /** How much the user's quota will change when what is pending (or being written) is in the database. */
  pendingUserQuota(userId: number): number {
    return (this.pending.users.get(userId)?.quota ?? 0) + (this.writing?.users.get(userId)?.quota ?? 0);
  }

  /** How much the key's remaining quota will change when what is pending (or being written) is in the database. */
  pendingTokenRemain(tokenId: number): number {
    return (this.pending.tokens.get(tokenId)?.remain ?? 0) + (this.writing?.tokens.get(tokenId)?.remain ?? 0);
  }

  creditUser(userId: number, amount: number): void {
    const user = this.pending.users.get(userId) ?? { quota: 0, used: 0, requests: 0 };
    user.quota += amount;
    this.pending.users.set(userId, user);
  }

  /** The flush writing a batch now (PostgreSQL/MySQL), if any. */
  writeInFlight(): Promise<void> | undefined {
    return this.writing ? this.flushing : undefined;
  }

  /** Told after each written batch what each user was charged in it (the quota reminder compares balances). */
  onFlushed(listener: (charges: ReadonlyMap<number, number>) => void): void {
    this.flushedListener = listener;
  }

  /** Told how long each flush took and whether it wrote (the metrics' flush duration). */
  onFlushTimed(listener: (seconds: number, ok: boolean) => void): void {
    this.flushTimeListener = listener;
  }

  /** Settlements waiting to be written: balance changes of users and keys, and consume logs. */
  get queueDepth(): number {
    return this.pending.users.size + this.pending.tokens.size + this.pending.logs.count;
  }

  /** Writes what is pending now; calls are serialised so two flushes never interleave. */
  flush(): Promise<void> {
    this.flushing = this.flushing.catch(() => undefined).then(() => (this.flushTimeListener ? this.timedWrite(this.flushTimeListener) : this.write()));
    return this.flushing;
  }

  private async timedWrite(listener: (seconds: number, ok: boolean) => void): Promise<void> {
    const startedAt = performance.now();
    let ok = false;
    try {
      await this.write();
      ok = true;
    } finally {
      listener((performance.now() - startedAt) / 1000, ok);
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
    await this.sqlite?.logs.close();
  }

  private async write(): Promise<void> {
    if (this.sqlite) return this.writeSqlite(this.sqlite);
    const batch = this.pending;
    if (batch.users.size === 0 && batch.tokens.size === 0 && batch.logs.count === 0 && batch.rollups.size === 0) return;
    this.pending = emptyPending();
    this.writing = batch;
    const cells = batch.rollups.take();
    try {
      await this.db.transaction().execute(async (trx) => {
        for (const [id, d] of batch.users) {
          await trx
            .updateTable('users')
            .set({ quota: sql`quota + ${d.quota}`, used_quota: sql`used_quota + ${d.used}`, request_count: sql`request_count + ${d.requests}` })
            .where('id', '=', id)
            .execute();
        }
        const accessed = nowSeconds();
        for (const [id, d] of batch.tokens) {
          await trx
            .updateTable('tokens')
            .set({ remain_quota: sql`remain_quota + ${d.remain}`, used_quota: sql`used_quota + ${d.used}`, accessed_time: accessed })
            .where('id', '=', id)
            .execute();
        }
        for (const [id, used] of batch.channels) {
          await trx.updateTable('channels').set({ used_quota: sql`used_quota + ${used}` }).where('id', '=', id).execute();
        }
        for (const chunk of batch.logs.chunks()) for (const logs of logSlices(chunk, 100)) await trx.insertInto('logs').values(logs).execute();
        await upsertRollups(trx, this.dialect, cells);
      });
    } catch (error) {
      this.writing = undefined;
      batch.rollups.restore(cells);
      this.mergeBack(batch);
      throw error;
    }
    this.writing = undefined;
    this.flushedListener?.(new Map([...batch.users].map(([id, d]) => [id, d.used])));
  }

  private async writeSqlite({ counters, logs }: SqliteStores): Promise<void> {
    const batch = this.pending;
    if (batch.users.size === 0 && batch.tokens.size === 0) return logs.flush();
    // Another transaction holds the connection (a console write in progress): wait for it to end.
    for (let waited = 0; counters.busy(); waited += BUSY_WAIT_MS) {
      if (waited >= MAX_BUSY_WAIT_MS) throw new Error('the database stayed inside another transaction; usage stays pending');
      await new Promise((resolve) => setTimeout(resolve, BUSY_WAIT_MS));
    }
    this.pending = emptyPending();
    try {
      counters.write(batch);
    } catch (error) {
      this.mergeBack(batch);
      throw error;
    }
    this.flushedListener?.(new Map([...batch.users].map(([id, d]) => [id, d.used])));
    await logs.flush();
  }

  private mergeBack(batch: Pending) {
    const current = this.pending;
    this.pending = batch;
    for (const [id, d] of current.users) {
      const u = batch.users.get(id) ?? { quota: 0, used: 0, requests: 0 };
      batch.users.set(id, { quota: u.quota + d.quota, used: u.used + d.used, requests: u.requests + d.requests });
    }
    for (const [id, d] of current.tokens) {
      const t = batch.tokens.get(id) ?? { remain: 0, used: 0 };
      batch.tokens.set(id, { remain: t.remain + d.remain, used: t.used + d.used });
    }
    for (const [id, used] of current.channels) batch.channels.set(id, (batch.channels.get(id) ?? 0) + used);
    batch.logs.append(current.logs.take());
    batch.rollups.restore(current.rollups.take());
  }
}
