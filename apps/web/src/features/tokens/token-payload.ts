import type { CreateTokenRequest, Token } from '@tollgate/contract';
import { limitsOf, type RateLimitValues } from '@/components/rate-limits/rate-limit-values';
import { budgetOf, type BudgetValues } from '@/components/budgets/budget-values';
import { readQuotaDisplay } from '@/lib/format/quota';
import { parseExpiry } from './expiry';

/** What the token form holds. */
export interface TokenFormValues extends RateLimitValues, BudgetValues {
  name: string;
  remain_quota: number | string | null;
  unlimited_quota: boolean;
  /** Empty for never, else a date in the console format. */
  expiry: string;
  models: string[];
  subnet: string;
  /** The key's answers are kept in the response cache. */
  response_cache: boolean;
}

/** The body of POST /api/token/, every field explicit. */
export interface TokenPayload extends Required<CreateTokenRequest> {
  models: string;
  subnet: string;
}

export type TokenPayloadResult =
  | { kind: 'ok'; payload: TokenPayload }
  /** Creating without a name does nothing, silently (spec section 5). */
  | { kind: 'ignored' }
  | { kind: 'expiryInvalid' };

/** remain_quota is parsed as an integer; an empty field counts as 0. */
function parseQuota(value: TokenFormValues['remain_quota']): number {
  const parsed = Number.parseInt(String(value ?? ''), 10);
  return Number.isNaN(parsed) ? 0 : parsed;
}

/** Validates the form and builds the create body (spec section 5, token form). */
export function buildTokenPayload(values: TokenFormValues, isEdit: boolean): TokenPayloadResult {
  const name = values.name.trim();
  if (!isEdit && name === '') return { kind: 'ignored' };
  const expiredTime = parseExpiry(values.expiry);
  if (expiredTime === undefined) return { kind: 'expiryInvalid' };
  return {
    kind: 'ok',
    payload: {
      name,
      remain_quota: parseQuota(values.remain_quota),
      expired_time: expiredTime,
      unlimited_quota: values.unlimited_quota,
      models: values.models.join(','),
      subnet: values.subnet.trim(),
      response_cache: values.response_cache,
      ...limitsOf(values),
      ...budgetOf(values, readQuotaDisplay()),
    },
  };
}

/** PUT /api/token/ sends the whole token as loaded with the edits on top, as one-api's console does. */
export const tokenUpdateBody = (loaded: Token, payload: TokenPayload): Token => ({ ...loaded, ...payload, id: loaded.id });
