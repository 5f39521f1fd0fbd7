import { sql, type RawBuilder } from 'kysely';

/**
 * `column LIKE 'prefix%'` with any `%` or `_` the user typed taken literally. The ESCAPE character is
 * spelled out because SQLite has none by default and a backslash would need dialect-specific quoting.
 */
export function startsWith(column: string, prefix: string): RawBuilder<boolean> {
  const escaped = prefix.replace(/[!%_]/g, '!$&');
  return sql<boolean>`${sql.ref(column)} like ${`${escaped}%`} escape '!'`;
}
