import { sql, type Kysely } from 'kysely';
import type SQLite from 'better-sqlite3';
import type { Dialect } from '../../db/dsn.js';
import type { Database } from '../../db/schema.js';
import { DAILY_KEY_COLUMNS, ROLLUP_COUNT_COLUMNS, ROLLUP_KEY_COLUMNS } from '../../db/usage-rollups.js';
import { dailyCells, totalCells, type RollupCell } from './rollup-cells.js';

/** Rows per statement: 33 values each, well under every dialect's limit on bound parameters. */
const CHUNK = 100;

const valuesOf = (cell: RollupCell): (string | number)[] => [cell.period, cell.userId, cell.tokenId, cell.channelId, cell.model, ...cell.counts];

/** The tables every write adds to: the hourly cells as they are, the same summed per UTC day, and per hour over everything. */
const TABLES = [
  { name: 'usage_rollups', keys: ROLLUP_KEY_COLUMNS, cellsOf: (cells: readonly RollupCell[]) => cells, valuesOf },
  { name: 'usage_rollups_daily', keys: DAILY_KEY_COLUMNS, cellsOf: dailyCells, valuesOf },
  { name: 'usage_totals', keys: ['hour'], cellsOf: totalCells, valuesOf: (cell: RollupCell) => [cell.period, ...cell.counts] },
] as const;

/**
 * Nodes upserting the same rows in different orders could deadlock each other (PostgreSQL, InnoDB): every
 * writer takes its rows in one order.
 */
function inKeyOrder(cells: readonly RollupCell[]): RollupCell[] {
  return [...cells].sort((a, b) => a.period - b.period || a.userId - b.userId || a.tokenId - b.tokenId || a.channelId - b.channelId || (a.model < b.model ? -1 : a.model > b.model ? 1 : 0));
}

/** Adds cells to the rollup tables through Kysely (PostgreSQL, MySQL), inside the caller's transaction. */
export async function upsertRollups(db: Kysely<Database>, dialect: Dialect, cells: readonly RollupCell[]): Promise<void> {
  if (cells.length === 0) return;
  for (const table of TABLES) {
    const ordered = inKeyOrder(table.cellsOf(cells));
    const columns = sql.join([...table.keys, ...ROLLUP_COUNT_COLUMNS].map((c) => sql.id(c)));
    const sums =
      dialect === 'mysql'
        ? sql` on duplicate key update ${sql.join(ROLLUP_COUNT_COLUMNS.map((c) => sql`${sql.id(c)} = ${sql.id(c)} + values(${sql.id(c)})`))}`
        : sql` on conflict (${sql.join(table.keys.map((c) => sql.id(c)))}) do update set ${sql.join(ROLLUP_COUNT_COLUMNS.map((c) => sql`${sql.id(c)} = ${sql.ref(`${table.name}.${c}`)} + ${sql.ref(`excluded.${c}`)}`))}`;
    for (let i = 0; i < ordered.length; i += CHUNK) {
      const rows = ordered.slice(i, i + CHUNK).map((cell) => sql`(${sql.join(table.valuesOf(cell))})`);
      await sql`insert into ${sql.table(table.name)} (${columns}) values ${sql.join(rows)}${sums}`.execute(db);
    }
  }
}

/** Adds cells to the rollup tables on a better-sqlite3 connection (the log-writer thread's), with statements prepared once. */
export class SqliteRollupRows {
  private readonly upserts;

  constructor(sqlite: SQLite.Database) {
    const sums = ROLLUP_COUNT_COLUMNS.map((c) => `${c} = ${c} + excluded.${c}`).join(', ');
    this.upserts = TABLES.map((table) => {
      const columns = [...table.keys, ...ROLLUP_COUNT_COLUMNS];
      const statement = sqlite.prepare(`insert into ${table.name} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')}) on conflict (${table.keys.join(', ')}) do update set ${sums}`);
      return { statement, cellsOf: table.cellsOf, valuesOf: table.valuesOf };
    });
  }

  /** Runs inside the caller's transaction. */
  add(cells: readonly RollupCell[]): void {
    if (cells.length === 0) return;
    for (const { statement, cellsOf, valuesOf: values } of this.upserts) for (const cell of cellsOf(cells)) statement.run(values(cell));
  }
}
