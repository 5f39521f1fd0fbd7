import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/dsn.js';
import type { Database } from '../../db/schema.js';
import { nowSeconds } from '../../lib/random.js';
import { emptyPending, type Pending } from './pending-usage.js';
import { logSlices } from './pending-logs.js';
import type { Reservation } from './reservation.js';
import type { RollupSample } from './rollup-cells.js';
import { upsertRollups } from './rollup-upserts.js';
import type { SqliteCounters } from './sqlite-counters.js';
import type { LogSink } from './log-sinks.js';
import type { JournalRecord, Settlement } from './journal-record.js';
import { writeMarks, type StoredMarks } from './journal-marks.js';
import type { JournalMark, UsageJournal } from './usage-journal.js';

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
 *
 * With a journal (`journal` given), each settlement is appended to it before it is applied here, and each
 * flush writes how far the journal is with what it writes (see UsageJournal): a process killed between
 * two flushes loses no answered request's bill, as the next start replays what the database lacks.
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
    private readonly journal?: UsageJournal,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.flush().catch(this.onError), this.intervalMs);
    this.timer.unref();
  }

  /**
   * Settles a request. With a journal, the settlement is written there first: a charge that cannot be
   * written throws before anything is applied, so its answer is not sent (the caller gives the reservation
   * back). A refund is applied whatever happens to its record: giving a reservation back must not fail.
   */
  record(settlement: Settlement): void {
    let seq = 0;
    if (this.journal) {
      const { reservation, charged, counted, channelId, log, rollup, requestId = '' } = settlement;
      const record = { requestId, reservation, charged, counted, channelId, ...(log ? { log } : {}), ...(rollup ? { rollup } : {}) };
      if (counted) seq = this.journal.append(record);
      else {
        try {
          seq = this.journal.append(record);
        } catch (error) {
          seq = this.journal.tick();
          this.onError(error);
        }
      }
    }
    this.applyBalances(settlement);
    this.applyLog(settlement, seq);
  }

  /**
   * Applies a record a previous process journaled and the database lacks, as the stored marks tell: its
   * balances past the counters mark (with its reservation first, if that was still only in memory), its log
   * and rollup past the logs mark. Nothing is journaled again: the record stays in its file until the flush
   * that writes it commits a mark covering it.
   */
  replay(record: JournalRecord, stored: StoredMarks): void {
    if (record.seq > stored.counters) {
      const { heldAt } = record.reservation;
      if (heldAt !== undefined && heldAt > stored.counters) this.holdBalances(record.reservation);
      this.applyBalances(record);
    }
    if (record.seq > stored.logs) this.applyLog(record, record.seq);
  }

  private applyLog({ log, rollup }: Pick<Settlement, 'log' | 'rollup'>, seq: number): void {
    if (log && this.sqlite) this.sqlite.logs.add(log, seq);
    else if (log) this.pending.logs.add(log);
    if (rollup && this.sqlite) this.sqlite.logs.tally(rollup, seq);
    else if (rollup) this.pending.rollups.add(rollup);
  }

  private applyBalances({ reservation, charged, counted, channelId }: Settlement): void {
    const { users, tokens, channels } = this.pending;
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
    // A sequence of its own: a replay then knows whether the flush that wrote the balances included it.
    if (this.journal) reservation.heldAt = this.journal.tick();
    this.holdBalances(reservation);
  }

  private holdBalances(reservation: Reservation): void {
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

  /** Answers whether the journal closed empty (everything it held is written), when there is one. */
  async close(): Promise<{ journalEmpty: boolean } | undefined> {
    clearInterval(this.timer);
    try {
      await this.flush();
      await this.sqlite?.logs.close();
    } catch (error) {
      // What was not written stays in the journal, for the next start.
      this.journal?.close();
      throw error;
    }
    const closed = this.journal?.close();
    return closed && { journalEmpty: closed.empty };
  }

  private async write(): Promise<void> {
    if (this.sqlite) return this.writeSqlite(this.sqlite);
    const batch = this.pending;
    if (batch.users.size === 0 && batch.tokens.size === 0 && batch.logs.count === 0 && batch.rollups.size === 0) {
      // Nothing pending, nothing being written: every journaled settlement is in the database (replayed files too).
      const mark = this.markNow();
      if (mark) this.journal?.committed(mark.seq);
      return;
    }
    this.pending = emptyPending();
    const mark = this.markNow();
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
        if (mark) await writeMarks(trx, mark);
      });
    } catch (error) {
      this.writing = undefined;
      batch.rollups.restore(cells);
      this.mergeBack(batch);
      throw error;
    }
    this.writing = undefined;
    if (mark) this.journal?.committed(mark.seq);
    this.flushedListener?.(new Map([...batch.users].map(([id, d]) => [id, d.used])));
  }

  /** The journal's mark for a batch taken now (its file is rotated at the same step), if there is a journal. */
  private markNow(): JournalMark | undefined {
    return this.journal && { node: this.journal.node, seq: this.journal.rotate() };
  }

  private async writeSqlite({ counters, logs }: SqliteStores): Promise<void> {
    const batch = this.pending;
    if (batch.users.size === 0 && batch.tokens.size === 0) {
      // No settlement since the last batch, whose balances are written: once the logs are, so is the journal.
      const mark = this.markNow();
      await logs.flush();
      if (mark) this.journal?.committed(mark.seq);
      return;
    }
    // Another transaction holds the connection (a console write in progress): wait for it to end.
    for (let waited = 0; counters.busy(); waited += BUSY_WAIT_MS) {
      if (waited >= MAX_BUSY_WAIT_MS) throw new Error('the database stayed inside another transaction; usage stays pending');
      await new Promise((resolve) => setTimeout(resolve, BUSY_WAIT_MS));
    }
    this.pending = emptyPending();
    const mark = this.markNow();
    try {
      counters.write(batch, mark);
    } catch (error) {
      this.mergeBack(batch);
      throw error;
    }
    this.flushedListener?.(new Map([...batch.users].map(([id, d]) => [id, d.used])));
    // The logs of the settlements up to the mark are with the sink, which commits them (and its own mark).
    await logs.flush();
    if (mark) this.journal?.committed(mark.seq);
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
