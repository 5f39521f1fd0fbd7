import type { FastifyPluginAsync } from 'fastify';
import { LogType, logPhrase, UserStatus } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { ApiError, fail } from '../../http/errors.js';
import { describeRoutes } from '../../http/openapi/route-description.js';
import { queryText } from '../../http/query.js';
import { currentUser, requireAdmin } from '../auth/console-roles.js';
import { recordLog } from '../logs/logs.repository.js';
import { deleteAllPasskeys } from '../passkeys/passkeys.repository.js';
import { findUserById } from '../users/users.repository.js';
import { deleteTwoFactor } from './two-factor.repository.js';

const doc = describeRoutes({ tag: 'Users', auth: 'admin' });

/**
 * DELETE /api/user/:id/2fa: an administrator turns off the two-factor sign-in of a user of lower role who lost
 * both the phone and the recovery codes: the TOTP authenticator and every passkey go (the answer says how many
 * passkeys, the user's management log too); the user signs in with the password alone and can enrol again.
 */
export const twoFactorAdminRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  app.delete('/:id/2fa', { preHandler: requireAdmin(ctx), ...doc("Turn off a user's two-factor sign-in", { description: 'For a user of lower role who lost the authenticator and the recovery codes. Removes the TOTP authenticator and every passkey of the user; answers `passkeys_removed`.' }) }, async (request) => {
    const text = queryText(request.params, 'id');
    if (!/^\d{1,12}$/.test(text) || Number(text) === 0) throw new ApiError('user.id_invalid', { field: 'id' }, 400);
    const target = await findUserById(ctx.db, Number(text));
    if (!target || target.status === UserStatus.Deleted) throw fail('user.not_found');
    if (currentUser(request).role <= target.role) throw fail('user.cannot_manage_peer');
    await deleteTwoFactor(ctx.db, target.id);
    // Passkeys are second factors too (and sign in alone): a lost-device reset takes them as well, and says so.
    const passkeys = await deleteAllPasskeys(ctx.db, target.id);
    if (passkeys > 0) {
      const content = logPhrase('passkeysResetByAdministrator', { count: passkeys, admin: currentUser(request).username });
      await recordLog(ctx.db, { userId: target.id, username: target.username, type: LogType.Manage, content });
    }
    return ok({ passkeys_removed: passkeys });
  });
};
