import { describe, expect, it } from 'vitest';
import { parseDatabaseTarget } from './dsn.js';

describe('parseDatabaseTarget', () => {
  it('uses SQLite when SQL_DSN is empty', () => {
    expect(parseDatabaseTarget(undefined, './data/one-api.db')).toEqual({ dialect: 'sqlite', file: './data/one-api.db' });
  });

  it('recognises PostgreSQL URLs', () => {
    expect(parseDatabaseTarget('postgres://u:p@db:5432/oneapi', '')).toEqual({ dialect: 'postgres', url: 'postgres://u:p@db:5432/oneapi' });
    expect(parseDatabaseTarget('postgresql://db/oneapi', '').dialect).toBe('postgres');
  });

  it('reads MySQL URLs', () => {
    expect(parseDatabaseTarget('mysql://root:s%40cret@127.0.0.1:3307/oneapi', '')).toEqual({
      dialect: 'mysql',
      host: '127.0.0.1',
      port: 3307,
      user: 'root',
      password: 's@cret',
      database: 'oneapi',
    });
  });

  it("reads one-api's Go MySQL DSN", () => {
    expect(parseDatabaseTarget('root:123456@tcp(localhost:3306)/oneapi?charset=utf8mb4&parseTime=True', '')).toEqual({
      dialect: 'mysql',
      host: 'localhost',
      port: 3306,
      user: 'root',
      password: '123456',
      database: 'oneapi',
    });
    expect(parseDatabaseTarget('oneapi@tcp(db)/oneapi', '')).toMatchObject({ user: 'oneapi', password: '', host: 'db', port: 3306 });
  });

  it('refuses anything else with a message naming SQL_DSN', () => {
    expect(() => parseDatabaseTarget('sqlserver://x', '')).toThrow(/SQL_DSN/);
  });
});
