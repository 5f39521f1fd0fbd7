import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AnalyticsMessages, AnalyticsRangeQuerySchema, AnalyticsTopQuerySchema } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import { fail } from '../../http/errors.js';
import { currentUser, requireAdmin, requireUser } from '../auth/console-roles.js';
import { ok } from '../../http/envelope.js';
import { parseOrFail } from '../users/users.service.js';
import { scopeOf } from './analytics-scope.js';
import * as service from './analytics.service.js';

const rangeOf = (request: FastifyRequest) => parseOrFail(AnalyticsRangeQuerySchema, request.query);

/**
 * /api/analytics: usage over a range from the hourly rollups, of every user for admins; /api/analytics/self/*
 * the same for the caller's own keys (which name no other user and no channel).
 */
export const analyticsRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const admin = { preHandler: requireAdmin(ctx) };
  const user = { preHandler: requireUser(ctx) };

  app.get('/summary', admin, async (request) => {
    const range = rangeOf(request);
    return ok(await service.summary(ctx.db, scopeOf(range), range));
  });

  app.get('/top', admin, async (request) => {
    const range = rangeOf(request);
    return ok(await service.top(ctx.db, scopeOf(range), parseOrFail(AnalyticsTopQuerySchema, request.query)));
  });

  app.get('/channels', admin, async (request) => ok(await service.channels(ctx.db, scopeOf(rangeOf(request)))));

  app.get('/self/summary', user, async (request) => {
    const range = rangeOf(request);
    return ok(await service.summary(ctx.db, scopeOf(range, currentUser(request).id), range));
  });

  app.get('/self/top', user, async (request) => {
    const range = rangeOf(request);
    const query = parseOrFail(AnalyticsTopQuerySchema, request.query);
    if (query.dimension !== 'token' && query.dimension !== 'model') throw fail(AnalyticsMessages.selfDimension);
    return ok(await service.top(ctx.db, scopeOf(range, currentUser(request).id), query));
  });
};
