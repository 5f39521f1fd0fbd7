import { LogQuerySchema } from '@tollgate/contract';
import { parseOrFail } from '../users/users.service.js';
import type { LogFilter } from './log-filter.js';

/** The admin filters from the query string. */
export function adminLogFilter(query: unknown): LogFilter {
  const q = parseOrFail(LogQuerySchema, query);
  return {
    type: q.type,
    username: q.username,
    tokenName: q.token_name,
    modelName: q.model_name,
    startTimestamp: q.start_timestamp,
    endTimestamp: q.end_timestamp,
    channel: q.channel,
  };
}

/** The self filters: no username or channel filter, and always the caller's own rows. */
export const selfLogFilter = (query: unknown, userId: number): LogFilter => ({ ...adminLogFilter(query), userId, username: '', channel: 0 });
