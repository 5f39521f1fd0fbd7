import { AdminUserMessages, ManageUserRequestSchema, Role, UserStatus, type ManageAction, type ManageUserResult } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import type { AuthenticatedUser } from '../auth/console-roles.js';
import { fail } from '../../http/errors.js';
import { outranks } from './admin-users.service.js';
import * as users from './users.repository.js';
import { parseOrFail } from './users.service.js';

/** The role and status a manage action leaves, or the reason it is refused (reference 3.4, "Manage"). */
export function manageTransition(action: ManageAction, target: ManageUserResult, myRole: number): ManageUserResult {
  const isRoot = target.role >= Role.Root;
  switch (action) {
    case 'disable':
      if (isRoot) throw fail(AdminUserMessages.rootCannotBeDisabled);
      return { ...target, status: UserStatus.Disabled };
    case 'enable':
      return { ...target, status: UserStatus.Enabled };
    case 'delete':
      if (isRoot) throw fail(AdminUserMessages.rootCannotBeDeleted);
      return { ...target, status: UserStatus.Deleted };
    case 'promote':
      if (myRole < Role.Root) throw fail(AdminUserMessages.promoteRootOnly);
      if (target.role >= Role.Admin) throw fail(AdminUserMessages.alreadyAdmin);
      return { ...target, role: Role.Admin };
    case 'demote':
      if (isRoot) throw fail(AdminUserMessages.rootCannotBeDemoted);
      if (target.role === Role.Common) throw fail(AdminUserMessages.alreadyCommon);
      return { ...target, role: Role.Common };
  }
}

/** POST /api/user/manage: the console's row buttons. The answer is the row's new role and status. */
export async function manageUser(ctx: AppContext, me: AuthenticatedUser, body: unknown): Promise<ManageUserResult> {
  const { username, action } = parseOrFail(ManageUserRequestSchema, body);
  const target = await users.findLiveUserByUsername(ctx.db, username);
  if (!target) throw fail(AdminUserMessages.notFound);
  if (!outranks(me, target.role)) throw fail(AdminUserMessages.cannotManagePeer);
  const next = manageTransition(action, { role: target.role, status: target.status }, me.role);
  if (action === 'delete') await users.softDeleteUser(ctx.db, target.id);
  else await users.updateUser(ctx.db, target.id, next);
  // Disabling or deleting must stop the user's keys on every node, not only at the next cache expiry.
  await ctx.cacheSync.changed('keys');
  return next;
}
