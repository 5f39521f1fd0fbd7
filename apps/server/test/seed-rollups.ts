import type { Insertable, Kysely } from 'kysely';
import type { Dialect } from '../src/db/dsn.js';
import type { Database } from '../src/db/schema.js';
import { ROLLUP_COUNT_COLUMNS } from '../src/db/usage-rollups.js';
import { upsertRollups } from '../src/relay/billing/rollup-upserts.js';

type RollupRow = Insertable<Database['usage_rollups']>;

/** A usage_rollups row with every sum 0 but those given. */
export function rollupRow(fields: Pick<RollupRow, 'hour' | 'user_id' | 'token_id' | 'channel_id' | 'model'> & Partial<RollupRow>): RollupRow {
  return { ...(Object.fromEntries(ROLLUP_COUNT_COLUMNS.map((c) => [c, 0])) as Record<(typeof ROLLUP_COUNT_COLUMNS)[number], number>), ...fields };
}

/** Adds hourly rows, and their daily sums, as the usage writer does. */
export async function addRollups(db: Kysely<Database>, dialect: Dialect, rows: RollupRow[]): Promise<void> {
  const cells = rows.map((row) => ({ period: row.hour, userId: row.user_id, tokenId: row.token_id, channelId: row.channel_id, model: row.model, counts: ROLLUP_COUNT_COLUMNS.map((c) => Number(row[c] ?? 0)) }));
  for (let i = 0; i < cells.length; i += 1000) await upsertRollups(db, dialect, cells.slice(i, i + 1000));
}
