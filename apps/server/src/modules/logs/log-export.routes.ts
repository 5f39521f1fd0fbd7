import type { FastifyPluginAsync } from 'fastify';
import { LogQuerySchema } from '@tollgate/contract';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../context.js';
import type { LogsTable } from '../../db/schema.js';
import { csvRecord, fileStamp, sendCsv } from '../../http/csv.js';
import { describeRoutes } from '../../http/openapi/route-description.js';
import { currentUser, requireAdmin, requireUser } from '../auth/console-roles.js';
import { adminLogFilter, selfLogFilter } from './log-query.js';
import { logPages } from './log-export.repository.js';
import type { LogFilter } from './log-filter.js';
import { toLogView } from './log-view.js';

const HEADER = ['id', 'time', 'created_at', 'type', 'username', 'token_name', 'model_name', 'channel_id', 'quota', 'prompt_tokens', 'completion_tokens', 'elapsed_time', 'is_stream', 'request_id', 'content', 'other'];

function record(row: Selectable<LogsTable>): string {
  const log = toLogView(row);
  const time = new Date(log.created_at * 1000).toISOString();
  return csvRecord([log.id, time, log.created_at, log.type, log.username, log.token_name, log.model_name, log.channel_id, log.quota, log.prompt_tokens, log.completion_tokens, log.elapsed_time, log.is_stream, log.request_id, log.content, log.other]);
}

/**
 * GET /api/log/export.csv (admins, the filters of GET /api/log/) and /api/log/self/export.csv (the caller's
 * own logs, the filters of /api/log/self): every matching log as CSV, newest first, streamed a page at a time.
 */
export const logExportRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const doc = describeRoutes({ tag: 'Logs', auth: 'admin', query: LogQuerySchema, answer: 'csv' });
  const admin = { preHandler: requireAdmin(ctx), ...doc('Export every user\'s filtered logs as CSV') };
  const user = { preHandler: requireUser(ctx), ...doc('Export your filtered logs as CSV', { auth: 'user' }) };

  async function* csvPages(filter: LogFilter) {
    for await (const rows of logPages(ctx.db, filter)) yield rows.map(record).join('');
  }

  app.get('/export.csv', admin, async (request, reply) => sendCsv(reply, `logs-${fileStamp()}.csv`, HEADER, csvPages(adminLogFilter(request.query))));

  app.get('/self/export.csv', user, async (request, reply) => sendCsv(reply, `my-logs-${fileStamp()}.csv`, HEADER, csvPages(selfLogFilter(request.query, currentUser(request).id))));
};
