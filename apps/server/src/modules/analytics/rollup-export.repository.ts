import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { UsageRollupsTable } from '../../db/usage-rollups.js';
import type { AnalyticsScope } from './analytics-scope.js';

export type RollupRow = Selectable<UsageRollupsTable>;

/**
 * Every rollup row of the scope in primary-key order, a page at a time: each page starts after the key of the
 * previous page's last row (a row-value comparison on the primary key), never at an offset.
 */
export async function* rollupPages(db: Kysely<Database>, scope: AnalyticsScope, pageRows = 1000): AsyncGenerator<RollupRow[]> {
  let after: RollupRow | undefined;
  for (;;) {
    // The next page starts in the last page's hour: SQLite bounds an index range by the hour, not by a row value.
    let query = db
      .selectFrom('usage_rollups')
      .selectAll()
      .where('hour', '>=', after ? Number(after.hour) : scope.start)
      .where('hour', '<', scope.end);
    if (scope.userId !== undefined) query = query.where('user_id', '=', scope.userId);
    if (after) {
      const last = after;
      query = query.where((eb) => eb(eb.refTuple('hour', 'user_id', 'token_id', 'channel_id', 'model'), '>', eb.tuple(last.hour, last.user_id, last.token_id, last.channel_id, last.model)));
    }
    const rows = await query.orderBy('hour').orderBy('user_id').orderBy('token_id').orderBy('channel_id').orderBy('model').limit(pageRows).execute();
    if (rows.length > 0) yield rows;
    if (rows.length < pageRows) return;
    after = rows[rows.length - 1];
  }
}
