import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import type { RollupCell } from './rollup-cells.js';
import { readRows, type RowBytes } from './pending-logs.js';
import { SqliteLogRows } from './sqlite-log-rows.js';
import type { JournalMark } from './usage-journal.js';

/**
 * The thread that writes consume logs into the SQLite file, on its own connection, so their index
 * updates, commits and WAL checkpoints never hold up the requests on the main thread. It answers each
 * batch once it is committed, or with why it was not.
 */
export interface LogThreadData {
  file: string;
  busyTimeoutMs: number;
}
export interface LogBatch {
  id: number;
  /** The consume logs, oldest first, serialised as they were added. */
  rows: RowBytes[];
  /** The usage rollups of the same requests (and of failed ones, which have no log): written in the same transaction. */
  cells: RollupCell[];
  /** The usage journal's logs mark: every journaled log and rollup up to it is in this batch or committed before. */
  mark?: JournalMark;
}
export interface LogBatchDone {
  id: number;
  error?: string;
}

const { file, busyTimeoutMs } = workerData as LogThreadData;
const connection = new SQLite(file, { timeout: busyTimeoutMs });
connection.pragma('synchronous = NORMAL');
const logRows = new SqliteLogRows(connection);

parentPort?.on('message', ({ id, rows, cells, mark }: LogBatch) => {
  let done: LogBatchDone = { id };
  try {
    logRows.insert(rows.flatMap(readRows), cells, mark);
  } catch (error) {
    done = { id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(done);
});
