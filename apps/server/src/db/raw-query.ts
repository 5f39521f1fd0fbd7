import { CompiledQuery, type Kysely, type QueryResult } from 'kysely';
import type { Dialect } from './dsn.js';
import type { Database } from './schema.js';

/**
 * A statement for the relay's hot path, written once as SQL and sent without Kysely's query builder or
 * plugins: building and transforming a query tree costs more than the statement itself on SQLite.
 * Write it with `?` placeholders; PostgreSQL's `$n` are substituted once here.
 */
export function rawStatement(dialect: Dialect, text: string) {
  let n = 0;
  const sqlText = dialect === 'postgres' ? text.replace(/\?/g, () => `$${(n += 1)}`) : text;
  return (db: Kysely<Database>, parameters: readonly unknown[]): Promise<QueryResult<unknown>> => db.executeQuery(CompiledQuery.raw(sqlText, [...parameters]));
}

export const affectedRows = (result: QueryResult<unknown>): number => Number(result.numAffectedRows ?? 0);
