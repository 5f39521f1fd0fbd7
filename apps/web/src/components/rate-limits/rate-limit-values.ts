import type { LimitUsage, RateLimitStatus, RateLimits } from '@tollgate/contract';

/** What the three limit inputs hold: a number, or null when emptied. */
export interface RateLimitValues {
  rpm_limit: number | null;
  tpm_limit: number | null;
  concurrency_limit: number | null;
}

/** An emptied field means no limit (0); anything else was checked by the field's rules and is sent as it is. */
export const limitsOf = (values: RateLimitValues): RateLimits => ({
  rpm_limit: limitOrNone(values.rpm_limit),
  tpm_limit: limitOrNone(values.tpm_limit),
  concurrency_limit: limitOrNone(values.concurrency_limit),
});

const limitOrNone = (value: number | null | undefined) => (typeof value === 'number' ? value : 0);

export type LimitField = keyof RateLimits;

/** Which part of the usage answer each field shows. */
export const USAGE_OF: Record<LimitField, Exclude<keyof RateLimitStatus, 'budget'>> = { rpm_limit: 'requests', tpm_limit: 'tokens', concurrency_limit: 'concurrency' };

/** The usage line under a field: "used of limit", or just "used" when no limit applies. */
export function usageParams(usage: LimitUsage): { key: 'usage' | 'usageUnlimited'; used: number; limit: number } {
  return { key: usage.limit > 0 ? 'usage' : 'usageUnlimited', used: usage.used, limit: usage.limit };
}
