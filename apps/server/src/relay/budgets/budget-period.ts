import type { BudgetPeriod } from '@tollgate/contract';

/** A period's bounds, epoch ms: it began at `start` and refills at `end`. */
export interface PeriodBounds {
  start: number;
  end: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone, kept: building one costs more than the formatting. */
function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', weekday: 'short' });
    formatters.set(zone, formatter);
  }
  return formatter;
}

const WEEKDAYS: Record<string, number> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };

/** The wall clock in `zone` at `ms`: the date, time and days since Monday. */
function wallClock(ms: number, zone: string) {
  const parts: Record<string, string> = {};
  for (const part of formatterOf(zone).formatToParts(ms)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    sinceMonday: WEEKDAYS[parts.weekday ?? 'Mon'] ?? 0,
    asUtc: Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second)),
  };
}

/** How far the zone's wall clock is ahead of UTC at `ms` (ms; seconds dropped, as the wall clock has none finer). */
export function zoneOffsetMs(ms: number, zone: string): number {
  return wallClock(ms, zone).asUtc - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant the zone's wall clock reads 00:00 on that date (month and day may overflow, as Date.UTC allows).
 * Asked twice because the offset at the guess may differ from the offset at midnight (a DST change that day).
 */
function localMidnight(year: number, month: number, day: number, zone: string): number {
  const wall = Date.UTC(year, month - 1, day);
  const first = wall - zoneOffsetMs(wall, zone);
  return wall - zoneOffsetMs(first, zone);
}

/** The period holding `now` in `zone`: a day from local midnight, a week from Monday 00:00, a month from the 1st 00:00. */
export function periodBounds(period: Exclude<BudgetPeriod, ''>, zone: string, now: number): PeriodBounds {
  const { year, month, day, sinceMonday } = wallClock(now, zone);
  if (period === 'day') return { start: localMidnight(year, month, day, zone), end: localMidnight(year, month, day + 1, zone) };
  if (period === 'week') return { start: localMidnight(year, month, day - sinceMonday, zone), end: localMidnight(year, month, day - sinceMonday + 7, zone) };
  return { start: localMidnight(year, month, 1, zone), end: localMidnight(year, month + 1, 1, zone) };
}

/** `ms` as ISO 8601 in the zone's wall time with its offset: 2026-12-01T00:00:00+08:00. */
export function isoInZone(ms: number, zone: string): string {
  const offset = zoneOffsetMs(ms, zone);
  const wall = new Date(ms + offset).toISOString().slice(0, 19);
  if (offset === 0) return `${wall}Z`;
  const minutes = Math.abs(offset) / 60_000;
  const pad = (n: number) => String(Math.floor(n)).padStart(2, '0');
  return `${wall}${offset < 0 ? '-' : '+'}${pad(minutes / 60)}:${pad(minutes % 60)}`;
}

/**
 * The bounds of each period kind in force, computed once per period and zone: a request asks for them with a
 * comparison or two, no formatting. Periods are stable until `end`, or until the zone option changes.
 */
export class PeriodClock {
  private readonly held = new Map<string, PeriodBounds & { zone: string }>();

  bounds(period: Exclude<BudgetPeriod, ''>, zone: string, now: number): PeriodBounds {
    const held = this.held.get(period);
    if (held && held.zone === zone && held.start <= now && now < held.end) return held;
    const fresh = { ...periodBounds(period, zone, now), zone };
    this.held.set(period, fresh);
    return fresh;
  }
}
