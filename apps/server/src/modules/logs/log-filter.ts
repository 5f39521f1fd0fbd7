import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The filters of the log list and stat routes; 0 and '' mean "no filter", as in one-api. */
export interface LogFilter {
  /** Set by the self routes: a user only ever sees their own logs. */
  userId?: number;
  type: number;
  username: string;
  tokenName: string;
  modelName: string;
  /** Inclusive unix seconds. */
  startTimestamp: number;
  endTimestamp: number;
  channel: number;
}

/** The WHERE clause of a filter; exact matches, as one-api, so each can use its index. */
export function logConditions(filter: LogFilter) {
  return (eb: ExpressionBuilder<Database, 'logs'>): Expression<SqlBool> => {
    const conditions: Expression<SqlBool>[] = [];
    if (filter.userId !== undefined) conditions.push(eb('user_id', '=', filter.userId));
    if (filter.type !== 0) conditions.push(eb('type', '=', filter.type));
    if (filter.username) conditions.push(eb('username', '=', filter.username));
    if (filter.tokenName) conditions.push(eb('token_name', '=', filter.tokenName));
    if (filter.modelName) conditions.push(eb('model_name', '=', filter.modelName));
    if (filter.startTimestamp !== 0) conditions.push(eb('created_at', '>=', filter.startTimestamp));
    if (filter.endTimestamp !== 0) conditions.push(eb('created_at', '<=', filter.endTimestamp));
    if (filter.channel !== 0) conditions.push(eb('channel_id', '=', filter.channel));
    return eb.and(conditions);
  };
}
