import type SQLite from 'better-sqlite3';
import type { NewLog } from '../../db/schema.js';
import type { RollupCell } from './rollup-cells.js';
import { SqliteRollupRows } from './rollup-upserts.js';
import { SQLITE_LOGS_MARK } from './journal-marks.js';
import type { JournalMark } from './usage-journal.js';

/** The columns of a consume log, in the order the statements bind them. */
export const LOG_COLUMNS = [
  'user_id',
  'created_at',
  'type',
  'content',
  'username',
  'token_name',
  'model_name',
  'quota',
  'prompt_tokens',
  'completion_tokens',
  'channel_id',
  'request_id',
  'elapsed_time',
  'is_stream',
  'system_prompt_reset',
  'other',
] as const satisfies readonly (keyof NewLog)[];

/** A consume log as the insert statements bind it: its values in LOG_COLUMNS order. */
export type LogRow = (string | number | null)[];

export function logRow(log: NewLog): LogRow {
  return LOG_COLUMNS.map((column) => {
    const value = log[column];
    return typeof value === 'boolean' ? Number(value) : (value ?? null);
  });
}

/** Rows per statement: one prepared statement inserts a whole chunk. */
const CHUNK = 100;

const insertSql = (rows: number) => `insert into logs (${LOG_COLUMNS.join(', ')}) values ${Array.from({ length: rows }, () => `(${LOG_COLUMNS.map(() => '?').join(', ')})`).join(', ')}`;

/**
 * Inserts consume logs into SQLite synchronously, in one transaction per call, with statements prepared once;
 * the usage rollups of the same requests go in the same transaction, so the two always agree.
 */
export class SqliteLogRows {
  private readonly chunk;
  private readonly single;
  private readonly rollups;
  private markStatement: SQLite.Statement<[number, string]> | undefined;

  constructor(private readonly sqlite: SQLite.Database) {
    this.chunk = sqlite.prepare(insertSql(CHUNK));
    this.single = sqlite.prepare(insertSql(1));
    this.rollups = new SqliteRollupRows(sqlite);
  }

  /** `mark`: the journal's logs mark, committed with the rows (they hold every journaled log up to it). */
  insert(rows: readonly LogRow[], cells: readonly RollupCell[] = [], mark?: JournalMark): void {
    this.sqlite.transaction(() => {
      if (mark) {
        this.markStatement ??= this.sqlite.prepare<[number, string]>(SQLITE_LOGS_MARK);
        this.markStatement.run(mark.seq, mark.node);
      }
      this.rollups.add(cells);
      let start = 0;
      for (; start + CHUNK <= rows.length; start += CHUNK) this.chunk.run(rows.slice(start, start + CHUNK).flat());
      for (; start < rows.length; start += 1) this.single.run(rows[start]);
    })();
  }
}
