import type { FastifyPluginAsync } from 'fastify';
import { CHANNEL_TYPES, defaultModels } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import { requireUser } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';

/** GET /api/models: channel type id -> default model names, from the catalog (the channel form prefill). */
export const modelCatalogRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const byType = Object.fromEntries(CHANNEL_TYPES.map((type) => [type.id, defaultModels(type.id)]));
  app.get('/', { preHandler: requireUser(ctx) }, async () => ok(byType));
};
