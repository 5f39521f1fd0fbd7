import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { randomAlphanumeric } from '../src/lib/random.js';

/**
 * The databases every route test runs against: SQLite always; PostgreSQL and MySQL when CI (or you) set
 * TEST_PG_DSN / TEST_MYSQL_DSN. Each test app gets a fresh database of its own, dropped afterwards.
 */
export type DatabaseKind = 'sqlite' | 'postgres' | 'mysql';

export const databaseKinds: DatabaseKind[] = [
  'sqlite',
  ...(process.env.TEST_PG_DSN ? (['postgres'] as const) : []),
  ...(process.env.TEST_MYSQL_DSN ? (['mysql'] as const) : []),
];

export interface TestDatabase {
  /** Environment that points the server at this database. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  const name = `tg_${randomAlphanumeric(10).toLowerCase()}`;
  switch (kind) {
    case 'sqlite': {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-'));
      return { env: { SQLITE_PATH: path.join(dir, 'one-api.db') }, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
    }
    case 'postgres': {
      const admin = requiredEnv('TEST_PG_DSN');
      await withPg(admin, (client) => client.query(`create database ${name}`));
      const url = new URL(admin);
      url.pathname = `/${name}`;
      return { env: { SQL_DSN: url.toString() }, drop: () => withPg(admin, (client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined) };
    }
    case 'mysql': {
      const admin = requiredEnv('TEST_MYSQL_DSN');
      await withMysql(admin, (conn) => conn.query(`create database ${name} character set utf8mb4`));
      const url = new URL(admin);
      url.pathname = `/${name}`;
      return { env: { SQL_DSN: url.toString() }, drop: () => withMysql(admin, (conn) => conn.query(`drop database if exists ${name}`)).then(() => undefined) };
    }
  }
}

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

async function withPg<T>(dsn: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: dsn });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function withMysql<T>(dsn: string, run: (conn: mysql.Connection) => Promise<T>): Promise<T> {
  const conn = await mysql.createConnection(dsn);
  try {
    return await run(conn);
  } finally {
    await conn.end();
  }
}
