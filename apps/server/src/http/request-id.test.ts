import { describe, expect, it } from 'vitest';
import { newRequestId } from './request-id.js';

describe('newRequestId', () => {
  it("follows one-api's layout: timestamp, nanoseconds, 8 random digits", () => {
    const id = newRequestId(new Date(2026, 0, 2, 3, 4, 5, 6).getTime());
    expect(id.startsWith('20260102030405')).toBe(true);
    expect(id).toMatch(/^\d{23,}$/);
    // 6 ms past the second, in nanoseconds, then the monotonic clock's fraction.
    expect(id.slice(14, 15)).toBe('6');
    expect(id.length).toBeGreaterThanOrEqual(14 + 7 + 8);
  });

  it('does not repeat', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newRequestId()));
    expect(ids.size).toBe(1000);
  });
});
