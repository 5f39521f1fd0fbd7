import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { currentUser, requireUser } from '../auth/console-roles.js';
import { ok } from '../../http/envelope.js';
import { redeemCode } from './topup.service.js';

/** POST /api/user/topup: redeem a code. Registered under /user beside the account routes, but owned here. */
export const topupRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  app.post('/topup', { preHandler: requireUser(ctx) }, async (request) => ok(await redeemCode(ctx, currentUser(request), request.body)));
};
