import { describe, expect, it } from 'vitest';
import { isoInZone, periodBounds, PeriodClock } from './budget-period.js';

const at = (iso: string) => Date.parse(iso);

describe('budget periods in a time zone', () => {
  it('starts a day at local midnight, a week on Monday and a month on the 1st', () => {
    // Sunday 2026-11-29 22:30 UTC is Monday 2026-11-30 06:30 in Shanghai (+08:00).
    const now = at('2026-11-29T22:30:00Z');
    expect(periodBounds('day', 'Asia/Shanghai', now)).toEqual({ start: at('2026-11-29T16:00:00Z'), end: at('2026-11-30T16:00:00Z') });
    expect(periodBounds('week', 'Asia/Shanghai', now)).toEqual({ start: at('2026-11-29T16:00:00Z'), end: at('2026-12-06T16:00:00Z') });
    expect(periodBounds('month', 'Asia/Shanghai', now)).toEqual({ start: at('2026-10-31T16:00:00Z'), end: at('2026-11-30T16:00:00Z') });
    // The same instant is still Sunday in UTC: that week began on Monday the 23rd.
    expect(periodBounds('week', 'UTC', now)).toEqual({ start: at('2026-11-23T00:00:00Z'), end: at('2026-11-30T00:00:00Z') });
    expect(periodBounds('month', 'UTC', at('2026-12-31T23:59:59Z'))).toEqual({ start: at('2026-12-01T00:00:00Z'), end: at('2027-01-01T00:00:00Z') });
  });

  it('follows a daylight saving change: the day of the change is 23 hours long', () => {
    // New York moves to EDT on 2026-03-08 at 02:00.
    const { start, end } = periodBounds('day', 'America/New_York', at('2026-03-08T12:00:00Z'));
    expect(start).toBe(at('2026-03-08T05:00:00Z'));
    expect(end).toBe(at('2026-03-09T04:00:00Z'));
  });

  it('writes a refill time in the zone with its offset', () => {
    expect(isoInZone(at('2026-11-30T16:00:00Z'), 'Asia/Shanghai')).toBe('2026-12-01T00:00:00+08:00');
    expect(isoInZone(at('2026-11-30T00:00:00Z'), 'UTC')).toBe('2026-11-30T00:00:00Z');
    expect(isoInZone(at('2026-11-30T05:00:00Z'), 'America/New_York')).toBe('2026-11-30T00:00:00-05:00');
    expect(isoInZone(at('2026-11-29T18:30:00Z'), 'Asia/Kolkata')).toBe('2026-11-30T00:00:00+05:30');
  });

  it('keeps the bounds until the period ends or the zone changes', () => {
    const clock = new PeriodClock();
    const first = clock.bounds('day', 'UTC', at('2026-11-29T01:00:00Z'));
    expect(clock.bounds('day', 'UTC', at('2026-11-29T23:59:59Z'))).toBe(first);
    expect(clock.bounds('day', 'UTC', at('2026-11-30T00:00:00Z')).start).toBe(at('2026-11-30T00:00:00Z'));
    expect(clock.bounds('day', 'Asia/Shanghai', at('2026-11-30T00:00:00Z')).start).toBe(at('2026-11-29T16:00:00Z'));
  });
});
