import type { AnalyticsRangeQuery } from '@tollgate/contract';

/** Which rollups a question reads: a range of hours, of every user (admins) or of one user's keys. */
export interface AnalyticsScope {
  start: number;
  end: number;
  userId?: number;
}

export const scopeOf = (range: AnalyticsRangeQuery, userId?: number): AnalyticsScope => ({ start: range.start, end: range.end, ...(userId === undefined ? {} : { userId }) });
