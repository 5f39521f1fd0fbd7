import { describe, expect, it } from 'vitest';
import { customRange, presetRange } from './analytics-range';

const NOW = Date.UTC(2026, 10, 26, 14, 30);

describe('analytics ranges', () => {
  it('ends a preset after the current hour, by hour up to a week and by day beyond', () => {
    const end = Date.UTC(2026, 10, 26, 15) / 1000;
    expect(presetRange('24h', NOW, 0)).toEqual({ start: end - 86_400, end, granularity: 'hour', utc_offset: 0 });
    expect(presetRange('7d', NOW, 0).granularity).toBe('hour');
    expect(presetRange('30d', NOW, -480)).toEqual({ start: end - 30 * 86_400, end, granularity: 'day', utc_offset: 28_800 });
  });

  it('takes a custom range as picked', () => {
    expect(customRange(1000, 1000 + 8 * 86_400, 60)).toEqual({ start: 1000, end: 1000 + 8 * 86_400, granularity: 'day', utc_offset: -3600 });
  });
});
