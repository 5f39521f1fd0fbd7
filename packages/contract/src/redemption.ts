import { z } from 'zod';
import { DEFAULT_REDEMPTION_COUNT, DEFAULT_REDEMPTION_QUOTA } from './constants.js';
import { RedemptionStatus } from './enums.js';
import type { MessageCode } from './messages/catalog.js';

export const REDEMPTION_NAME_MAX_LENGTH = 20;
/** one-api's cap on codes made by one request. */
export const REDEMPTION_MAX_COUNT = 100;

/** Codes of the redemption routes' messages (messages/resource-messages.ts). */
export const RedemptionMessages = {
  idInvalid: 'redemption.id_invalid',
  nameLength: 'redemption.name_length',
  quotaInvalid: 'redemption.quota_invalid',
  quotaTooLarge: 'redemption.quota_too_large',
  countRange: 'redemption.count_range',
  statusInvalid: 'redemption.status_invalid',
  notFound: 'redemption.not_found',
  usedCannotToggle: 'redemption.used_cannot_toggle',
  usedQuotaLocked: 'redemption.used_quota_locked',
  keyRequired: 'redemption.key_required',
  invalidCode: 'redemption.invalid_code',
  disabledCode: 'redemption.disabled_code',
  usedCode: 'redemption.used_code',
} as const satisfies Record<string, MessageCode>;

const redemptionId = z.number({ error: RedemptionMessages.idInvalid }).int(RedemptionMessages.idInvalid).positive(RedemptionMessages.idInvalid);
const name = z
  .string({ error: RedemptionMessages.nameLength })
  .trim()
  .refine((value) => value.length > 0 && [...value].length <= REDEMPTION_NAME_MAX_LENGTH, RedemptionMessages.nameLength);
// Redeeming a code records its quota in the top-up log's 32-bit column: a larger code could not be redeemed
// on PostgreSQL or MySQL (500), so it is not made.
const quota = z
  .number({ error: RedemptionMessages.quotaInvalid })
  .int(RedemptionMessages.quotaInvalid)
  .min(0, RedemptionMessages.quotaInvalid)
  .max(2 ** 31 - 1, RedemptionMessages.quotaTooLarge);

/** POST /api/redemption/: `count` codes of `quota` each; the answer's data is the list of codes. */
export const CreateRedemptionRequestSchema = z.object({
  name,
  quota: quota.default(DEFAULT_REDEMPTION_QUOTA),
  count: z
    .number({ error: RedemptionMessages.countRange })
    .int(RedemptionMessages.countRange)
    .min(1, RedemptionMessages.countRange)
    .max(REDEMPTION_MAX_COUNT, RedemptionMessages.countRange)
    .default(DEFAULT_REDEMPTION_COUNT),
});
export type CreateRedemptionRequest = z.input<typeof CreateRedemptionRequestSchema>;

/** PUT /api/redemption/: name and quota; the console sends the whole row back, other fields are ignored. */
export const UpdateRedemptionRequestSchema = z.object({ id: redemptionId, name: name.optional(), quota: quota.optional() });
export type UpdateRedemptionRequest = z.input<typeof UpdateRedemptionRequestSchema>;

/** PUT /api/redemption/?status_only=true: enable or disable an unused code. */
export const RedemptionStatusRequestSchema = z.object({
  id: redemptionId,
  status: z
    .number({ error: RedemptionMessages.statusInvalid })
    .refine((value) => value === RedemptionStatus.Unused || value === RedemptionStatus.Disabled, RedemptionMessages.statusInvalid),
});
export type RedemptionStatusRequest = z.input<typeof RedemptionStatusRequestSchema>;

/** POST /api/user/topup: the answer's data is the quota added. */
export const TopUpRequestSchema = z.object({ key: z.string({ error: RedemptionMessages.keyRequired }).trim().min(1, RedemptionMessages.keyRequired) });
export type TopUpRequest = z.input<typeof TopUpRequestSchema>;

/** A redemption code as the console reads it; `user_id` is the admin who made it. */
export interface Redemption {
  id: number;
  user_id: number;
  key: string;
  status: number;
  name: string;
  quota: number;
  created_time: number;
  redeemed_time: number;
}
