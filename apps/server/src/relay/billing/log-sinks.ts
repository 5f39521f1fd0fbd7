import type { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';
import type { NewLog } from '../../db/schema.js';
import { siblingModule, startWorker } from '../../lib/start-worker.js';
import type { LogBatch, LogBatchDone, LogThreadData } from './log-writer-thread.js';
import { RollupCells, type RollupCell, type RollupSample } from './rollup-cells.js';
import { PendingLogs, type RowBytes } from './pending-logs.js';
import { logRow, SqliteLogRows, type LogRow } from './sqlite-log-rows.js';

/**
 * Where consume logs go on SQLite, with the usage rollups (committed with the logs of the same requests).
 * `flush` resolves once every log and rollup added before it is committed. `seq` is the usage journal's
 * sequence of the settlement a log or rollup belongs to (none for a failed request's tally).
 */
export interface LogSink {
  add(log: NewLog, seq?: number): void;
  tally(sample: RollupSample, seq?: number): void;
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** Logs gathered this long, or this many, go to the thread together. */
const GATHER_MS = 50;
const BATCH_ROWS = 500;

interface Batch {
  id: number;
  rows: RowBytes[];
  cells: RollupCell[];
  /** Resolves with why the batch was not written, or undefined once it is committed. */
  answered: Promise<string | undefined>;
  settle: (error: string | undefined) => void;
}

/**
 * Hands consume logs to the log-writer thread within GATHER_MS: short-lived on the main thread, they
 * die young instead of filling the old generation until the next flush, and their inserts, commits and
 * checkpoints cost the requests nothing. A batch stays here until the thread says it is committed; a
 * failed batch, or one a dead thread took with it, is sent again with the next (a new thread is
 * started), so no log is lost while the process lives. The thread keeps the process alive while it holds
 * a batch, and only then: a process with nothing else to do would otherwise exit before it is committed.
 *
 * One batch at a time is with the thread; what is added meanwhile goes with the next, when the thread has
 * answered. So the batches commit in the order their logs came, a failed one's logs first in the next:
 * whatever the thread has committed is every log up to some point, which is what lets each batch carry
 * the usage journal's logs mark (`journalNode` given), committed with its rows.
 */
export class ThreadLogSink implements LogSink {
  private worker: Worker | undefined;
  /** Logs not sent yet, those of a batch the thread could not write first. */
  private readonly gathered = new PendingLogs();
  private readonly cells = new RollupCells();
  private gatherTimer: NodeJS.Timeout | undefined;
  private nextId = 1;
  private inFlight: Batch | undefined;
  /** The highest journal sequence added: a batch sent now holds every journaled log up to it. */
  private through = 0;

  constructor(
    private readonly data: LogThreadData,
    private readonly journalNode?: string,
  ) {}

  add(log: NewLog, seq = 0): void {
    this.gathered.add(log);
    if (seq > this.through) this.through = seq;
    if (this.gathered.count >= BATCH_ROWS) this.send();
    else this.gatherTimer ??= setTimeout(() => this.send(), GATHER_MS);
  }

  tally(sample: RollupSample, seq = 0): void {
    this.cells.add(sample);
    if (seq > this.through) this.through = seq;
    this.gatherTimer ??= setTimeout(() => this.send(), GATHER_MS);
  }

  async flush(): Promise<void> {
    this.send();
    let batch = this.inFlight;
    // Added while a batch was with the thread: they go with the next, sent as it answers; wait for that one too.
    let waitForNext = this.holding();
    let error: string | undefined;
    while (batch) {
      error = await batch.answered;
      if (!waitForNext) break;
      waitForNext = false;
      batch = this.inFlight;
    }
    if (error) throw new Error(`consume logs were not written (${error}); they will be retried`);
  }

  async close(): Promise<void> {
    try {
      await this.flush();
    } finally {
      await this.worker?.terminate();
      this.worker = undefined;
    }
  }

  private holding(): boolean {
    return this.gathered.count > 0 || this.cells.size > 0;
  }

  private send(): void {
    clearTimeout(this.gatherTimer);
    this.gatherTimer = undefined;
    if (this.inFlight || !this.holding()) return;
    const rows = this.gathered.take();
    const cells = this.cells.take();
    const id = this.nextId++;
    let settle: Batch['settle'] = () => undefined;
    const answered = new Promise<string | undefined>((resolve) => {
      settle = resolve;
    });
    this.inFlight = { id, rows, cells, answered, settle };
    const mark = this.journalNode && this.through > 0 ? { node: this.journalNode, seq: this.through } : undefined;
    const thread = this.thread();
    thread.ref();
    // The rows go as the bytes they were serialised to as they came: V8's serialiser costs the main thread
    // about half of what postMessage's structured clone of the same rows does. The few cells are cloned.
    thread.postMessage({ id, rows, cells, ...(mark ? { mark } : {}) } satisfies LogBatch);
  }

  private answer({ id, error }: LogBatchDone) {
    const batch = this.inFlight;
    if (batch?.id !== id) return;
    this.inFlight = undefined;
    if (error) this.giveBack(batch);
    batch.settle(error);
    if (!this.holding()) {
      // Nothing left to commit: an idle thread must not keep the process alive.
      this.worker?.unref();
      return;
    }
    // What came meanwhile goes now; after a failure, not at once, which would spin on a database that refuses.
    if (error) this.gatherTimer ??= setTimeout(() => this.send(), GATHER_MS);
    else this.send();
  }

  private giveBack(batch: Batch) {
    this.gathered.putBack(batch.rows);
    this.cells.restore(batch.cells);
  }

  private thread(): Worker {
    if (!this.worker) {
      // The thread holds a batch at a time: a small heap keeps its memory small.
      const worker = startWorker(siblingModule('log-writer-thread', import.meta.url), this.data, { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 64 });
      worker.on('message', (done: LogBatchDone) => this.answer(done));
      worker.on('error', (error) => this.lost(worker, error.message));
      worker.on('exit', (code) => this.lost(worker, `the log writer thread exited with code ${code}`));
      this.worker = worker;
    }
    return this.worker;
  }

  /** The thread died: what it had not answered is sent again, to a new thread. */
  private lost(worker: Worker, reason: string) {
    if (this.worker !== worker) return;
    this.worker = undefined;
    const batch = this.inFlight;
    this.inFlight = undefined;
    if (!batch) return;
    this.giveBack(batch);
    batch.settle(reason);
    this.gatherTimer ??= setTimeout(() => this.send(), GATHER_MS);
  }
}

/** For an in-memory database, which no other connection can see: logs are written by the main connection at each flush. */
export class InlineLogSink implements LogSink {
  private gathered: LogRow[] = [];
  private readonly cells = new RollupCells();
  private readonly logRows: SqliteLogRows;

  constructor(sqlite: SQLite.Database) {
    this.logRows = new SqliteLogRows(sqlite);
  }

  add(log: NewLog): void {
    this.gathered.push(logRow(log));
  }

  tally(sample: RollupSample): void {
    this.cells.add(sample);
  }

  flush(): Promise<void> {
    const rows = this.gathered;
    this.gathered = [];
    const cells = this.cells.take();
    try {
      this.logRows.insert(rows, cells);
    } catch (error) {
      this.gathered = [...rows, ...this.gathered];
      this.cells.restore(cells);
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    return Promise.resolve();
  }

  close(): Promise<void> {
    return this.flush();
  }
}

/** The log sink for a SQLite connection: the writer thread for a database file (`journalNode`: see ThreadLogSink). */
export const logSinkFor = (sqlite: SQLite.Database, busyTimeoutMs: number, journalNode?: string): LogSink =>
  sqlite.memory ? new InlineLogSink(sqlite) : new ThreadLogSink({ file: sqlite.name, busyTimeoutMs }, journalNode);
