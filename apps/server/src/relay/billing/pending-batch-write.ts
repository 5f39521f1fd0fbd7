import { sql, type Kysely, type Transaction } from 'kysely';
import type { Dialect } from '../../db/dsn.js';
import type { Database } from '../../db/schema.js';
import { nowSeconds } from '../../lib/random.js';
import { writeMarks } from './journal-marks.js';
import { logSlices } from './pending-logs.js';
import type { Pending } from './pending-usage.js';
import type { RollupCell } from './rollup-cells.js';
import { upsertRollups } from './rollup-upserts.js';
import type { JournalMark } from './usage-journal.js';

/**
 * One batch of pending usage written in one PostgreSQL/MySQL transaction: balance deltas of users and keys,
 * channel counters, consume logs, rollup cells and, with a journal, how far the journal is (so the batch and
 * its mark commit together or not at all).
 */
export async function writePendingBatch(db: Kysely<Database>, dialect: Dialect, batch: Pending, cells: RollupCell[], mark: JournalMark | undefined): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await writeBalances(trx, batch);
    for (const chunk of batch.logs.chunks()) for (const logs of logSlices(chunk, 100)) await trx.insertInto('logs').values(logs).execute();
    await upsertRollups(trx, dialect, cells);
    if (mark) await writeMarks(trx, mark);
  });
}

async function writeBalances(trx: Transaction<Database>, batch: Pending): Promise<void> {
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
}
