import { z } from 'zod';
import { NEVER_EXPIRES, TOKEN_NAME_MAX_LENGTH } from './constants.js';
import { TokenStatus } from './enums.js';
import { rateLimitSchema, type RateLimits } from './rate-limit.js';

/** Texts the console shows as they are; the server sends them in English. */
export const TokenMessages = {
  idInvalid: 'invalid token id',
  nameRequired: 'the token name must not be empty',
  nameTooLong: `the token name must not be longer than ${TOKEN_NAME_MAX_LENGTH} characters`,
  expiredTimeInvalid: 'expired_time must be a unix time in seconds, or -1 for never',
  remainQuotaInvalid: 'remain_quota must be a whole number of 0 or more',
  unlimitedQuotaInvalid: 'unlimited_quota must be true or false',
  statusInvalid: 'status must be 1 (enabled) or 2 (disabled)',
  notFound: 'token not found',
  expiredCannotEnable: 'this token has expired and cannot be enabled: extend its expiry time or set it to never expire first',
  exhaustedCannotEnable: 'this token has used up its quota and cannot be enabled: add remaining quota or make it unlimited first',
} as const;

/** Why a subnet entry was refused, naming the entry so the user can find it in a long list. */
export const invalidSubnetMessage = (entry: string): string =>
  `invalid subnet "${entry}": expected a CIDR such as 192.168.1.0/24 or 2001:db8::/32, several separated by commas`;

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
const remainQuota = z.number({ error: TokenMessages.remainQuotaInvalid }).int(TokenMessages.remainQuotaInvalid).min(0, TokenMessages.remainQuotaInvalid);
const unlimitedQuota = z.boolean({ error: TokenMessages.unlimitedQuotaInvalid });
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
  rpm_limit: rateLimitSchema('rpm_limit').default(0),
  tpm_limit: rateLimitSchema('tpm_limit').default(0),
  concurrency_limit: rateLimitSchema('concurrency_limit').default(0),
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
  rpm_limit: rateLimitSchema('rpm_limit').optional(),
  tpm_limit: rateLimitSchema('tpm_limit').optional(),
  concurrency_limit: rateLimitSchema('concurrency_limit').optional(),
  status: z.number().int().optional(),
});
export type UpdateTokenRequest = z.input<typeof UpdateTokenRequestSchema>;

/** PUT /api/token/?status_only=true: users switch between enabled and disabled only. */
export const TokenStatusRequestSchema = z.object({ id: tokenId, status: toggleStatus });
export type TokenStatusRequest = z.input<typeof TokenStatusRequestSchema>;

/** A token row as the console reads it: `key` without the `sk-` prefix, strings never null. */
export interface Token extends RateLimits {
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
}
