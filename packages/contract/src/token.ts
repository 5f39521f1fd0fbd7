import { z } from 'zod';
import { NEVER_EXPIRES, TOKEN_NAME_MAX_LENGTH } from './constants.js';
import { TokenStatus } from './enums.js';
import type { MessageCode } from './messages/catalog.js';
import { rateLimitSchema, type RateLimits } from './rate-limit.js';
import { budgetAmountSchema, budgetPeriodSchema, type Budget } from './budget.js';

/** Codes of the token routes' messages (messages/resource-messages.ts); a refused subnet is `token.subnet_invalid`. */
export const TokenMessages = {
  idInvalid: 'token.id_invalid',
  nameRequired: 'token.name_required',
  nameTooLong: 'token.name_too_long',
  expiredTimeInvalid: 'token.expired_time_invalid',
  remainQuotaInvalid: 'token.remain_quota_invalid',
  unlimitedQuotaInvalid: 'token.unlimited_quota_invalid',
  responseCacheInvalid: 'token.response_cache_invalid',
  statusInvalid: 'token.status_invalid',
  notFound: 'token.not_found',
  expiredCannotEnable: 'token.expired_cannot_enable',
  exhaustedCannotEnable: 'token.exhausted_cannot_enable',
} as const satisfies Record<string, MessageCode>;

/** Token list orders of one-api's console; anything else lists newest first. */
export const TOKEN_ORDERS = ['', 'remain_quota', 'used_quota'] as const;
export type TokenOrder = (typeof TOKEN_ORDERS)[number];

/** 'a, ,b ' -> 'a,b': the console joins pickers with commas; stray spaces and empty entries mean nothing. */
const commaList = z
  .string()
  .nullable()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
      .join(','),
  );

const tokenId = z.number({ error: TokenMessages.idInvalid }).int(TokenMessages.idInvalid).positive(TokenMessages.idInvalid);
const name = z
  .string({ error: TokenMessages.nameRequired })
  .trim()
  .min(1, TokenMessages.nameRequired)
  // Characters, not UTF-16 units, so 30 emoji or CJK characters fit as the placeholder promises.
  .refine((value) => [...value].length <= TOKEN_NAME_MAX_LENGTH, TokenMessages.nameTooLong);
const expiredTime = z
  .number({ error: TokenMessages.expiredTimeInvalid })
  .int(TokenMessages.expiredTimeInvalid)
  .min(NEVER_EXPIRES, TokenMessages.expiredTimeInvalid);
const remainQuota = z
  .number({ error: TokenMessages.remainQuotaInvalid })
  .int(TokenMessages.remainQuotaInvalid)
  .min(0, TokenMessages.remainQuotaInvalid)
  .max(Number.MAX_SAFE_INTEGER, TokenMessages.remainQuotaInvalid);
const unlimitedQuota = z.boolean({ error: TokenMessages.unlimitedQuotaInvalid });
/** The key's answers are kept in the response cache (docs/response-cache.md); off by default. */
const responseCache = z.boolean({ error: TokenMessages.responseCacheInvalid });
const toggleStatus = z
  .number({ error: TokenMessages.statusInvalid })
  .refine((value) => value === TokenStatus.Enabled || value === TokenStatus.Disabled, TokenMessages.statusInvalid);

/** POST /api/token/. The key is always made by the server. */
export const CreateTokenRequestSchema = z.object({
  name,
  expired_time: expiredTime.default(NEVER_EXPIRES),
  remain_quota: remainQuota.default(0),
  unlimited_quota: unlimitedQuota.default(false),
  models: commaList.default(''),
  subnet: commaList.default(''),
  rpm_limit: rateLimitSchema().default(0),
  tpm_limit: rateLimitSchema().default(0),
  concurrency_limit: rateLimitSchema().default(0),
  budget_amount: budgetAmountSchema().default(0),
  budget_period: budgetPeriodSchema().default(''),
  response_cache: responseCache.default(false),
});
export type CreateTokenRequest = z.input<typeof CreateTokenRequestSchema>;

/**
 * PUT /api/token/. The console sends the whole token back; a field left out keeps its stored value.
 * `status` is applied only when it is 1 or 2 (3 and 4 are set by the relay, and the console echoes them).
 */
export const UpdateTokenRequestSchema = z.object({
  id: tokenId,
  name: name.optional(),
  expired_time: expiredTime.optional(),
  remain_quota: remainQuota.optional(),
  unlimited_quota: unlimitedQuota.optional(),
  models: commaList.optional(),
  subnet: commaList.optional(),
  rpm_limit: rateLimitSchema().optional(),
  tpm_limit: rateLimitSchema().optional(),
  concurrency_limit: rateLimitSchema().optional(),
  budget_amount: budgetAmountSchema().optional(),
  budget_period: budgetPeriodSchema().optional(),
  response_cache: responseCache.optional(),
  status: z.number().int().optional(),
});
export type UpdateTokenRequest = z.input<typeof UpdateTokenRequestSchema>;

/** PUT /api/token/?status_only=true: users switch between enabled and disabled only. */
export const TokenStatusRequestSchema = z.object({ id: tokenId, status: toggleStatus });
export type TokenStatusRequest = z.input<typeof TokenStatusRequestSchema>;

/** A token row as the console reads it: `key` without the `sk-` prefix, strings never null. */
export interface Token extends RateLimits, Budget {
  id: number;
  user_id: number;
  key: string;
  status: number;
  name: string;
  created_time: number;
  accessed_time: number;
  expired_time: number;
  remain_quota: number;
  unlimited_quota: boolean;
  used_quota: number;
  models: string;
  subnet: string;
  /** The key's answers are kept in the response cache. */
  response_cache: boolean;
}
