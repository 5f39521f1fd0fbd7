import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dsn.js';
import { indexExists } from './ensure-table.js';

/**
 * one-api before v0.6.2 declared channels.key `not null;index`, which GORM made a varchar(191) with an index
 * on MySQL: a longer key (a Vertex AI service account, AWS credentials) failed to insert with a 500. one-api
 * v0.6.2 widened it to text and dropped idx_channels_key on MySQL (a TEXT column cannot be indexed whole);
 * Tollgate does the same on such a database, keeping the column's nullability. On PostgreSQL and SQLite the
 * column is text without a length limit already.
 */
export async function widenChannelKey(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'mysql') return;
  const { rows } = await sql<{ type: string; nullable: string }>`
    select data_type as type, is_nullable as nullable from information_schema.columns
    where table_schema = database() and table_name = 'channels' and column_name = 'key'`.execute(db);
  const column = rows[0];
  if (!column || !['varchar', 'char'].includes(column.type.toLowerCase())) return;
  if (await indexExists(db, dialect, 'channels', 'idx_channels_key')) await sql`drop index idx_channels_key on channels`.execute(db);
  await sql`alter table channels modify ${sql.id('key')} text${column.nullable === 'NO' ? sql` not null` : sql``}`.execute(db);
}
