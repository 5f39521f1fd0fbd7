import type { FastifyPluginAsync } from 'fastify';
import { EVERY_GROUP, GroupModelsQuerySchema } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import { requireAdmin } from '../auth/console-roles.js';
import { ok } from '../../http/envelope.js';
import { describeRoutes } from '../../http/openapi/route-description.js';
import { availableModels, everyAvailableModel } from '../users/available-models.repository.js';
import { parseOrFail } from '../users/users.service.js';

const doc = describeRoutes({ tag: 'Groups', auth: 'admin' });

/**
 * GET /api/group/: the names of the GroupRatio option, for the group pickers of channels and users.
 * GET /api/group/models: the models a group's channels serve, for the fallback chain editor's model pickers.
 */
export const groupRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  app.get('/', { preHandler: requireAdmin(ctx), ...doc('The group names') }, async () => ok(groupNames(ctx.options.str('GroupRatio'))));

  app.get('/models', { preHandler: requireAdmin(ctx), ...doc('The models the enabled channels of a group serve', { query: GroupModelsQuerySchema, description: '`?group=*` lists those of every group.' }) }, async (request) => {
    const { group } = parseOrFail(GroupModelsQuerySchema, request.query);
    return ok(group === EVERY_GROUP ? await everyAvailableModel(ctx.db) : await availableModels(ctx.db, [group]));
  });
};

export function groupNames(groupRatioJson: string): string[] {
  try {
    const parsed: unknown = JSON.parse(groupRatioJson);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? Object.keys(parsed) : [];
  } catch {
    return [];
  }
}
