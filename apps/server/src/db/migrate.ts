import { Migrator, type Kysely } from 'kysely';
import type { Dialect } from './dsn.js';
import { migrations } from './migrations/index.js';
import type { Database } from './schema.js';
import { refreshSqliteStatistics } from './sqlite-statistics.js';

export async function migrateToLatest(db: Kysely<Database>, dialect: Dialect): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations(dialect) },
    migrationTableName: 'tollgate_migrations',
    migrationLockTableName: 'tollgate_migrations_lock',
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  // Indexes a migration just added have no statistics yet; SQLite would plan around them blindly.
  if (dialect === 'sqlite') await refreshSqliteStatistics(db);
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
