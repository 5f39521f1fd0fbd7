import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { JournalMark } from './usage-journal.js';

/** How far a node's journal is in the database: balances and counters, and consume logs with rollups. */
export interface StoredMarks {
  counters: number;
  logs: number;
}

/** The node's stored marks; a node seen for the first time gets its row (at 0) for the flushes to update. */
export async function readMarks(db: Kysely<Database>, node: string): Promise<StoredMarks> {
  const row = await db.selectFrom('usage_journal_marks').select(['counters_seq', 'logs_seq']).where('node', '=', node).executeTakeFirst();
  if (row) return { counters: Number(row.counters_seq), logs: Number(row.logs_seq) };
  await db.insertInto('usage_journal_marks').values({ node, counters_seq: 0, logs_seq: 0 }).execute();
  return { counters: 0, logs: 0 };
}

/** Both marks, inside the transaction of a PostgreSQL/MySQL flush, which writes balances and logs together. */
export async function writeMarks(trx: Kysely<Database>, { node, seq }: JournalMark): Promise<void> {
  await trx.updateTable('usage_journal_marks').set({ counters_seq: seq, logs_seq: seq }).where('node', '=', node).execute();
}

/** A node whose journal closed empty keeps no row: its next start is a node of its own. */
export async function forgetMarks(db: Kysely<Database>, node: string): Promise<void> {
  await db.deleteFrom('usage_journal_marks').where('node', '=', node).execute();
}

/** On SQLite, the statements that move each mark, run inside the transaction that writes what it counts. */
export const SQLITE_COUNTERS_MARK = 'update usage_journal_marks set counters_seq = ? where node = ?';
/** `max`: a batch the log thread writes again after its first try committed must not move the mark back. */
export const SQLITE_LOGS_MARK = 'update usage_journal_marks set logs_seq = max(logs_seq, ?) where node = ?';
