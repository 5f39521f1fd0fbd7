import { describe, expect, it } from 'vitest';
import { parseDateTime } from './parse-datetime';
import { formatTimestamp } from './time';

describe('parseDateTime', () => {
  it('reads the console format as local time, the inverse of formatTimestamp', () => {
    const seconds = 1_700_000_000;
    expect(parseDateTime(formatTimestamp(seconds))).toBe(seconds);
    expect(parseDateTime('2024-03-05 07:08:09')).toBe(new Date(2024, 2, 5, 7, 8, 9).getTime() / 1000);
  });

  it('accepts a date alone, a T separator and missing seconds', () => {
    expect(parseDateTime('2024-03-05')).toBe(new Date(2024, 2, 5).getTime() / 1000);
    expect(parseDateTime('2024-03-05T07:08')).toBe(new Date(2024, 2, 5, 7, 8).getTime() / 1000);
  });

  it('accepts an ISO time with a zone', () => {
    expect(parseDateTime('2024-03-05T07:08:09Z')).toBe(Date.UTC(2024, 2, 5, 7, 8, 9) / 1000);
  });

  it('refuses text and impossible dates', () => {
    expect(parseDateTime('')).toBeUndefined();
    expect(parseDateTime('tomorrow')).toBeUndefined();
    expect(parseDateTime('2024-02-30 10:00:00')).toBeUndefined();
    expect(parseDateTime('2024-01-01 25:00:00')).toBeUndefined();
  });
});
