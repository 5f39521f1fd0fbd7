import type { FastifyPluginAsync } from 'fastify';
import { LogQuerySchema, PurgeLogsQuerySchema } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import { currentUser, requireAdmin, requireUser } from '../auth/console-roles.js';
import { ok } from '../../http/envelope.js';
import { describeRoutes } from '../../http/openapi/route-description.js';
import { keywordOf, pageOf } from '../../http/query.js';
import { parseOrFail } from '../users/users.service.js';
import { adminLogFilter, selfLogFilter } from './log-query.js';
import { toLogView } from './log-view.js';
import * as repo from './logs.repository.js';

/** /api/log: every user's logs for admins; /api/log/self* for the caller's own. */
const doc = describeRoutes({ tag: 'Logs', auth: 'admin', query: LogQuerySchema });

export const logRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const adminOnly = requireAdmin(ctx);
  const userOnly = requireUser(ctx);
  const admin = (summary: string, more?: Parameters<typeof doc>[1]) => ({ preHandler: adminOnly, ...doc(summary, more) });
  const user = (summary: string, more?: Parameters<typeof doc>[1]) => ({ preHandler: userOnly, ...doc(summary, { auth: 'user', ...more }) });

  app.get('/', admin('List every user\'s logs', { description: 'A page at a time: `?p=` from 0.' }), async (request) => ok((await repo.listLogs(ctx.db, adminLogFilter(request.query), pageOf(request.query))).map(toLogView)));

  app.get('/stat', admin('The quota the filtered logs used'), async (request) => ok({ quota: await repo.sumConsumeQuota(ctx.db, adminLogFilter(request.query)) }));

  app.get('/search', admin('Search every user\'s logs by `?keyword=`', { query: undefined }), async (request) => ok((await repo.searchLogs(ctx.db, keywordOf(request.query))).map(toLogView)));

  app.delete('/', admin('Delete the logs before a time', { query: PurgeLogsQuerySchema }), async (request) => {
    const { target_timestamp } = parseOrFail(PurgeLogsQuerySchema, request.query);
    return ok(await repo.deleteLogsBefore(ctx.db, target_timestamp));
  });

  app.get('/self', user('List your logs', { description: 'A page at a time: `?p=` from 0.' }), async (request) => {
    const filter = selfLogFilter(request.query, currentUser(request).id);
    return ok((await repo.listLogs(ctx.db, filter, pageOf(request.query))).map(toLogView));
  });

  app.get('/self/stat', user('The quota your filtered logs used'), async (request) => ok({ quota: await repo.sumConsumeQuota(ctx.db, selfLogFilter(request.query, currentUser(request).id)) }));

  app.get('/self/search', user('Search your logs by `?keyword=`', { query: undefined }), async (request) => ok((await repo.searchLogs(ctx.db, keywordOf(request.query), currentUser(request).id)).map(toLogView)));
};
