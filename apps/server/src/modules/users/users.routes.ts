import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { currentUser, requireUser } from '../auth/console-roles.js';
import { ok } from '../../http/envelope.js';
import { criticalRateLimit } from '../../http/rate-limit-hook.js';
import { clearSession } from '../../http/session.js';
import { checkTurnstile } from '../auth/turnstile.js';
import { completeSignIn } from './sign-in.js';
import * as service from './users.service.js';

/** /api/user: sign-in, registration and the caller's own account. */
export const userRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const critical = criticalRateLimit(ctx);
  const user = requireUser(ctx);

  app.post('/register', { preHandler: critical }, async (request, reply) => {
    await checkTurnstile(ctx, request, reply);
    await service.register(ctx, request.body);
    return ok(undefined, 'registration successful');
  });

  app.post('/login', { preHandler: critical }, async (request, reply) => {
    return completeSignIn(ctx, request, reply, await service.login(ctx, request.body));
  });

  app.get('/logout', async (_request, reply) => {
    clearSession(reply);
    return ok(undefined);
  });

  app.get('/self', { preHandler: user }, async (request) => ok(await service.getSelf(ctx, currentUser(request).id)));

  app.put('/self', { preHandler: user }, async (request) => {
    await service.updateSelf(ctx, currentUser(request).id, request.body);
    return ok(undefined);
  });

  app.delete('/self', { preHandler: user }, async (request, reply) => {
    const me = currentUser(request);
    await service.deleteSelf(ctx, me.id, me.role);
    clearSession(reply);
    return ok(undefined);
  });

  app.get('/token', { preHandler: user }, async (request) => ok(await service.regenerateAccessToken(ctx, currentUser(request).id)));

  app.get('/aff', { preHandler: user }, async (request) => ok(await service.affiliateCode(ctx, currentUser(request).id)));
};
