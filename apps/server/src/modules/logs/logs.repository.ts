import type { Kysely, Selectable } from 'kysely';
import { ITEMS_PER_PAGE, LogType, MAX_RECENT_ITEMS } from '@tollgate/contract';
import { startsWith } from '../../db/like.js';
import type { Database, LogsTable } from '../../db/schema.js';
import { nowSeconds } from '../../lib/random.js';
import { logConditions, type LogFilter } from './log-filter.js';

type Db = Kysely<Database>;
type LogRow = Selectable<LogsTable>;

export interface LogEntry {
  userId: number;
  username: string;
  type: number;
  content: string;
  quota?: number;
  /** Channel test logs (type 5) name the model, the channel and how long the test took. */
  modelName?: string;
  channelId?: number;
  elapsedMs?: number;
}

/** Writes a top-up, management or system log row (consume logs are written by the relay's settlement). */
export async function recordLog(db: Db, entry: LogEntry): Promise<void> {
  await db
    .insertInto('logs')
    .values({
      user_id: entry.userId,
      username: entry.username,
      created_at: nowSeconds(),
      type: entry.type,
      content: entry.content,
      quota: entry.quota ?? 0,
      token_name: '',
      model_name: entry.modelName ?? '',
      prompt_tokens: 0,
      completion_tokens: 0,
      channel_id: entry.channelId ?? 0,
      request_id: '',
      elapsed_time: entry.elapsedMs ?? 0,
      is_stream: false,
      system_prompt_reset: false,
    })
    .execute();
}

/** One page of logs matching the filter, newest first. */
export const listLogs = (db: Db, filter: LogFilter, page: number): Promise<LogRow[]> =>
  db
    .selectFrom('logs')
    .selectAll()
    .where(logConditions(filter))
    .orderBy('id', 'desc')
    .limit(ITEMS_PER_PAGE)
    .offset(page * ITEMS_PER_PAGE)
    .execute();

/** The quota of the consume logs matching the filter; its type filter is ignored, as in one-api's stat. */
export async function sumConsumeQuota(db: Db, filter: LogFilter): Promise<number> {
  const row = await db
    .selectFrom('logs')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('quota'), eb.lit(0)).as('quota'))
    .where(logConditions({ ...filter, type: LogType.Consume }))
    .executeTakeFirst();
  return Number(row?.quota ?? 0);
}

/**
 * The 100 newest logs whose content starts with the keyword or, when it is a number, whose type equals it;
 * `userId` limits the search to one user's logs.
 */
export function searchLogs(db: Db, keyword: string, userId?: number): Promise<LogRow[]> {
  let query = db.selectFrom('logs').selectAll();
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  if (keyword) {
    const type = /^\d{1,9}$/.test(keyword) ? Number(keyword) : undefined;
    query = query.where((eb) => (type === undefined ? startsWith('content', keyword) : eb.or([eb('type', '=', type), startsWith('content', keyword)])));
  }
  return query.orderBy('id', 'desc').limit(MAX_RECENT_ITEMS).execute();
}

/** Deletes the logs created before the timestamp; returns how many went. */
export async function deleteLogsBefore(db: Db, timestamp: number): Promise<number> {
  const result = await db.deleteFrom('logs').where('created_at', '<', timestamp).executeTakeFirst();
  return Number(result.numDeletedRows);
}
