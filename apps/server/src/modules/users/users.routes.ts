import type { FastifyPluginAsync } from 'fastify';
import { LoginRequestSchema, RegisterRequestSchema, UpdateSelfRequestSchema } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import { currentUser, requireUser } from '../auth/console-roles.js';
import { ok } from '../../http/envelope.js';
import { describeRoutes } from '../../http/openapi/route-description.js';
import { criticalRateLimit } from '../../http/rate-limit-hook.js';
import { clearSession } from '../../http/session.js';
import { checkTurnstile } from '../auth/turnstile.js';
import { completeSignIn } from './sign-in.js';
import * as service from './users.service.js';

const doc = describeRoutes({ tag: 'Account', auth: 'user' });

/** /api/user: sign-in, registration and the caller's own account. */
export const userRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const critical = criticalRateLimit(ctx);
  const user = requireUser(ctx);

  app.post('/register', { preHandler: critical, ...doc('Sign up', { auth: 'public', body: RegisterRequestSchema, description: 'Needs a Turnstile token (`?turnstile=`) when the operator turned the check on.' }) }, async (request, reply) => {
    await checkTurnstile(ctx, request, reply);
    await service.register(ctx, request.body);
    return ok(undefined, 'registration successful');
  });

  app.post('/login', { preHandler: critical, ...doc('Sign in with a password', { auth: 'public', body: LoginRequestSchema, description: 'Sets the session cookie. An account with a second factor gets a challenge to answer instead.' }) }, async (request, reply) => {
    return completeSignIn(ctx, request, reply, await service.login(ctx, request.body));
  });

  app.get('/logout', doc('Sign out', { auth: 'public' }), async (_request, reply) => {
    clearSession(reply);
    return ok(undefined);
  });

  app.get('/self', { preHandler: user, ...doc('Your account') }, async (request) => ok(await service.getSelf(ctx, currentUser(request).id)));

  app.put('/self', { preHandler: user, ...doc('Update your account', { body: UpdateSelfRequestSchema }) }, async (request) => {
    await service.updateSelf(ctx, currentUser(request).id, request.body);
    return ok(undefined);
  });

  app.delete('/self', { preHandler: user, ...doc('Delete your account') }, async (request, reply) => {
    const me = currentUser(request);
    await service.deleteSelf(ctx, me.id, me.role);
    clearSession(reply);
    return ok(undefined);
  });

  app.get('/token', { preHandler: user, ...doc('Generate a new system access token', { description: 'The token authorizes the /api routes as `Authorization: <token>`; the previous one stops working.' }) }, async (request) => ok(await service.regenerateAccessToken(ctx, currentUser(request).id)));

  app.get('/aff', { preHandler: user, ...doc('Your invitation code') }, async (request) => ok(await service.affiliateCode(ctx, currentUser(request).id)));
};
