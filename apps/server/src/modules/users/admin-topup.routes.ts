import type { FastifyPluginAsync } from 'fastify';
import { AdminTopUpRequestSchema } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import { requireAdmin } from '../auth/console-roles.js';
import { ok } from '../../http/envelope.js';
import { describeRoutes } from '../../http/openapi/route-description.js';
import { adminTopUp } from './admin-topup.service.js';

/** POST /api/topup (admin): documented in one-api's docs/API.md for payment integrations. */
export const adminTopupRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  app.post('/', { preHandler: requireAdmin(ctx), ...describeRoutes({ tag: 'Top-up', auth: 'admin' })('Add quota to a user', { body: AdminTopUpRequestSchema, description: 'For payment integrations (one-api\'s docs/API.md).' }) }, async (request) => {
    await adminTopUp(ctx, request.body);
    return ok(undefined);
  });
};
