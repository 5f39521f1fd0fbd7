import { z } from 'zod';
import { DEFAULT_REDEMPTION_COUNT, DEFAULT_REDEMPTION_QUOTA } from './constants.js';
import { RedemptionStatus } from './enums.js';

export const REDEMPTION_NAME_MAX_LENGTH = 20;
/** one-api's cap on codes made by one request. */
export const REDEMPTION_MAX_COUNT = 100;

/** Texts the console shows as they are; the server sends them in English. */
export const RedemptionMessages = {
  idInvalid: 'invalid redemption code id',
  nameLength: `the redemption code name must be 1 to ${REDEMPTION_NAME_MAX_LENGTH} characters long`,
  quotaInvalid: 'quota must be a whole number of 0 or more',
  quotaTooLarge: 'quota must be at most 2147483647 per code',
  countRange: `the number of codes must be a whole number from 1 to ${REDEMPTION_MAX_COUNT}`,
  statusInvalid: 'status must be 1 (enabled) or 2 (disabled)',
  notFound: 'redemption code not found',
  usedCannotToggle: 'this code has already been used and can no longer be enabled or disabled',
  usedQuotaLocked: 'this code has already been used: its quota can no longer be changed',
  keyRequired: 'please enter the top-up code',
  invalidCode: 'invalid redemption code',
  disabledCode: 'this redemption code has been disabled',
  usedCode: 'this redemption code has already been used',
} as const;

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
