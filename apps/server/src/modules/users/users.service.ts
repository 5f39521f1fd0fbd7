import {
  LogType,
  logPhrase,
  LoginRequestSchema,
  RegisterRequestSchema,
  Role,
  UpdateSelfRequestSchema,
  USERNAME_MAX_LENGTH,
  UserMessages,
  UserStatus,
  type UserView,
} from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { UserRow } from '../../db/schema.js';
import { fail } from '../../http/errors.js';
import { parseOrFail } from '../../http/validation.js';
import { quotaText } from '../../lib/quota-text.js';
import { uuidHex } from '../../lib/random.js';
import { consumeCode } from '../auth/verification-codes.js';
import { recordLog } from '../logs/logs.repository.js';
import { assignAffiliateCode, createAccount } from './create-account.js';
import { hashPassword, verifyPassword } from './password.js';
import { toUserView } from './user-view.js';
import * as users from './users.repository.js';

// Re-exported for the modules that import it from here; it lives with the error handling in http/.
export { parseOrFail };

export async function login(ctx: AppContext, body: unknown): Promise<UserRow> {
  if (!ctx.options.bool('PasswordLoginEnabled')) throw fail('user.password_login_disabled');
  const { username, password } = parseOrFail(LoginRequestSchema, body);
  const row = await users.findUserForLogin(ctx.db, username);
  // One message for every failure, so the answer does not reveal which accounts exist.
  if (!row || !(await verifyPassword(password, row.password)) || row.status !== UserStatus.Enabled) throw fail('user.login_failed');
  return row;
}

export async function register(ctx: AppContext, body: unknown): Promise<void> {
  const { options, db } = ctx;
  if (!options.bool('RegisterEnabled')) throw fail('user.registration_closed');
  if (!options.bool('PasswordRegisterEnabled')) throw fail('user.password_registration_closed');
  const input = parseOrFail(RegisterRequestSchema, body);
  if (input.password2 !== undefined && input.password2 !== '' && input.password2 !== input.password) throw fail(UserMessages.passwordsDiffer);
  if (options.bool('EmailVerificationEnabled')) {
    if (!input.email || !input.verification_code) throw fail('user.email_verification_required');
    if (!(await consumeCode(db, 'email_verification', input.email, input.verification_code))) throw fail('user.verification_code_invalid');
  }
  if (await users.isUsernameTaken(db, input.username)) throw fail('user.username_taken');
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
    if (isUniqueViolation(error)) throw fail('user.username_taken');
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
    await recordLog(db, { userId: invitee.id, username: invitee.username, type: LogType.System, content: logPhrase('invitationGift', { amount: quotaText(inviteeGift, options) }) });
  }
  if (inviterGift > 0) {
    await users.addUserQuota(db, inviter.id, inviterGift);
    await recordLog(db, { userId: inviter.id, username: inviter.username, type: LogType.System, content: logPhrase('inviterReward', { amount: quotaText(inviterGift, options) }) });
  }
}

export async function getSelf(ctx: AppContext, id: number): Promise<UserView> {
  const row = await users.findUserById(ctx.db, id);
  if (!row) throw fail('user.not_found');
  return toUserView(row);
}

/** Only username, display name and password are taken; role, quota and the rest are ignored. */
export async function updateSelf(ctx: AppContext, id: number, body: unknown): Promise<void> {
  const input = parseOrFail(UpdateSelfRequestSchema, body);
  const patch: { username?: string; display_name?: string; password?: string } = {};
  const current = await users.findUserById(ctx.db, id);
  if (input.username !== undefined && input.username !== current?.username) {
    if (!input.username) throw fail('user.username_empty');
    if (input.username.length > USERNAME_MAX_LENGTH) throw fail(UserMessages.usernameTooLong);
    if (await users.isUsernameTaken(ctx.db, input.username, id)) throw fail('user.username_taken');
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
  if (role >= Role.Root) throw fail('user.root_account_undeletable');
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
  if (!row) throw fail('user.not_found');
  return row.aff_code || assignAffiliateCode(ctx, id);
}
