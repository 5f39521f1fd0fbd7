/**
 * SQL_DSN in the forms one-api accepts: empty for SQLite, `postgres://…` for PostgreSQL, and for MySQL
 * either a URL (`mysql://user:pass@host:3306/db`) or Go's driver form (`user:pass@tcp(host:3306)/db?parseTime=true`).
 */
export type DatabaseTarget =
  | { dialect: 'sqlite'; file: string }
  | { dialect: 'postgres'; url: string }
  | { dialect: 'mysql'; host: string; port: number; user: string; password: string; database: string };

export type Dialect = DatabaseTarget['dialect'];

const GO_MYSQL = /^(?<user>[^:@/]*)(?::(?<password>[^@]*))?@(?:(?<proto>tcp|unix)\((?<addr>[^)]*)\))?\/(?<database>[^?]*)(?:\?.*)?$/;

export function parseDatabaseTarget(dsn: string | undefined, sqlitePath: string): DatabaseTarget {
  if (!dsn) return { dialect: 'sqlite', file: sqlitePath };
  if (/^postgres(ql)?:\/\//.test(dsn)) return { dialect: 'postgres', url: dsn };
  if (dsn.startsWith('mysql://')) {
    const url = new URL(dsn);
    return {
      dialect: 'mysql',
      host: url.hostname,
      port: Number(url.port || 3306),
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
      database: decodeURIComponent(url.pathname.replace(/^\//, '')),
    };
  }
  const match = GO_MYSQL.exec(dsn);
  if (!match?.groups) throw new Error('SQL_DSN: not a postgres:// URL, a mysql:// URL or a user:pass@tcp(host:port)/db DSN');
  const { user = '', password = '', addr = '127.0.0.1:3306', database = '' } = match.groups;
  const [host = '127.0.0.1', port = '3306'] = addr.split(':');
  return { dialect: 'mysql', host, port: Number(port), user, password, database };
}
