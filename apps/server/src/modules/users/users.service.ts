import {
  LogType,
  LoginRequestSchema,
  RATE_LIMIT_FIELDS,
  RegisterRequestSchema,
  Role,
  UpdateSelfRequestSchema,
  USERNAME_MAX_LENGTH,
  UserMessages,
  UserStatus,
  type UserView,
} from '@tollgate/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { UserRow } from '../../db/schema.js';
import { ApiError, fail } from '../../http/errors.js';
import { quotaText } from '../../lib/quota-text.js';
import { uuidHex } from '../../lib/random.js';
import { consumeCode } from '../auth/verification-codes.js';
import { recordLog } from '../logs/logs.repository.js';
import { assignAffiliateCode, createAccount } from './create-account.js';
import { hashPassword, verifyPassword } from './password.js';
import { toUserView } from './user-view.js';
import * as users from './users.repository.js';

/** The first message of a failed zod parse, which the console shows as is. */
export function parseOrFail<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) {
    const issue = result.error.issues[0];
    // A rate limit that is not a non-negative integer is bad input, answered 400 (issue 14), not a business failure.
    if (issue && (RATE_LIMIT_FIELDS as readonly PropertyKey[]).includes(issue.path[0] ?? '')) throw new ApiError(issue.message, 400, 'invalid_parameters');
    throw fail(issue?.message ?? 'invalid parameters', 'invalid_parameters');
  }
  return result.data;
}

const LOGIN_FAILED = 'username or password is wrong, or the user has been banned';

export async function login(ctx: AppContext, body: unknown): Promise<UserRow> {
  if (!ctx.options.bool('PasswordLoginEnabled')) throw fail('password login has been disabled by the administrator');
  const { username, password } = parseOrFail(LoginRequestSchema, body);
  const row = await users.findUserForLogin(ctx.db, username);
  // One message for every failure, so the answer does not reveal which accounts exist.
  if (!row || !(await verifyPassword(password, row.password)) || row.status !== UserStatus.Enabled) throw fail(LOGIN_FAILED, 'login_failed');
  return row;
}

export async function register(ctx: AppContext, body: unknown): Promise<void> {
  const { options, db } = ctx;
  if (!options.bool('RegisterEnabled')) throw fail('new user registration has been disabled by the administrator');
  if (!options.bool('PasswordRegisterEnabled')) throw fail('registration by password has been disabled by the administrator; use a third-party sign-in');
  const input = parseOrFail(RegisterRequestSchema, body);
  if (input.password2 !== undefined && input.password2 !== '' && input.password2 !== input.password) throw fail(UserMessages.passwordsDiffer);
  if (options.bool('EmailVerificationEnabled')) {
    if (!input.email || !input.verification_code) throw fail('email verification is on: the email address and its verification code are required');
    if (!(await consumeCode(db, 'email_verification', input.email, input.verification_code))) throw fail('the verification code is wrong or has expired');
  }
  if (await users.isUsernameTaken(db, input.username)) throw fail('this username is already taken');
  const inviter = input.aff_code ? await users.findUserByAffCode(db, input.aff_code) : undefined;
  let userId: number;
  try {
    userId = await createAccount(ctx, {
      username: input.username,
      password: input.password,
      displayName: input.display_name ?? '',
      email: options.bool('EmailVerificationEnabled') ? input.email : '',
      inviterId: inviter?.id,
    });
  } catch (error) {
    // Two sign-ups of one name at once both pass the check above: the unique index decides.
    if (isUniqueViolation(error)) throw fail('this username is already taken');
    throw error;
  }
  if (inviter) await rewardInvitation(ctx, { id: userId, username: input.username }, inviter);
}

/** The invitation gifts of registration (QuotaForInvitee, QuotaForInviter), each logged; third-party sign-up gives them too. */
export async function rewardInvitation(ctx: AppContext, invitee: { id: number; username: string }, inviter: { id: number; username: string }) {
  const { db, options } = ctx;
  const inviteeGift = options.num('QuotaForInvitee');
  const inviterGift = options.num('QuotaForInviter');
  if (inviteeGift > 0) {
    await users.addUserQuota(db, invitee.id, inviteeGift);
    await recordLog(db, { userId: invitee.id, username: invitee.username, type: LogType.System, content: `invitation gift: ${quotaText(inviteeGift, options)}` });
  }
  if (inviterGift > 0) {
    await users.addUserQuota(db, inviter.id, inviterGift);
    await recordLog(db, { userId: inviter.id, username: inviter.username, type: LogType.System, content: `reward for inviting a user: ${quotaText(inviterGift, options)}` });
  }
}

export async function getSelf(ctx: AppContext, id: number): Promise<UserView> {
  const row = await users.findUserById(ctx.db, id);
  if (!row) throw fail('user not found');
  return toUserView(row);
}

/** Only username, display name and password are taken; role, quota and the rest are ignored. */
export async function updateSelf(ctx: AppContext, id: number, body: unknown): Promise<void> {
  const input = parseOrFail(UpdateSelfRequestSchema, body);
  const patch: { username?: string; display_name?: string; password?: string } = {};
  const current = await users.findUserById(ctx.db, id);
  if (input.username !== undefined && input.username !== current?.username) {
    if (!input.username) throw fail('the username must not be empty');
    if (input.username.length > USERNAME_MAX_LENGTH) throw fail(UserMessages.usernameTooLong);
    if (await users.isUsernameTaken(ctx.db, input.username, id)) throw fail('this username is already taken');
    patch.username = input.username;
  }
  if (input.display_name !== undefined) patch.display_name = input.display_name;
  if (input.password) {
    if (input.password.length < 8) throw fail(UserMessages.passwordTooShort);
    if (input.password.length > 20) throw fail(UserMessages.passwordTooLong);
    patch.password = await hashPassword(input.password);
  }
  if (Object.keys(patch).length > 0) await users.updateUser(ctx.db, id, patch);
}

/** A soft delete, as one-api does: the name is freed and the account can no longer sign in. */
export async function deleteSelf(ctx: AppContext, id: number, role: number): Promise<void> {
  if (role >= Role.Root) throw fail('the super administrator account cannot be deleted');
  await users.softDeleteUser(ctx.db, id);
  // The relay caches each key with its owner's status; stop the deleted user's keys on every node now.
  await ctx.cacheSync.changed('keys');
}

export async function regenerateAccessToken(ctx: AppContext, id: number): Promise<string> {
  const token = uuidHex();
  await users.updateUser(ctx.db, id, { access_token: token });
  return token;
}

export async function affiliateCode(ctx: AppContext, id: number): Promise<string> {
  const row = await users.findUserById(ctx.db, id);
  if (!row) throw fail('user not found');
  return row.aff_code || assignAffiliateCode(ctx, id);
}
