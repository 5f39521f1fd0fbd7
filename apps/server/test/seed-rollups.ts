import type { Insertable } from 'kysely';
import type { Database } from '../src/db/schema.js';
import { ROLLUP_COUNT_COLUMNS } from '../src/db/usage-rollups.js';

type RollupRow = Insertable<Database['usage_rollups']>;

/** A usage_rollups row with every sum 0 but those given. */
export function rollupRow(fields: Pick<RollupRow, 'hour' | 'user_id' | 'token_id' | 'channel_id' | 'model'> & Partial<RollupRow>): RollupRow {
  return { ...(Object.fromEntries(ROLLUP_COUNT_COLUMNS.map((c) => [c, 0])) as Record<(typeof ROLLUP_COUNT_COLUMNS)[number], number>), ...fields };
}
