import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { requireUser } from '../auth/console-roles.js';
import { ok } from '../../http/envelope.js';
import { describeRoutes } from '../../http/openapi/route-description.js';
import { defaultModelLists } from './default-model-lists.js';

/** GET /api/models: channel type id -> default model names, current models first (the channel form prefill). */
export const modelCatalogRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  app.get('/', { preHandler: requireUser(ctx), ...describeRoutes({ tag: 'Models and pricing', auth: 'user' })('The default models of each channel type') }, async () => ok(defaultModelLists(ctx.relay.priceSources)));
};
