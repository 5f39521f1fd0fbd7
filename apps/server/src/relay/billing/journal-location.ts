import path from 'node:path';
import type { DatabaseTarget } from '../../db/dsn.js';

/**
 * Where a node keeps its usage journal: in its data directory (the SQLite file's folder, ./data by default,
 * on every dialect), in a folder named after the database it bills. Records are only ever replayed into the
 * database they were written for: a node pointed at another database (or two test servers sharing ./data
 * with databases of their own) starts a journal of its own and leaves the other's alone.
 */
export function journalDir(dataDir: string, target: DatabaseTarget): string {
  return path.join(dataDir, 'usage-journal', safeName(databaseName(target)));
}

function databaseName(target: DatabaseTarget): string {
  switch (target.dialect) {
    case 'sqlite':
      return `sqlite-${path.basename(target.file)}`;
    case 'mysql':
      return `mysql-${target.host}-${target.port}-${target.database}`;
    case 'postgres': {
      // The password stays out of the folder name.
      const url = new URL(target.url);
      return `postgres-${url.hostname}-${url.port || 5432}-${url.pathname.replace(/^\//, '')}`;
    }
  }
}

const safeName = (name: string) => name.replace(/[^A-Za-z0-9._-]/g, '_');
