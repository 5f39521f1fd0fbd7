import type { Kysely, Selectable } from 'kysely';
import type { Database, LogsTable } from '../../db/schema.js';
import { logConditions, type LogFilter } from './log-filter.js';

/** Rows read per query: a page is the most an export holds in memory at once. */
export const EXPORT_PAGE_ROWS = 1000;

/**
 * Every log matching the filter, newest first, a page at a time: each page starts below the last id of the
 * previous one (keyset), so page n costs what page 1 does, and rows written meanwhile never shift the pages.
 */
export async function* logPages(db: Kysely<Database>, filter: LogFilter, pageRows = EXPORT_PAGE_ROWS): AsyncGenerator<Selectable<LogsTable>[]> {
  let below: number | undefined;
  for (;;) {
    let query = db.selectFrom('logs').selectAll().where(logConditions(filter));
    if (below !== undefined) query = query.where('id', '<', below);
    const rows = await query.orderBy('id', 'desc').limit(pageRows).execute();
    if (rows.length > 0) yield rows;
    if (rows.length < pageRows) return;
    below = rows[rows.length - 1]!.id;
  }
}
