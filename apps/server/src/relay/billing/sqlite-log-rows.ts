import type SQLite from 'better-sqlite3';
import type { NewLog } from '../../db/schema.js';

/** The columns of a consume log, in the order the statements bind them. */
const COLUMNS = [
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
] as const satisfies readonly (keyof NewLog)[];

/** Rows per statement: one prepared statement inserts a whole chunk. */
export const LOG_CHUNK = 100;

const insertSql = (rows: number) => `insert into logs (${COLUMNS.join(', ')}) values ${Array.from({ length: rows }, () => `(${COLUMNS.map(() => '?').join(', ')})`).join(', ')}`;

const value = (log: NewLog, column: (typeof COLUMNS)[number]) => {
  const v = log[column];
  return typeof v === 'boolean' ? Number(v) : (v ?? null);
};

/**
 * Inserts consume logs into SQLite synchronously, a chunk per call and per transaction, with statements
 * prepared once. No transaction is ever left open across an `await`, so the quota ledger never has to
 * fall back to writing while logs are being written; the usage writer yields between chunks.
 */
export class SqliteLogRows {
  private readonly full;
  private readonly single;

  constructor(private readonly sqlite: SQLite.Database) {
    this.full = sqlite.prepare(insertSql(LOG_CHUNK));
    this.single = sqlite.prepare(insertSql(1));
  }

  /** Inserts at most LOG_CHUNK logs in one transaction. */
  insert(logs: readonly NewLog[]): void {
    const values = (log: NewLog) => COLUMNS.map((column) => value(log, column));
    if (logs.length === LOG_CHUNK) {
      this.full.run(logs.flatMap(values));
      return;
    }
    this.sqlite.transaction(() => {
      for (const log of logs) this.single.run(values(log));
    })();
  }
}
