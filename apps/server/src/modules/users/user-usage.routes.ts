import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { currentUser, requireUser } from '../auth/console-roles.js';
import { ok } from '../../http/envelope.js';
import { describeRoutes } from '../../http/openapi/route-description.js';
import { splitList } from '../../lib/list.js';
import { nowSeconds } from '../../lib/random.js';
import { usageByDayAndModel } from '../logs/usage-dashboard.repository.js';
import { availableModels } from './available-models.repository.js';
import { findUserById } from './users.repository.js';

const doc = describeRoutes({ tag: 'Account', auth: 'user' });

/** /api/user/dashboard and /api/user/available_models: what the signed-in user used and may use. */
export const userUsageRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  app.addHook('preHandler', requireUser(ctx));

  app.get('/dashboard', doc('Your usage by day and model'), async (request) => ok(await usageByDayAndModel(ctx.db, ctx.dialect, currentUser(request).id, nowSeconds())));

  app.get('/available_models', doc('The models your group may use', { tag: 'Models and pricing' }), async (request) => {
    const user = await findUserById(ctx.db, currentUser(request).id);
    return ok(await availableModels(ctx.db, splitList(user?.group || 'default')));
  });
};
