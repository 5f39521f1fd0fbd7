import type { IndexSpec } from './one-api-tables.js';

/**
 * Indexes the log console needs beyond one-api's, chosen from SQLite query plans on a million rows
 * (bench/logs-query.ts). One-column indexes already serve "filter = ? order by id desc" on SQLite and
 * MySQL because their entries end in the row id; the admin username filter had none and scanned the table.
 * The consume-quota sums (log stat) read created_at, type and quota from one covering index instead of
 * the table. No index leads with type: SQLite would then sort every consume row to list a page.
 */
export const LOG_INDEXES: IndexSpec[] = [
  { name: 'idx_logs_username', columns: ['username'] },
  { name: 'idx_logs_created_at_type_quota', columns: ['created_at', 'type', 'quota'] },
];
