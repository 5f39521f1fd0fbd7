import { z } from 'zod';
import { DISPLAY_NAME_MAX_LENGTH } from './constants.js';
import type { MessageCode } from './messages/catalog.js';
import { rateLimitSchema } from './rate-limit.js';
import { budgetAmountSchema, budgetPeriodSchema } from './budget.js';
import { PasswordSchema, UsernameSchema } from './user.js';

/** Codes of the admin user routes' messages (messages/account-messages.ts). */
export const AdminUserMessages = {
  idInvalid: 'user.id_invalid',
  notFound: 'user.not_found',
  cannotViewPeer: 'user.cannot_view_peer',
  cannotEditPeer: 'user.cannot_edit_peer',
  cannotManagePeer: 'user.cannot_manage_peer',
  cannotDeletePeer: 'user.cannot_delete_peer',
  usernameTaken: 'user.username_taken',
  actionInvalid: 'user.action_invalid',
  rootCannotBeDisabled: 'user.root_cannot_be_disabled',
  rootCannotBeDeleted: 'user.root_cannot_be_deleted',
  rootCannotBeDemoted: 'user.root_cannot_be_demoted',
  promoteRootOnly: 'user.promote_root_only',
  alreadyAdmin: 'user.already_admin',
  alreadyCommon: 'user.already_common',
  quotaInvalid: 'user.quota_invalid',
  topUpQuotaInvalid: 'user.topup_quota_invalid',
  topUpQuotaTooLarge: 'user.topup_quota_too_large',
  groupTooLong: 'user.group_too_long',
  displayNameTooLong: 'user.display_name_too_long',
} as const satisfies Record<string, MessageCode>;

/** User list orders of one-api's console; anything else lists newest first. */
export const USER_ORDERS = ['', 'quota', 'used_quota', 'request_count'] as const;
export type UserOrder = (typeof USER_ORDERS)[number];

const userId = z.number({ error: AdminUserMessages.idInvalid }).int(AdminUserMessages.idInvalid).positive(AdminUserMessages.idInvalid);
const displayName = z.string().max(DISPLAY_NAME_MAX_LENGTH, AdminUserMessages.displayNameTooLong);

/** POST /api/user/: the new user is always a common user, whatever else the body says. */
export const CreateUserRequestSchema = z.object({ username: UsernameSchema, password: PasswordSchema, display_name: displayName.optional().default('') });
export type CreateUserRequest = z.input<typeof CreateUserRequestSchema>;

/**
 * PUT /api/user/: the console sends the whole loaded user back with `password: ''`; only these fields are
 * taken (never the role), absent ones are left as they are, and quota 0 is a real value.
 */
export const AdminUpdateUserRequestSchema = z.object({
  id: userId,
  username: UsernameSchema.optional(),
  display_name: displayName.nullish(),
  password: z.string().nullish(),
  group: z.string().trim().max(32, AdminUserMessages.groupTooLong).nullish(),
  // A balance the relay ran below 0 (a request that cost more than it reserved) is a debt; an administrator sets 0 or more.
  quota: z.number({ error: AdminUserMessages.quotaInvalid }).int(AdminUserMessages.quotaInvalid).min(0, AdminUserMessages.quotaInvalid).max(Number.MAX_SAFE_INTEGER, AdminUserMessages.quotaInvalid).optional(),
  rpm_limit: rateLimitSchema().optional(),
  tpm_limit: rateLimitSchema().optional(),
  concurrency_limit: rateLimitSchema().optional(),
  budget_amount: budgetAmountSchema().optional(),
  budget_period: budgetPeriodSchema().optional(),
});
export type AdminUpdateUserRequest = z.input<typeof AdminUpdateUserRequestSchema>;

export const MANAGE_ACTIONS = ['disable', 'enable', 'delete', 'promote', 'demote'] as const;
export type ManageAction = (typeof MANAGE_ACTIONS)[number];

/** POST /api/user/manage */
export const ManageUserRequestSchema = z.object({
  username: z.string({ error: AdminUserMessages.notFound }).trim().min(1, AdminUserMessages.notFound),
  action: z.enum(MANAGE_ACTIONS, { error: AdminUserMessages.actionInvalid }),
});
export type ManageUserRequest = z.input<typeof ManageUserRequestSchema>;

/** POST /api/user/manage data: the row takes these values in the console. */
export interface ManageUserResult {
  role: number;
  status: number;
}

/** POST /api/topup (admin; payment integrations call it): adds quota and writes a top-up log. */
export const AdminTopUpRequestSchema = z.object({
  user_id: userId,
  // The top-up log records it in one-api's 32-bit quota column: PostgreSQL and MySQL refuse a larger number.
  quota: z
    .number({ error: AdminUserMessages.topUpQuotaInvalid })
    .int(AdminUserMessages.topUpQuotaInvalid)
    .positive(AdminUserMessages.topUpQuotaInvalid)
    .max(2 ** 31 - 1, AdminUserMessages.topUpQuotaTooLarge),
  remark: z.string().nullish(),
});
export type AdminTopUpRequest = z.input<typeof AdminTopUpRequestSchema>;
