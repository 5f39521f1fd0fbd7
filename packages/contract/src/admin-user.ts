import { z } from 'zod';
import { DISPLAY_NAME_MAX_LENGTH } from './constants.js';
import { rateLimitSchema } from './rate-limit.js';
import { PasswordSchema, UsernameSchema } from './user.js';

/** Texts of the admin user routes; the console shows them as they are. */
export const AdminUserMessages = {
  idInvalid: 'invalid user id',
  notFound: 'user not found',
  cannotViewPeer: 'no permission to view a user of equal or higher role',
  cannotEditPeer: 'no permission to edit a user of equal or higher role',
  cannotManagePeer: 'no permission to manage a user of equal or higher role',
  cannotDeletePeer: 'no permission to delete a user of equal or higher role',
  usernameTaken: 'this username is already taken',
  actionInvalid: 'action must be one of disable, enable, delete, promote, demote',
  rootCannotBeDisabled: 'the super administrator cannot be disabled',
  rootCannotBeDeleted: 'the super administrator cannot be deleted',
  rootCannotBeDemoted: 'the super administrator cannot be demoted',
  promoteRootOnly: 'only the super administrator can promote users to administrator',
  alreadyAdmin: 'this user is already an administrator',
  alreadyCommon: 'this user is already a common user',
  quotaInvalid: 'quota must be a whole number',
  topUpQuotaInvalid: 'quota must be a whole number greater than 0',
  topUpQuotaTooLarge: 'quota must be at most 2147483647 per top-up',
  groupTooLong: 'the group must not be longer than 32 characters',
  displayNameTooLong: `the display name must not be longer than ${DISPLAY_NAME_MAX_LENGTH} characters`,
} as const;

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
  quota: z.number({ error: AdminUserMessages.quotaInvalid }).int(AdminUserMessages.quotaInvalid).optional(),
  rpm_limit: rateLimitSchema('rpm_limit').optional(),
  tpm_limit: rateLimitSchema('tpm_limit').optional(),
  concurrency_limit: rateLimitSchema('concurrency_limit').optional(),
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
