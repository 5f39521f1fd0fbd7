import { describe, expect, it } from 'vitest';
import type { DashboardRow } from '@tollgate/contract';
import { dailyTotals, lastUtcDays, modelSeries } from './dashboard-series';

// 2024-03-07 23:30 UTC: already the 8th in UTC+8, still the 7th in UTC.
const now = Date.UTC(2024, 2, 7, 23, 30);
const row = (Day: string, ModelName: string, quota = 1_000_000): DashboardRow => ({
  Day,
  ModelName,
  RequestCount: 2,
  Quota: quota,
  PromptTokens: 10,
  CompletionTokens: 5,
});

describe('lastUtcDays', () => {
  it('lists the seven UTC days ending today, oldest first', () => {
    expect(lastUtcDays(now)).toEqual(['2024-03-01', '2024-03-02', '2024-03-03', '2024-03-04', '2024-03-05', '2024-03-06', '2024-03-07']);
  });

  it('crosses month and year ends', () => {
    expect(lastUtcDays(Date.UTC(2024, 0, 2, 12), 3)).toEqual(['2023-12-31', '2024-01-01', '2024-01-02']);
  });
});

describe('dailyTotals', () => {
  const days = lastUtcDays(now);

  it('fills every day, sums the rows, and divides quota by quota_per_unit', () => {
    const totals = dailyTotals([row('2024-03-07', 'a'), row('2024-03-07', 'b'), row('2024-03-03', 'a')], days, 500_000);
    expect(totals).toHaveLength(7);
    expect(totals[6]).toEqual({ date: '2024-03-07', requests: 4, quota: 4, tokens: 30 });
    expect(totals[2]).toEqual({ date: '2024-03-03', requests: 2, quota: 2, tokens: 15 });
    expect(totals[0]).toEqual({ date: '2024-03-01', requests: 0, quota: 0, tokens: 0 });
  });

  it('ignores rows outside the range instead of throwing', () => {
    const totals = dailyTotals([row('2024-03-08', 'a'), row('2024-02-01', 'a'), row('garbage', 'a')], days, 500_000);
    expect(totals.every((day) => day.requests === 0)).toBe(true);
  });

  it('treats a missing unit as 1 and malformed numbers as 0', () => {
    const bad = { ...row('2024-03-07', 'a', 7), RequestCount: Number.NaN } as DashboardRow;
    expect(dailyTotals([bad], days, 0)[6]).toEqual({ date: '2024-03-07', requests: 0, quota: 7, tokens: 15 });
  });
});

describe('modelSeries', () => {
  it('stacks tokens per model and day under stable keys', () => {
    const series = modelSeries([row('2024-03-07', 'gpt-3.5-turbo'), row('2024-03-06', 'claude-3'), row('2024-03-07', 'claude-3')], lastUtcDays(now));
    expect(series.models).toEqual(['claude-3', 'gpt-3.5-turbo']);
    expect(series.data[6]).toEqual({ date: '2024-03-07', m0: 15, m1: 15 });
    expect(series.data[5]).toEqual({ date: '2024-03-06', m0: 15, m1: 0 });
    expect(series.data[0]).toEqual({ date: '2024-03-01', m0: 0, m1: 0 });
  });

  it('leaves out models only seen outside the range', () => {
    expect(modelSeries([row('2030-01-01', 'future')], lastUtcDays(now)).models).toEqual([]);
  });
});
