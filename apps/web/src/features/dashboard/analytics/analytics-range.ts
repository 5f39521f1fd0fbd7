/** The ranges the analytics panel offers, as the /api/analytics questions take them. */
export type RangePreset = '24h' | '7d' | '30d' | 'custom';

export interface AnalyticsRange {
  start: number;
  end: number;
  granularity: 'hour' | 'day';
  /** Seconds east of UTC where this browser's days start, so "a day" is the user's day. */
  utc_offset: number;
}

const HOUR = 3600;
const DAY = 86_400;
const PRESET_DAYS = { '24h': 1, '7d': 7, '30d': 30 } as const;

/** Date's getTimezoneOffset() counts minutes west of UTC; the server takes seconds east (and UTC as 0, not -0). */
const offsetSeconds = (offsetMinutes: number): number => (offsetMinutes === 0 ? 0 : -offsetMinutes * 60);

/** Up to now (the current hour included), by hour for a day or a week and by day for a month. */
export function presetRange(preset: Exclude<RangePreset, 'custom'>, nowMs: number, offsetMinutes: number): AnalyticsRange {
  const end = Math.floor(nowMs / 1000 / HOUR) * HOUR + HOUR;
  const days = PRESET_DAYS[preset];
  return { start: end - days * DAY, end, granularity: days > 7 ? 'day' : 'hour', utc_offset: offsetSeconds(offsetMinutes) };
}

/** A range picked by hand: by hour up to a week, by day beyond. */
export function customRange(startSeconds: number, endSeconds: number, offsetMinutes: number): AnalyticsRange {
  return { start: startSeconds, end: endSeconds, granularity: endSeconds - startSeconds > 7 * DAY ? 'day' : 'hour', utc_offset: offsetSeconds(offsetMinutes) };
}

export const rangeQuery = (range: AnalyticsRange): Record<string, string | number> => ({ ...range });
