import type { AnalyticsDimension } from '@tollgate/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { LATENCY_COLUMNS } from '../../db/usage-rollups.js';
import type { RollupPiece } from './analytics-scope.js';

/** The summed columns every question reads, as numbers (PostgreSQL answers sums of bigints as strings). */
export const SUMMED = ['requests', 'errors', 'prompt_tokens', 'completion_tokens', 'cache_read_tokens', 'cache_write_tokens', 'reasoning_tokens', 'quota', 'latency_ms_sum', 'latency_count'] as const;
export type Summed = Record<(typeof SUMMED)[number], number>;

const sumsOf = (columns: readonly string[]) => columns.map((column) => sql<string | number>`sum(${sql.ref(column)})`.as(column));
const numbers = <K extends string>(row: Record<string, unknown>, columns: readonly K[]) => Object.fromEntries(columns.map((c) => [c, Number(row[c] ?? 0)])) as Record<K, number>;

/**
 * The rows of a piece: its period's range (each table's primary key leads with the period), of one user's keys
 * when it names one. Both tables have the same columns but the period's, so one query shape reads either.
 */
function rowsOf(db: Kysely<Database>, piece: RollupPiece) {
  const period = sql.ref<number>(piece.period);
  const query = db
    .selectFrom(piece.table as 'usage_rollups')
    .where(period, '>=', piece.start)
    .where(period, '<', piece.end);
  return piece.userId === undefined ? query : query.where('user_id', '=', piece.userId);
}

/**
 * Requests of the piece answered from the response cache: the answered (not failed) requests of channel 0. Channel 0
 * holds the requests no channel was called for: refusals, always counted as errors, and cache hits, never.
 */
export async function cacheHitsOf(db: Kysely<Database>, piece: RollupPiece): Promise<number> {
  const row = await rowsOf(db, piece).where('channel_id', '=', 0).select(sumsOf(['requests', 'errors'])).executeTakeFirst();
  return Number(row?.requests ?? 0) - Number(row?.errors ?? 0);
}

/** The sums of each period of the piece that has any, oldest first. */
export async function sumsByPeriod(db: Kysely<Database>, piece: RollupPiece): Promise<(Summed & { period: number })[]> {
  const period = sql.ref<number>(piece.period);
  const rows = await rowsOf(db, piece)
    .select([period.as('period'), ...sumsOf(SUMMED)])
    .groupBy(period)
    .orderBy(period)
    .execute();
  return rows.map((row) => ({ period: Number(row.period), ...numbers(row, SUMMED) }));
}

const DIMENSION_COLUMN = { user: 'user_id', token: 'token_id', model: 'model', channel: 'channel_id' } as const;

/** The sums of each value of a dimension over the piece (every value: the caller ranks them across pieces). */
export async function sumsByDimension(db: Kysely<Database>, piece: RollupPiece, dimension: AnalyticsDimension): Promise<(Summed & { key: string })[]> {
  const column = DIMENSION_COLUMN[dimension];
  const rows = await rowsOf(db, piece)
    .select([sql.ref(column).as('key'), ...sumsOf(SUMMED)])
    .groupBy(column)
    .execute();
  return rows.map((row) => ({ key: String(row.key), ...numbers(row, SUMMED) }));
}

/** Each channel's sums over the piece, with its latency histogram. */
export async function channelSums(db: Kysely<Database>, piece: RollupPiece): Promise<(Summed & { key: string; buckets: number[] })[]> {
  const rows = await rowsOf(db, piece)
    .select([sql.ref('channel_id').as('key'), ...sumsOf(SUMMED), ...sumsOf(LATENCY_COLUMNS)])
    .groupBy('channel_id')
    .execute();
  return rows.map((row) => ({ key: String(row.key), ...numbers(row, SUMMED), buckets: LATENCY_COLUMNS.map((c) => Number(row[c] ?? 0)) }));
}

/** The names to show for ids of users, keys or channels (an id whose row is gone is left out). */
export async function namesOf(db: Kysely<Database>, dimension: 'user' | 'token' | 'channel', ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows =
    dimension === 'user'
      ? await db.selectFrom('users').select(['id', 'username as name']).where('id', 'in', ids).execute()
      : await db.selectFrom(dimension === 'token' ? 'tokens' : 'channels').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [Number(row.id), row.name ?? '']));
}
