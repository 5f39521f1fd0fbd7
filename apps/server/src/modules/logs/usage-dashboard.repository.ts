import { sql, type Kysely } from 'kysely';
import { LogType, type DashboardRow } from '@tollgate/contract';
import type { Dialect } from '../../db/dsn.js';
import type { Database } from '../../db/schema.js';

const DAY = 86_400;

/**
 * The UTC day number of `created_at` (days since 1970-01-01). Integer division in each dialect rather than
 * a date function: MySQL's FROM_UNIXTIME answers in the session time zone, and the console builds its day
 * keys in UTC, so a day computed in local time could land "tomorrow" and blank its page.
 */
const dayNumber = (dialect: Dialect) => (dialect === 'mysql' ? sql<number>`created_at div ${sql.lit(DAY)}` : sql<number>`created_at / ${sql.lit(DAY)}`);

/**
 * GET /api/user/dashboard: my consume logs from the start of the UTC day six days ago to the end of today,
 * summed per day and model, oldest day first.
 */
export async function usageByDayAndModel(db: Kysely<Database>, dialect: Dialect, userId: number, now: number): Promise<DashboardRow[]> {
  const today = Math.floor(now / DAY);
  const day = dayNumber(dialect);
  const rows = await db
    .selectFrom('logs')
    .select((eb) => [
      day.as('day'),
      'model_name',
      eb.fn.countAll<number>().as('requests'),
      eb.fn.sum<number>('quota').as('quota'),
      eb.fn.sum<number>('prompt_tokens').as('prompt_tokens'),
      eb.fn.sum<number>('completion_tokens').as('completion_tokens'),
    ])
    .where('user_id', '=', userId)
    .where('type', '=', LogType.Consume)
    .where('created_at', '>=', (today - 6) * DAY)
    .where('created_at', '<', (today + 1) * DAY)
    .groupBy([day, 'model_name'])
    .orderBy(day)
    .orderBy('model_name')
    .execute();
  return rows.map((row) => ({
    Day: new Date(Number(row.day) * DAY * 1000).toISOString().slice(0, 10),
    ModelName: row.model_name ?? '',
    RequestCount: Number(row.requests),
    Quota: Number(row.quota ?? 0),
    PromptTokens: Number(row.prompt_tokens ?? 0),
    CompletionTokens: Number(row.completion_tokens ?? 0),
  }));
}
