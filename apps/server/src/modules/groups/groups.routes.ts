import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { requireAdmin } from '../auth/console-roles.js';
import { ok } from '../../http/envelope.js';
import { describeRoutes } from '../../http/openapi/route-description.js';

/** GET /api/group/: the names of the GroupRatio option, for the group pickers of channels and users. */
export const groupRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  app.get('/', { preHandler: requireAdmin(ctx), ...describeRoutes({ tag: 'Groups', auth: 'admin' })('The group names') }, async () => ok(groupNames(ctx.options.str('GroupRatio'))));
};

export function groupNames(groupRatioJson: string): string[] {
  try {
    const parsed: unknown = JSON.parse(groupRatioJson);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? Object.keys(parsed) : [];
  } catch {
    return [];
  }
}
