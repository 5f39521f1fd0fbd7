import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { readMarks } from './journal-marks.js';
import type { UsageJournal } from './usage-journal.js';
import type { UsageWriter } from './usage-writer.js';

export interface Replayed {
  /** Records the previous process left in the journal. */
  found: number;
  /** Of those, the ones the database lacked (in part or whole), now written. */
  applied: number;
}

/**
 * At start-up, before the node serves: applies what the previous process journaled and the database lacks,
 * by the node's stored marks, and writes it with one flush, which moves the marks past it and deletes the
 * journal files it covers. A record the marks cover is skipped, so replaying twice (a crash during the
 * replay) charges nothing twice. A flush that fails throws: the node must not serve on balances that still
 * miss bills (its next start tries again).
 *
 * Reservations of requests that were in flight at the crash (never answered, so never settled) are not in
 * the journal. On SQLite a reservation only in memory is gone with the process, as if never taken; one the
 * last flush had written (on PostgreSQL and MySQL, every one) stays taken, as before the journal existed.
 */
export async function replayJournal(db: Kysely<Database>, journal: UsageJournal, usage: UsageWriter): Promise<Replayed> {
  const stored = await readMarks(db, journal.node);
  journal.continueAfter(Math.max(stored.counters, stored.logs));
  const records = journal.leftovers();
  let applied = 0;
  for (const record of records) {
    // The logs mark moves only with logs and rollups (on SQLite): a record with neither needs only its balances.
    const lacksLog = (record.log !== undefined || record.rollup !== undefined) && record.seq > stored.logs;
    if (record.seq <= stored.counters && !lacksLog) continue;
    usage.replay(record, stored);
    applied += 1;
  }
  await usage.flush();
  return { found: records.length, applied };
}
