import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/dsn.js';
import type { Database, NewLog } from '../../db/schema.js';
import { writePendingBatch } from './pending-batch-write.js';
import { addCredit, addHold, addSettlement, emptyPending, mergePending, type Pending } from './pending-usage.js';
import type { Reservation } from './reservation.js';
import type { RollupSample } from './rollup-cells.js';
import type { SqliteCounters } from './sqlite-counters.js';
import type { LogSink } from './log-sinks.js';
import type { JournalRecord, Settlement } from './journal-record.js';
import type { StoredMarks } from './journal-marks.js';
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
  ) {
    journal?.onWriteFailure((error) => this.onError(error));
  }

  start(): void {
    this.timer = setInterval(() => void this.flush().catch(this.onError), this.intervalMs);
    this.timer.unref();
  }

  /**
   * Settles a request. With a journal, the settlement is appended there first, and written at the end of the
   * event loop's turn: the answer's end waits for `journaled()`.
   */
  record(settlement: Settlement): void {
    const seq = this.journal ? this.journal.append(settlement, settlement.requestId ?? '') : 0;
    addSettlement(this.pending, settlement);
    this.applyLog(settlement, seq);
  }

  /** Resolves once the settlements recorded so far are in the journal; undefined on a node without one. */
  journaled(): Promise<void> | undefined {
    return this.journal?.written();
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
      if (heldAt !== undefined && heldAt > stored.counters) addHold(this.pending, record.reservation);
      addSettlement(this.pending, record);
    }
    if (record.seq > stored.logs) this.applyLog(record, record.seq);
  }

  private applyLog({ log, rollup }: Pick<Settlement, 'log' | 'rollup'>, seq: number): void {
    if (log && this.sqlite) this.sqlite.logs.add(log, seq);
    else if (log) this.pending.logs.add(log);
    if (rollup && this.sqlite) this.sqlite.logs.tally(rollup, seq);
    else if (rollup) this.pending.rollups.add(rollup);
  }

  /**
   * Counts a request in the hourly rollups, with the logs: on SQLite through the log sink (committed in the
   * logs' transaction), elsewhere in the next flush's transaction. A failed request comes here alone, with its
   * error log. Neither is journaled: they bill nothing, and a kill -9 loses at most the batch still pending.
   */
  tally(sample: RollupSample, log?: NewLog): void {
    this.applyLog({ log, rollup: sample }, 0);
  }

  /**
   * Takes a reservation in memory only (the SQLite ledger): the user's and the key's balances drop now and
   * reach the database with the next flush, together with the settlement that follows.
   */
  hold(reservation: Reservation): void {
    // A sequence of its own: a replay then knows whether the flush that wrote the balances included it.
    if (this.journal) reservation.heldAt = this.journal.tick();
    addHold(this.pending, reservation);
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
    addCredit(this.pending, userId, amount);
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
      await writePendingBatch(this.db, this.dialect, batch, cells, mark);
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

  /** A batch that failed to write goes back to pending, ahead of what came meanwhile. */
  private mergeBack(batch: Pending) {
    mergePending(batch, this.pending);
    this.pending = batch;
  }
}
