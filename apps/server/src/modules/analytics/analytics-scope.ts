import type { AnalyticsRangeQuery } from '@tollgate/contract';
import { DAY, HOUR } from '../../db/usage-rollups.js';

/** Which rollups a question reads: a range of hours, of every user (admins) or of one user's keys. */
export interface AnalyticsScope {
  start: number;
  end: number;
  userId?: number;
}

export const scopeOf = (range: AnalyticsRangeQuery, userId?: number): AnalyticsScope => ({ start: range.start, end: range.end, ...(userId === undefined ? {} : { userId }) });

/** A part of a scope read from one table: the hourly rollups, or the daily ones for the whole UTC days inside it. */
export interface RollupPiece {
  table: 'usage_rollups' | 'usage_rollups_daily' | 'usage_totals';
  period: 'hour' | 'day';
  start: number;
  end: number;
  userId?: number;
}

/**
 * The scope as the fewest rows can answer it: the UTC days whose every hour is inside the range from the
 * daily rollups, the hours before and after them from the hourly ones.
 */
export function piecesOf(scope: AnalyticsScope): RollupPiece[] {
  const user = scope.userId === undefined ? {} : { userId: scope.userId };
  const hourly = (start: number, end: number): RollupPiece => ({ table: 'usage_rollups', period: 'hour', start, end, ...user });
  const firstDay = Math.ceil(scope.start / DAY) * DAY;
  // A day is whole when its last hour starts before the end.
  const daysEnd = Math.floor((scope.end + HOUR - 1) / DAY) * DAY;
  if (firstDay >= daysEnd) return [hourly(scope.start, scope.end)];
  const pieces: RollupPiece[] = [{ table: 'usage_rollups_daily', period: 'day', start: firstDay, end: daysEnd, ...user }];
  if (scope.start < firstDay) pieces.unshift(hourly(scope.start, firstDay));
  if (daysEnd < scope.end) pieces.push(hourly(daysEnd, scope.end));
  return pieces;
}
