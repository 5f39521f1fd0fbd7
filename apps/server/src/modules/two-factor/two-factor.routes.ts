import type { FastifyPluginAsync } from 'fastify';
import { SecondFactorRequestSchema, TotpCodeRequestSchema, UserStatus } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { describeRoutes } from '../../http/openapi/route-description.js';
import { fail, tooManyRequests } from '../../http/errors.js';
import { criticalRateLimit } from '../../http/rate-limit-hook.js';
import { readSession, writeSession } from '../../http/session.js';
import { currentUser, requireUser } from '../auth/console-roles.js';
import { finishSignIn } from '../users/sign-in.js';
import { findUserById } from '../users/users.repository.js';
import { parseStrict } from './parse-strict.js';
import { pendingUserId, SECOND_STEP_ATTEMPTS_PER_ACCOUNT, SECOND_STEP_WINDOW_SECONDS } from './pending-sign-in.js';
import * as service from './two-factor.service.js';
import { verifySecondFactor } from './verify-second-factor.js';


/**
 * /api/user/2fa/* (the caller's own TOTP: status, setup, enable, disable, backup_codes, as new-api names them)
 * and /api/user/login/2fa, the second sign-in step. Everything that takes a code is limited like the password
 * sign-in (per address), and the second step also per account.
 */
const doc = describeRoutes({ tag: 'Account', auth: 'user' });

export const twoFactorRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const critical = criticalRateLimit(ctx);
  const user = requireUser(ctx);

  app.get('/2fa/status', { preHandler: user, ...doc('Whether your two-factor sign-in is on') }, async (request) => ok(await service.status(ctx, currentUser(request))));
  app.post('/2fa/setup', { preHandler: [critical, user], ...doc('Start enrolling an authenticator', { description: 'Answers the secret, its otpauth:// URI and a QR code; nothing is on until /2fa/enable confirms a code.' }) }, async (request) => ok(await service.setup(ctx, currentUser(request))));
  app.post('/2fa/enable', { preHandler: [critical, user], ...doc('Turn two-factor sign-in on with a current code', { body: TotpCodeRequestSchema, description: 'Answers the recovery codes, shown once.' }) }, async (request) => ok(await service.enable(ctx, currentUser(request), request.body)));
  app.post('/2fa/disable', { preHandler: [critical, user], ...doc('Turn two-factor sign-in off with a code or a recovery code', { body: SecondFactorRequestSchema }) }, async (request) => {
    await service.disable(ctx, currentUser(request), request.body);
    return ok(undefined);
  });
  app.post('/2fa/backup_codes', { preHandler: [critical, user], ...doc('Replace your recovery codes', { body: TotpCodeRequestSchema }) }, async (request) => ok(await service.regenerateRecoveryCodes(ctx, currentUser(request), request.body)));

  app.post('/login/2fa', { preHandler: critical, ...doc('Sign in, second step: a code or a recovery code', { auth: 'public', body: SecondFactorRequestSchema, description: 'After POST /api/user/login answered a challenge; limited per address and per account.' }) }, async (request, reply) => {
    const factor = parseStrict(SecondFactorRequestSchema, request.body);
    const session = readSession(request, ctx.sessions);
    const userId = pendingUserId(session);
    if (!ctx.config.DEBUG && !(await ctx.rateLimits.hit(`2FA${userId}`, SECOND_STEP_ATTEMPTS_PER_ACCOUNT, SECOND_STEP_WINDOW_SECONDS))) throw tooManyRequests();
    const row = await findUserById(ctx.db, userId);
    if (!row || row.status !== UserStatus.Enabled) {
      const { pending_2fa: _dropped, ...rest } = session;
      writeSession(request, reply, ctx.sessions, rest);
      throw fail('user.login_failed');
    }
    await verifySecondFactor(ctx, await service.enabledRow(ctx, userId), factor);
    return finishSignIn(ctx, request, reply, row, true);
  });
};
