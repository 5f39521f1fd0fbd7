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
 * `flush` resolves once every log and rollup added before it is committed.
 */
export interface LogSink {
  add(log: NewLog): void;
  tally(sample: RollupSample): void;
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** Logs gathered this long, or this many, go to the thread together. */
const GATHER_MS = 50;
const BATCH_ROWS = 500;

interface Batch {
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
 * batches, and only then: a process with nothing else to do would otherwise exit before they are committed.
 */
export class ThreadLogSink implements LogSink {
  private worker: Worker | undefined;
  /** Logs not sent yet, those of batches the thread could not write first. */
  private readonly gathered = new PendingLogs();
  private readonly cells = new RollupCells();
  private gatherTimer: NodeJS.Timeout | undefined;
  private nextId = 1;
  private readonly unanswered = new Map<number, Batch>();

  constructor(private readonly data: LogThreadData) {}

  add(log: NewLog): void {
    this.gathered.add(log);
    if (this.gathered.count >= BATCH_ROWS) this.send();
    else this.gatherTimer ??= setTimeout(() => this.send(), GATHER_MS);
  }

  tally(sample: RollupSample): void {
    this.cells.add(sample);
    this.gatherTimer ??= setTimeout(() => this.send(), GATHER_MS);
  }

  async flush(): Promise<void> {
    this.send();
    const errors = await Promise.all([...this.unanswered.values()].map((batch) => batch.answered));
    const error = errors.find((e) => e !== undefined);
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

  private send(): void {
    clearTimeout(this.gatherTimer);
    this.gatherTimer = undefined;
    if (this.gathered.count === 0 && this.cells.size === 0) return;
    const rows = this.gathered.take();
    const cells = this.cells.take();
    const id = this.nextId++;
    let settle: Batch['settle'] = () => undefined;
    const answered = new Promise<string | undefined>((resolve) => {
      settle = resolve;
    });
    this.unanswered.set(id, { rows, cells, answered, settle });
    const thread = this.thread();
    thread.ref();
    // The rows go as the bytes they were serialised to as they came: V8's serialiser costs the main thread
    // about half of what postMessage's structured clone of the same rows does. The few cells are cloned.
    thread.postMessage({ id, rows, cells } satisfies LogBatch);
  }

  private answer({ id, error }: LogBatchDone) {
    const batch = this.unanswered.get(id);
    if (!batch) return;
    this.unanswered.delete(id);
    if (error) {
      this.gathered.putBack(batch.rows);
      this.cells.restore(batch.cells);
    }
    batch.settle(error);
    // Nothing left to commit: an idle thread must not keep the process alive.
    if (this.unanswered.size === 0) this.worker?.unref();
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
    const batches = [...this.unanswered.values()];
    this.unanswered.clear();
    this.gathered.putBack(batches.flatMap((batch) => batch.rows));
    for (const batch of batches) {
      this.cells.restore(batch.cells);
      batch.settle(reason);
    }
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

/** The log sink for a SQLite connection: the writer thread for a database file. */
export const logSinkFor = (sqlite: SQLite.Database, busyTimeoutMs: number): LogSink =>
  sqlite.memory ? new InlineLogSink(sqlite) : new ThreadLogSink({ file: sqlite.name, busyTimeoutMs });
