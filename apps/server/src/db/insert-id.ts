import type { InsertQueryBuilder, InsertResult } from 'kysely';
import type { Dialect } from './dsn.js';
import type { Database } from './schema.js';

type TableWithId = 'users' | 'tokens' | 'channels' | 'redemptions' | 'logs';

/** The id of an inserted row: RETURNING where the dialect has it, the driver's insert id on MySQL. */
export async function insertReturningId<T extends TableWithId>(dialect: Dialect, query: InsertQueryBuilder<Database, T, InsertResult>): Promise<number> {
  if (dialect === 'mysql') {
    const result = await query.executeTakeFirstOrThrow();
    return Number(result.insertId);
  }
  const row = (await (query as unknown as InsertQueryBuilder<Database, TableWithId, InsertResult>).returning('id').executeTakeFirstOrThrow()) as { id: number };
  return Number(row.id);
}
