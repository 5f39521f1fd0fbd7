import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { currentUser, requireUser } from './console-roles.js';
import { ok } from '../../http/envelope.js';
import { describeRoutes } from '../../http/openapi/route-description.js';
import { queryText } from '../../http/query.js';
import { criticalRateLimit } from '../../http/rate-limit-hook.js';
import * as service from './email-auth.service.js';
import { checkTurnstile } from './turnstile.js';

const doc = describeRoutes({ tag: 'Account', auth: 'public' });

/** Email codes, password reset and email binding; every route sends mail or checks a code, so all are rate limited. */
export const emailAuthRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const critical = criticalRateLimit(ctx);
  const user = requireUser(ctx);

  app.get('/verification', { preHandler: critical, ...doc('Mail a verification code to `?email=`') }, async (request, reply) => {
    await checkTurnstile(ctx, request, reply);
    await service.sendVerificationCode(ctx, queryText(request.query, 'email'));
    return ok(undefined);
  });

  app.get('/reset_password', { preHandler: critical, ...doc('Mail a password reset link to `?email=`') }, async (request, reply) => {
    await checkTurnstile(ctx, request, reply);
    await service.sendPasswordReset(ctx, queryText(request.query, 'email'), `${request.protocol}://${request.host}`);
    return ok(undefined);
  });

  app.post('/user/reset', { preHandler: critical, ...doc('Reset a password with the mailed link\'s token', { body: service.ResetSchema, description: 'Answers the new random password once.' }) }, async (request) => ok(await service.resetPassword(ctx, request.body)));

  app.get('/oauth/email/bind', { preHandler: [user, critical], ...doc('Bind `?email=` to your account with its mailed `?code=`', { tag: 'Sign-in providers', auth: 'user' }) }, async (request, reply) => {
    await checkTurnstile(ctx, request, reply);
    await service.bindEmail(ctx, currentUser(request).id, queryText(request.query, 'email'), queryText(request.query, 'code'));
    return ok(undefined);
  });
};
