import type { Config } from '../config.js';
import { CacheSync } from '../cluster/cache-sync.js';
import { openDatabase, type DatabaseHandle } from '../db/connection.js';
import { parseDatabaseTarget } from '../db/dsn.js';
import { migrateToLatest } from '../db/migrate.js';
import type { ConfigTransferDeps } from '../modules/config-transfer/config-transfer.service.js';
import { OptionsStore } from '../options/options.store.js';

export interface CliDatabase extends ConfigTransferDeps {
  handle: DatabaseHandle;
  close(): Promise<void>;
}

/**
 * The server's database (SQL_DSN / SQLITE_PATH, as the server reads them), migrated, with what the
 * configuration service needs. Changes are announced through `cache_versions`, so running nodes pick them
 * up at their next poll (CACHE_POLL_INTERVAL) without Redis.
 */
export async function openCliDatabase(config: Config): Promise<CliDatabase> {
  const handle = await openDatabase(parseDatabaseTarget(config.SQL_DSN, config.SQLITE_PATH), { busyTimeoutMs: config.SQLITE_BUSY_TIMEOUT, maxConnections: 4 });
  try {
    await migrateToLatest(handle.db, handle.dialect);
    const options = new OptionsStore(handle.db);
    await options.reload();
    const cacheSync = new CacheSync(handle.db, undefined, config.CACHE_POLL_INTERVAL * 1000);
    return { handle, db: handle.db, dialect: handle.dialect, options, cacheSync, close: () => handle.destroy() };
  } catch (error) {
    await handle.destroy();
    throw error;
  }
}
