import { assertBudgetPair } from '../budgets/budget-fields.js';
import {
  AdminUpdateUserRequestSchema,
  RATE_LIMIT_FIELDS,
  AdminUserMessages,
  CreateUserRequestSchema,
  LogType,
  logPhrase,
  PasswordSchema,
  Role,
  UserStatus,
  type UserOrder,
  type UserView,
} from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { UserRow, UserUpdate } from '../../db/schema.js';
import type { AuthenticatedUser } from '../auth/console-roles.js';
import { fail } from '../../http/errors.js';
import { quotaText } from '../../lib/quota-text.js';
import { recordLog } from '../logs/logs.repository.js';
import { createAccount } from './create-account.js';
import { hashPassword } from './password.js';
import { toUserView } from './user-view.js';
import * as users from './users.repository.js';
import { parseOrFail } from './users.service.js';

/** Nobody acts on a user of equal or higher role, except root, who may act on anyone. */
export const outranks = (me: AuthenticatedUser, targetRole: number): boolean => me.role >= Role.Root || me.role > targetRole;

/** A user the admin screens may see: deleted accounts count as gone. */
export async function findLiveUser(ctx: AppContext, id: number): Promise<UserRow> {
  const row = await users.findUserById(ctx.db, id);
  if (!row || row.status === UserStatus.Deleted) throw fail(AdminUserMessages.notFound);
  return row;
}

export const listUsers = async (ctx: AppContext, page: number, order: UserOrder): Promise<UserView[]> => (await users.listUsers(ctx.db, page, order)).map(toUserView);

export const searchUsers = async (ctx: AppContext, keyword: string): Promise<UserView[]> => (await users.searchUsers(ctx.db, keyword)).map(toUserView);

export async function getUser(ctx: AppContext, me: AuthenticatedUser, id: number): Promise<UserView> {
  const row = await findLiveUser(ctx, id);
  if (!outranks(me, row.role)) throw fail(AdminUserMessages.cannotViewPeer);
  return toUserView(row);
}

/** POST /api/user/: always a common user, made as registration makes one (new-user quota, default key). */
export async function createUser(ctx: AppContext, body: unknown): Promise<void> {
  const input = parseOrFail(CreateUserRequestSchema, body);
  if (await users.isUsernameTaken(ctx.db, input.username)) throw fail(AdminUserMessages.usernameTaken);
  try {
    await createAccount(ctx, { username: input.username, password: input.password, displayName: input.display_name });
  } catch (error) {
    // Two admins adding the same name at once: the unique index decides.
    if (isUniqueViolation(error)) throw fail(AdminUserMessages.usernameTaken);
    throw error;
  }
}

/**
 * PUT /api/user/: username, display name, password ('' keeps it), group, quota and rate limits. Absent fields stay as
 * they are; quota 0 is a value (one-api could not set it); the role is never changed here.
 */
export async function updateUser(ctx: AppContext, me: AuthenticatedUser, body: unknown): Promise<void> {
  const input = parseOrFail(AdminUpdateUserRequestSchema, body);
  const target = await findLiveUser(ctx, input.id);
  if (!outranks(me, target.role)) throw fail(AdminUserMessages.cannotEditPeer);
  const patch: UserUpdate = {};
  if (input.username !== undefined && input.username !== target.username) {
    if (await users.isUsernameTaken(ctx.db, input.username, target.id)) throw fail(AdminUserMessages.usernameTaken);
    patch.username = input.username;
  }
  if (input.display_name != null) patch.display_name = input.display_name;
  if (input.password) patch.password = await hashPassword(parseOrFail(PasswordSchema, input.password));
  if (input.group) patch.group = input.group;
  if (input.quota !== undefined) patch.quota = input.quota;
  for (const field of RATE_LIMIT_FIELDS) if (input[field] !== undefined) patch[field] = input[field];
  if (input.budget_amount !== undefined) patch.budget_amount = input.budget_amount;
  if (input.budget_period !== undefined) patch.budget_period = input.budget_period;
  assertBudgetPair(Number(patch.budget_amount ?? target.budget_amount ?? 0), String(patch.budget_period ?? target.budget_period ?? ''));
  if (Object.keys(patch).length === 0) return;

  await ctx.db.transaction().execute(async (trx) => {
    await users.updateUser(trx, target.id, patch);
    if (patch.quota !== undefined && patch.quota !== target.quota) {
      const content = logPhrase('quotaChanged', { admin: me.username, from: quotaText(target.quota, ctx.options), to: quotaText(patch.quota, ctx.options) });
      await recordLog(trx, { userId: target.id, username: patch.username ?? target.username, type: LogType.Manage, content });
    }
  });
  // The relay caches each key's owner (name, group, limits); make every node read them again.
  if (patch.username !== undefined || patch.group !== undefined || RATE_LIMIT_FIELDS.some((field) => patch[field] !== undefined) || patch.budget_amount !== undefined || patch.budget_period !== undefined) await ctx.cacheSync.changed('keys');
}

/** DELETE /api/user/:id: a soft delete, only of a user of lower role (root cannot be deleted, even by root). */
export async function deleteUser(ctx: AppContext, me: AuthenticatedUser, id: number): Promise<void> {
  const target = await findLiveUser(ctx, id);
  if (me.role <= target.role) throw fail(AdminUserMessages.cannotDeletePeer);
  await users.softDeleteUser(ctx.db, target.id);
  await ctx.cacheSync.changed('keys');
}
