import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AnalyticsChannelsSchema, AnalyticsMessages, AnalyticsRangeQuerySchema, AnalyticsSummarySchema, AnalyticsTopQuerySchema, AnalyticsTopSchema } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import { fail } from '../../http/errors.js';
import { currentUser, requireAdmin, requireUser } from '../auth/console-roles.js';
import { ok } from '../../http/envelope.js';
import { describeRoutes } from '../../http/openapi/route-description.js';
import { parseOrFail } from '../users/users.service.js';
import { scopeOf } from './analytics-scope.js';
import * as service from './analytics.service.js';

const rangeOf = (request: FastifyRequest) => parseOrFail(AnalyticsRangeQuerySchema, request.query);

/**
 * /api/analytics: usage over a range from the hourly rollups, of every user for admins; /api/analytics/self/*
 * the same for the caller's own keys (which name no other user and no channel).
 */
export const analyticsRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const doc = describeRoutes({ tag: 'Analytics', auth: 'admin', query: AnalyticsRangeQuerySchema });
  const adminOnly = requireAdmin(ctx);
  const userOnly = requireUser(ctx);
  const top = { query: [AnalyticsRangeQuerySchema, AnalyticsTopQuerySchema], data: AnalyticsTopSchema };

  app.get('/summary', { preHandler: adminOnly, ...doc('Usage over a range, in total and by hour or day', { data: AnalyticsSummarySchema }) }, async (request) => {
    const range = rangeOf(request);
    return ok(await service.summary(ctx.db, scopeOf(range), range));
  });

  app.get('/top', { preHandler: adminOnly, ...doc('The top users, keys, models or channels over a range', top) }, async (request) => {
    const range = rangeOf(request);
    return ok(await service.top(ctx.db, scopeOf(range), parseOrFail(AnalyticsTopQuerySchema, request.query)));
  });

  app.get('/channels', { preHandler: adminOnly, ...doc('Each channel\'s requests, errors and latency over a range', { data: AnalyticsChannelsSchema }) }, async (request) => ok(await service.channels(ctx.db, scopeOf(rangeOf(request)))));

  app.get('/self/summary', { preHandler: userOnly, ...doc('Your usage over a range', { auth: 'user', data: AnalyticsSummarySchema }) }, async (request) => {
    const range = rangeOf(request);
    return ok(await service.summary(ctx.db, scopeOf(range, currentUser(request).id), range));
  });

  app.get('/self/top', { preHandler: userOnly, ...doc('Your top keys or models over a range', { auth: 'user', ...top }) }, async (request) => {
    const range = rangeOf(request);
    const query = parseOrFail(AnalyticsTopQuerySchema, request.query);
    if (query.dimension !== 'token' && query.dimension !== 'model') throw fail(AnalyticsMessages.selfDimension);
    return ok(await service.top(ctx.db, scopeOf(range, currentUser(request).id), query));
  });
};
