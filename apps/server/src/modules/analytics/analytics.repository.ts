import type { AnalyticsDimension } from '@tollgate/contract';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { LATENCY_COLUMNS } from '../../db/usage-rollups.js';
import type { AnalyticsScope } from './analytics-scope.js';

/** The summed columns every question reads, as numbers (PostgreSQL answers sums of bigints as strings). */
export const SUMMED = ['requests', 'errors', 'prompt_tokens', 'completion_tokens', 'cache_read_tokens', 'cache_write_tokens', 'reasoning_tokens', 'quota', 'latency_ms_sum', 'latency_count'] as const;
export type Summed = Record<(typeof SUMMED)[number], number>;

type Rollups = ExpressionBuilder<Database, 'usage_rollups'>;
const sums = (eb: Rollups) => SUMMED.map((column) => eb.fn.sum<string | number>(column).as(column));
const numbers = <K extends string>(row: Record<string, unknown>, columns: readonly K[]) => Object.fromEntries(columns.map((c) => [c, Number(row[c] ?? 0)])) as Record<K, number>;

/** The rollups of the scope's hours (the primary key leads with the hour), of one user's keys when it names one. */
function rollupsIn(db: Kysely<Database>, scope: AnalyticsScope) {
  const query = db.selectFrom('usage_rollups').where('hour', '>=', scope.start).where('hour', '<', scope.end);
  return scope.userId === undefined ? query : query.where('user_id', '=', scope.userId);
}

/** The sums of each hour of the scope that has any, oldest first. */
export async function sumsByHour(db: Kysely<Database>, scope: AnalyticsScope): Promise<(Summed & { hour: number })[]> {
  const rows = await rollupsIn(db, scope)
    .select((eb) => ['hour', ...sums(eb)])
    .groupBy('hour')
    .orderBy('hour')
    .execute();
  return rows.map((row) => ({ hour: Number(row.hour), ...numbers(row, SUMMED) }));
}

const DIMENSION_COLUMN = { user: 'user_id', token: 'token_id', model: 'model', channel: 'channel_id' } as const;

/** The `limit` largest values of a dimension over the scope, by quota or by requests. */
export async function topOf(db: Kysely<Database>, scope: AnalyticsScope, dimension: AnalyticsDimension, by: 'quota' | 'requests', limit: number): Promise<(Summed & { key: string })[]> {
  const column = DIMENSION_COLUMN[dimension];
  const rows = await rollupsIn(db, scope)
    .select((eb) => [eb.ref(column).as('key'), ...sums(eb)])
    .groupBy(column)
    .orderBy((eb) => eb.fn.sum(by), 'desc')
    .orderBy(column)
    .limit(limit)
    .execute();
  return rows.map((row) => ({ key: String(row.key), ...numbers(row, SUMMED) }));
}

/** Each channel's sums over the scope, with its latency histogram. */
export async function channelHealth(db: Kysely<Database>, scope: AnalyticsScope): Promise<(Summed & { channelId: number; buckets: number[] })[]> {
  const rows = await rollupsIn(db, scope)
    .select((eb) => ['channel_id', ...sums(eb), ...LATENCY_COLUMNS.map((c) => eb.fn.sum<string | number>(c).as(c))])
    .groupBy('channel_id')
    .orderBy('channel_id')
    .execute();
  return rows.map((row) => ({ channelId: Number(row.channel_id), ...numbers(row, SUMMED), buckets: LATENCY_COLUMNS.map((c) => Number(row[c] ?? 0)) }));
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
