import { sql, type Kysely } from 'kysely';
import type SQLite from 'better-sqlite3';
import type { Dialect } from '../../db/dsn.js';
import type { Database } from '../../db/schema.js';
import { ROLLUP_COUNT_COLUMNS, ROLLUP_KEY_COLUMNS } from '../../db/usage-rollups.js';
import type { RollupCell } from './rollup-cells.js';

/** Rows per statement: 33 values each, well under every dialect's limit on bound parameters. */
const CHUNK = 100;

const COLUMNS = [...ROLLUP_KEY_COLUMNS, ...ROLLUP_COUNT_COLUMNS];
const valuesOf = (cell: RollupCell): (string | number)[] => [cell.hour, cell.userId, cell.tokenId, cell.channelId, cell.model, ...cell.counts];

/**
 * Nodes upserting the same rows in different orders could deadlock each other (PostgreSQL, InnoDB): every
 * writer takes its rows in one order.
 */
function inKeyOrder(cells: readonly RollupCell[]): RollupCell[] {
  return [...cells].sort((a, b) => a.hour - b.hour || a.userId - b.userId || a.tokenId - b.tokenId || a.channelId - b.channelId || (a.model < b.model ? -1 : a.model > b.model ? 1 : 0));
}

/** Adds cells to usage_rollups through Kysely (PostgreSQL, MySQL), inside the caller's transaction. */
export async function upsertRollups(db: Kysely<Database>, dialect: Dialect, cells: readonly RollupCell[]): Promise<void> {
  const ordered = inKeyOrder(cells);
  const columns = sql.join(COLUMNS.map((c) => sql.id(c)));
  const sums =
    dialect === 'mysql'
      ? sql` on duplicate key update ${sql.join(ROLLUP_COUNT_COLUMNS.map((c) => sql`${sql.id(c)} = ${sql.id(c)} + values(${sql.id(c)})`))}`
      : sql` on conflict (${sql.join(ROLLUP_KEY_COLUMNS.map((c) => sql.id(c)))}) do update set ${sql.join(ROLLUP_COUNT_COLUMNS.map((c) => sql`${sql.id(c)} = ${sql.ref(`usage_rollups.${c}`)} + ${sql.ref(`excluded.${c}`)}`))}`;
  for (let i = 0; i < ordered.length; i += CHUNK) {
    const rows = ordered.slice(i, i + CHUNK).map((cell) => sql`(${sql.join(valuesOf(cell))})`);
    await sql`insert into usage_rollups (${columns}) values ${sql.join(rows)}${sums}`.execute(db);
  }
}

/** Adds cells to usage_rollups on a better-sqlite3 connection (the log-writer thread's), with one statement prepared once. */
export class SqliteRollupRows {
  private readonly upsert;

  constructor(sqlite: SQLite.Database) {
    const sums = ROLLUP_COUNT_COLUMNS.map((c) => `${c} = ${c} + excluded.${c}`).join(', ');
    this.upsert = sqlite.prepare(
      `insert into usage_rollups (${COLUMNS.join(', ')}) values (${COLUMNS.map(() => '?').join(', ')}) on conflict (${ROLLUP_KEY_COLUMNS.join(', ')}) do update set ${sums}`,
    );
  }

  /** Runs inside the caller's transaction. */
  add(cells: readonly RollupCell[]): void {
    for (const cell of cells) this.upsert.run(valuesOf(cell));
  }
}
