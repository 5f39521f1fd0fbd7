import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { buildApp } from '../src/app.js';
import { createRuntime } from '../src/bootstrap.js';
import { loadConfig } from '../src/config.js';
import type { AppContext } from '../src/context.js';
import { openDatabase } from '../src/db/connection.js';
import { parseDatabaseTarget } from '../src/db/dsn.js';
import { createTestDatabase, type DatabaseKind } from './databases.js';
import { FakeOpenAI } from './fake-openai.js';
import { oneApiV060Schema } from './one-api-v0.6.0-schema.js';
import { oneApiV0610Schema } from './one-api-v0.6.10-schema.js';
import { seedOneApiV06 } from './one-api-v0.6-rows.js';
import { columnShapes, indexNames, tableRows, type ColumnShape, type LooseDatabase } from './schema-snapshot.js';
import { silentLogger } from './test-app.js';

export const ONE_API_TABLES = ['users', 'tokens', 'channels', 'abilities', 'options', 'redemptions', 'logs'];

/** The one-api releases whose databases are built here: the last of v0.6 and the first. */
const SCHEMAS = { 'v0.6.10': oneApiV0610Schema, 'v0.6.0': oneApiV060Schema };
export type OneApiVersion = keyof typeof SCHEMAS;
export const ONE_API_VERSIONS = Object.keys(SCHEMAS) as OneApiVersion[];

/** Each database kind the tests run on, with each one-api version. */
export const versionsAndKinds = (kinds: DatabaseKind[]): [OneApiVersion, DatabaseKind][] => ONE_API_VERSIONS.flatMap((version) => kinds.map((kind): [OneApiVersion, DatabaseKind] => [version, kind]));

/** What the database held before Tollgate first opened it. */
export interface Snapshot {
  rows: Record<string, Record<string, unknown>[]>;
  columns: Record<string, Record<string, ColumnShape>>;
  indexes: Record<string, string[]>;
}

export interface UpgradedDatabase {
  app: FastifyInstance;
  ctx: AppContext;
  /** The same database, read by table name. */
  db: Kysely<LooseDatabase>;
  upstream: FakeOpenAI;
  before: Snapshot;
  snapshot(): Promise<Snapshot>;
  close(): Promise<void>;
}

/**
 * A database built and filled as that one-api version leaves it, then Tollgate (the full server, as `main` starts
 * it) opened on it, migrating it. The fake upstream is the seeded OpenAI channel's base URL.
 */
export async function upgradedOneApiDatabase(version: OneApiVersion, kind: DatabaseKind): Promise<UpgradedDatabase> {
  const upstream = await new FakeOpenAI('one-api-upstream').start();
  const database = await createTestDatabase(kind);
  const env: Record<string, string> = { SESSION_SECRET: 'one-api-v06', LOG_LEVEL: 'silent', CRITICAL_RATE_LIMIT: '0', GLOBAL_API_RATE_LIMIT: '0', ...database.env };
  const legacy = await openDatabase(parseDatabaseTarget(env.SQL_DSN, env.SQLITE_PATH ?? ''), { busyTimeoutMs: 1000, maxConnections: 2 });
  let before: Snapshot;
  try {
    for (const statement of SCHEMAS[version](kind)) await sql.raw(statement).execute(legacy.db);
    await seedOneApiV06(legacy.db as unknown as Kysely<LooseDatabase>, upstream.baseUrl);
    before = await takeSnapshot(legacy.db as unknown as Kysely<LooseDatabase>, kind);
  } finally {
    await legacy.destroy();
  }
  const runtime = await createRuntime(loadConfig(env), silentLogger);
  const app = await buildApp(runtime.ctx);
  return {
    app,
    ctx: runtime.ctx,
    db: runtime.ctx.db as unknown as Kysely<LooseDatabase>,
    upstream,
    before,
    snapshot: () => takeSnapshot(runtime.ctx.db as unknown as Kysely<LooseDatabase>, kind),
    async close() {
      await app.close();
      await runtime.close();
      await upstream.stop();
      await database.drop();
    },
  };
}

async function takeSnapshot(db: Kysely<LooseDatabase>, kind: DatabaseKind): Promise<Snapshot> {
  const rows: Snapshot['rows'] = {};
  const indexes: Snapshot['indexes'] = {};
  for (const table of ONE_API_TABLES) {
    rows[table] = await tableRows(db, table);
    indexes[table] = await indexNames(db, kind, table);
  }
  return { rows, columns: await columnShapes(db, kind), indexes };
}
