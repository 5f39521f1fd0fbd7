import { describe, expect, it } from 'vitest';
import { formatTimestamp } from './time';

describe('formatTimestamp', () => {
  it('formats epoch seconds as local YYYY-MM-DD HH:mm:ss with zero padding', () => {
    const seconds = new Date(2024, 0, 2, 3, 4, 5).getTime() / 1000;
    expect(formatTimestamp(seconds)).toBe('2024-01-02 03:04:05');
  });

  it('handles two-digit fields', () => {
    const seconds = new Date(2023, 11, 31, 23, 59, 58).getTime() / 1000;
    expect(formatTimestamp(seconds)).toBe('2023-12-31 23:59:58');
  });
});
