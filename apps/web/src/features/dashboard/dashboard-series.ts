import type { DashboardRow } from '@tollgate/contract';

const DAY_MS = 86_400_000;
/** The server answers the last 7 UTC days, today included. */
export const DASHBOARD_DAYS = 7;

/** The last `count` UTC days ending with today's, oldest first, as the rows name them ('YYYY-MM-DD'). */
export function lastUtcDays(nowMs: number, count = DASHBOARD_DAYS): string[] {
  return Array.from({ length: count }, (_, index) => new Date(nowMs - (count - 1 - index) * DAY_MS).toISOString().slice(0, 10));
}

export interface DayTotals {
  date: string;
  requests: number;
  /** In currency units: quota divided by the status quota_per_unit. */
  quota: number;
  tokens: number;
}

/** A number from the server, or 0: a malformed row must not break the charts. */
const count = (value: unknown): number => {
  const number = Number(value);
  return Number.isFinite(number) ? number : 0;
};

/**
 * Per-day totals over exactly `days`. Rows of other days (a server clock ahead of UTC, say) are ignored
 * rather than thrown on, which blanked one-api's page.
 */
export function dailyTotals(rows: readonly DashboardRow[], days: readonly string[], quotaPerUnit: number): DayTotals[] {
  const unit = quotaPerUnit > 0 ? quotaPerUnit : 1;
  const byDay = new Map(days.map((date) => [date, { date, requests: 0, quota: 0, tokens: 0 }]));
  for (const row of rows) {
    const totals = byDay.get(row.Day);
    if (!totals) continue;
    totals.requests += count(row.RequestCount);
    totals.quota += count(row.Quota) / unit;
    totals.tokens += count(row.PromptTokens) + count(row.CompletionTokens);
  }
  return [...byDay.values()];
}

/** One bar segment per model: `m0`, `m1`… rather than model names, which contain dots that recharts reads as paths. */
export const modelKey = (index: number): string => `m${index}`;

export interface ModelSeries {
  /** Model names in the order of their keys. */
  models: string[];
  /** One entry per day: `date`, and the tokens of each model under its key. */
  data: Array<Record<string, string | number>>;
}

/** Tokens per model and day over exactly `days`, for the stacked bars; other days are ignored. */
export function modelSeries(rows: readonly DashboardRow[], days: readonly string[]): ModelSeries {
  const inRange = rows.filter((row) => days.includes(row.Day));
  const models = [...new Set(inRange.map((row) => row.ModelName ?? ''))].sort();
  const data = days.map((date) => Object.fromEntries<string | number>([['date', date], ...models.map((_, index) => [modelKey(index), 0] as const)]));
  for (const row of inRange) {
    const entry = data[days.indexOf(row.Day)];
    const key = modelKey(models.indexOf(row.ModelName ?? ''));
    if (entry) entry[key] = Number(entry[key] ?? 0) + count(row.PromptTokens) + count(row.CompletionTokens);
  }
  return { models, data };
}
