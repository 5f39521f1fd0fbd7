/**
 * How long Tollgate's first start migrates a one-api v0.6.10 database with many logs:
 * `npx tsx bench/one-api-migration.ts [sqlite|postgres|mysql] [rows]` (PostgreSQL and MySQL through
 * TEST_PG_DSN / TEST_MYSQL_DSN, as the tests). Builds the schema one-api creates, fills `logs` in the
 * database itself, then times Tollgate's migrations (new columns, the log indexes, SQLite's statistics).
 */
import { sql } from 'kysely';
import { openDatabase } from '../apps/server/src/db/connection.js';
import { parseDatabaseTarget } from '../apps/server/src/db/dsn.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { createTestDatabase, type DatabaseKind } from '../apps/server/test/databases.js';
import { oneApiV0610Schema } from '../apps/server/test/one-api-v0.6.10-schema.js';

const kind = (process.argv[2] ?? 'sqlite') as DatabaseKind;
const rows = Number(process.argv[3] ?? 1_000_000);

/** A consume log per number 1..rows, spread over 500 users, 50 keys and 10 channels. */
const fill = (numbers: string, n: string, concat: (a: string, b: string) => string) => `
  insert into logs (user_id, created_at, type, content, username, token_name, model_name, quota, prompt_tokens, completion_tokens, channel_id)
  select ${n} % 500, 1700000000 + ${n}, 2, 'model ratio 0.08', ${concat("'user'", `${n} % 500`)}, ${concat("'key'", `${n} % 50`)}, 'gpt-4o-mini', 30, 100, 20, ${n} % 10 from ${numbers}`;
const pipes = (a: string, b: string) => `${a} || (${b})`;
const counter = `(with recursive c(n) as (select 1 union all select n + 1 from c where n < ${rows}) select n from c) numbers`;

const database = await createTestDatabase(kind);
const handle = await openDatabase(parseDatabaseTarget(database.env.SQL_DSN, database.env.SQLITE_PATH ?? ''), { busyTimeoutMs: 5000, maxConnections: 2 });
try {
  for (const statement of oneApiV0610Schema(kind)) await sql.raw(statement).execute(handle.db);
  const filling = Date.now();
  if (kind === 'postgres') {
    await sql.raw(fill(`generate_series(1, ${rows}) n`, 'n', pipes)).execute(handle.db);
  } else if (kind === 'mysql') {
    // Recursive CTEs stop at 1,000 rows by default: MariaDB and MySQL each name the limit differently.
    await sql.raw(`set session max_recursive_iterations = ${rows + 1}`).execute(handle.db).catch(() => undefined);
    await sql.raw(`set session cte_max_recursion_depth = ${rows + 1}`).execute(handle.db).catch(() => undefined);
    await sql.raw(fill(counter, 'n', (a, b) => `concat(${a}, ${b})`)).execute(handle.db);
  } else {
    await sql.raw(fill(counter, 'n', pipes)).execute(handle.db);
  }
  const migrating = Date.now();
  const applied = await migrateToLatest(handle.db, kind);
  console.log(JSON.stringify({ kind, rows, fillSeconds: (migrating - filling) / 1000, migrateSeconds: (Date.now() - migrating) / 1000, migrations: applied.length }));
} finally {
  await handle.destroy();
  await database.drop();
}
