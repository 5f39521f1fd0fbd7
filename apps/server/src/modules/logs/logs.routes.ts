import type { FastifyPluginAsync } from 'fastify';
import { PurgeLogsQuerySchema } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import { currentUser, requireAdmin, requireUser } from '../auth/console-roles.js';
import { ok } from '../../http/envelope.js';
import { keywordOf, pageOf } from '../../http/query.js';
import { parseOrFail } from '../users/users.service.js';
import { adminLogFilter, selfLogFilter } from './log-query.js';
import { toLogView } from './log-view.js';
import * as repo from './logs.repository.js';

/** /api/log: every user's logs for admins; /api/log/self* for the caller's own. */
export const logRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const admin = { preHandler: requireAdmin(ctx) };
  const user = { preHandler: requireUser(ctx) };

  app.get('/', admin, async (request) => ok((await repo.listLogs(ctx.db, adminLogFilter(request.query), pageOf(request.query))).map(toLogView)));

  app.get('/stat', admin, async (request) => ok({ quota: await repo.sumConsumeQuota(ctx.db, adminLogFilter(request.query)) }));

  app.get('/search', admin, async (request) => ok((await repo.searchLogs(ctx.db, keywordOf(request.query))).map(toLogView)));

  app.delete('/', admin, async (request) => {
    const { target_timestamp } = parseOrFail(PurgeLogsQuerySchema, request.query);
    return ok(await repo.deleteLogsBefore(ctx.db, target_timestamp));
  });

  app.get('/self', user, async (request) => {
    const filter = selfLogFilter(request.query, currentUser(request).id);
    return ok((await repo.listLogs(ctx.db, filter, pageOf(request.query))).map(toLogView));
  });

  app.get('/self/stat', user, async (request) => ok({ quota: await repo.sumConsumeQuota(ctx.db, selfLogFilter(request.query, currentUser(request).id)) }));

  app.get('/self/search', user, async (request) => ok((await repo.searchLogs(ctx.db, keywordOf(request.query), currentUser(request).id)).map(toLogView)));
};
