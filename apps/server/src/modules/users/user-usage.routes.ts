import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { currentUser, requireUser } from '../auth/console-roles.js';
import { ok } from '../../http/envelope.js';
import { splitList } from '../../lib/list.js';
import { nowSeconds } from '../../lib/random.js';
import { usageByDayAndModel } from '../logs/usage-dashboard.repository.js';
import { availableModels } from './available-models.repository.js';
import { findUserById } from './users.repository.js';

/** /api/user/dashboard and /api/user/available_models: what the signed-in user used and may use. */
export const userUsageRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  app.addHook('preHandler', requireUser(ctx));

  app.get('/dashboard', async (request) => ok(await usageByDayAndModel(ctx.db, ctx.dialect, currentUser(request).id, nowSeconds())));

  app.get('/available_models', async (request) => {
    const user = await findUserById(ctx.db, currentUser(request).id);
    return ok(await availableModels(ctx.db, splitList(user?.group || 'default')));
  });
};
