import type { FastifyPluginAsync } from 'fastify';
import { TopUpRequestSchema } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import { currentUser, requireUser } from '../auth/console-roles.js';
import { ok } from '../../http/envelope.js';
import { describeRoutes } from '../../http/openapi/route-description.js';
import { redeemCode } from './topup.service.js';

const doc = describeRoutes({ tag: 'Top-up', auth: 'user' });

/** POST /api/user/topup: redeem a code. Registered under /user beside the account routes, but owned here. */
export const topupRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  app.post('/topup', { preHandler: requireUser(ctx), ...doc('Redeem a code', { body: TopUpRequestSchema, description: 'Answers the quota added.' }) }, async (request) => ok(await redeemCode(ctx, currentUser(request), request.body)));
};
