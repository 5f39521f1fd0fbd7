import { z } from 'zod';
import type { CatalogMessage, MessageCode } from './messages/catalog.js';
import type { BudgetStatus } from './budget.js';

/**
 * Rate limits of a key or a user (and, as the GroupRateLimits option, of a group's users): requests per
 * minute, tokens (input + output) per minute, requests running at once. 0 means no limit.
 */
export const RATE_LIMIT_FIELDS = ['rpm_limit', 'tpm_limit', 'concurrency_limit'] as const;
export type RateLimitField = (typeof RATE_LIMIT_FIELDS)[number];

/** The largest limit accepted: any bigger value means "no limit" in practice and would overflow counters. */
export const RATE_LIMIT_MAX = 2_000_000_000;

/** `{field} must be a whole number from 0 (no limit) to …`; the field is the failing key. */
const RATE_LIMIT_INVALID = 'rate_limit.invalid' satisfies MessageCode;

/** One limit field: a non-negative integer, refused with a message naming the field. */
export const rateLimitSchema = () =>
  z.number({ error: RATE_LIMIT_INVALID }).int(RATE_LIMIT_INVALID).min(0, RATE_LIMIT_INVALID).max(RATE_LIMIT_MAX, RATE_LIMIT_INVALID);

/** The three limits as they are stored on a key or a user. */
export interface RateLimits {
  rpm_limit: number;
  tpm_limit: number;
  concurrency_limit: number;
}

/** A group's default limits in the GroupRateLimits option: `{"vip":{"rpm":600,"tpm":2000000,"concurrency":20}}`. */
export interface GroupRateLimit {
  rpm?: number;
  tpm?: number;
  concurrency?: number;
}

export const GROUP_RATE_LIMIT_KEYS = ['rpm', 'tpm', 'concurrency'] as const;

/**
 * Why a GroupRateLimits value was refused, or undefined when it is valid: a JSON object from group name to an
 * object of rpm, tpm and concurrency, each a whole number of 0 or more.
 */
export function groupRateLimitsProblem(value: string): CatalogMessage | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return { code: 'rate_limit.group_not_json' };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return { code: 'rate_limit.group_not_object' };
  for (const [group, limits] of Object.entries(parsed)) {
    if (limits === null || typeof limits !== 'object' || Array.isArray(limits)) return { code: 'rate_limit.group_entry_not_object', params: { group } };
    for (const [name, limit] of Object.entries(limits)) {
      if (!(GROUP_RATE_LIMIT_KEYS as readonly string[]).includes(name)) return { code: 'rate_limit.group_unknown_limit', params: { group, name } };
      if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 0 || limit > RATE_LIMIT_MAX) return { code: RATE_LIMIT_INVALID, params: { field: `GroupRateLimits.${group}.${name}` } };
    }
  }
  return undefined;
}

/** Requests, tokens and running requests counted against one limit; `limit` 0 = none applies. */
export interface LimitUsage {
  limit: number;
  used: number;
}

/** What GET /api/token/:id/limits and /api/user/:id/limits answer: the limit in force and its use now, per dimension. */
export interface RateLimitStatus {
  requests: LimitUsage;
  tokens: LimitUsage;
  concurrency: LimitUsage;
  /** The spending budget in force and its spend this period. */
  budget: BudgetStatus;
}
