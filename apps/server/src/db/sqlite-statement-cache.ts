import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import type { WriteCounter } from './write-counter.js';

const MAX_STATEMENTS = 500;

/**
 * better-sqlite3 behind Kysely with prepared statements reused by their SQL text. Kysely prepares every
 * query anew, and preparing costs more than running the small statements of the relay's hot path.
 * Safe because Kysely runs one statement at a time on its single SQLite connection and never iterates.
 * Every statement that writes is counted in `writes`.
 */
export function withStatementCache(database: SQLite.Database, writes: WriteCounter): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => database.close(),
    prepare(sql: string): SqliteStatement {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= MAX_STATEMENTS) statements.delete(statements.keys().next().value as string);
        statement = counted(database.prepare(sql) as unknown as SqliteStatement, writes);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

function counted(statement: SqliteStatement, writes: WriteCounter): SqliteStatement {
  if (statement.reader) return statement;
  return {
    reader: false,
    all: (parameters) => statement.all(parameters),
    iterate: (parameters) => statement.iterate(parameters),
    run(parameters) {
      const result = statement.run(parameters);
      writes.bump();
      return result;
    },
  };
}
