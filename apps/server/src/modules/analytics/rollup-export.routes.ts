import type { FastifyPluginAsync } from 'fastify';
import { AnalyticsRangeQuerySchema } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import { ROLLUP_COUNT_COLUMNS, ROLLUP_KEY_COLUMNS } from '../../db/usage-rollups.js';
import { csvRecord, fileStamp, sendCsv } from '../../http/csv.js';
import { describeRoutes } from '../../http/openapi/route-description.js';
import { currentUser, requireAdmin, requireUser } from '../auth/console-roles.js';
import { parseOrFail } from '../users/users.service.js';
import { scopeOf, type AnalyticsScope } from './analytics-scope.js';
import { rollupPages, type RollupRow } from './rollup-export.repository.js';

const HEADER = ['time', ...ROLLUP_KEY_COLUMNS, ...ROLLUP_COUNT_COLUMNS];

const record = (row: RollupRow): string =>
  csvRecord([new Date(Number(row.hour) * 1000).toISOString(), ...ROLLUP_KEY_COLUMNS.map((c) => row[c]), ...ROLLUP_COUNT_COLUMNS.map((c) => Number(row[c]))]);

/**
 * GET /api/analytics/export.csv (admins) and /api/analytics/self/export.csv (the caller's own keys): the hourly
 * rollup rows of a range (start, end as for the summary), streamed a page at a time.
 */
export const rollupExportRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const doc = describeRoutes({ tag: 'Analytics', auth: 'admin', query: AnalyticsRangeQuerySchema, answer: 'csv' });
  const admin = { preHandler: requireAdmin(ctx), ...doc('Export the hourly rollups over a range as CSV') };
  const user = { preHandler: requireUser(ctx), ...doc('Export your hourly rollups over a range as CSV', { auth: 'user' }) };

  async function* csvPages(scope: AnalyticsScope) {
    for await (const rows of rollupPages(ctx.db, scope)) yield rows.map(record).join('');
  }

  app.get('/export.csv', admin, async (request, reply) => {
    const range = parseOrFail(AnalyticsRangeQuerySchema, request.query);
    return sendCsv(reply, `usage-${fileStamp()}.csv`, HEADER, csvPages(scopeOf(range)));
  });

  app.get('/self/export.csv', user, async (request, reply) => {
    const range = parseOrFail(AnalyticsRangeQuerySchema, request.query);
    return sendCsv(reply, `my-usage-${fileStamp()}.csv`, HEADER, csvPages(scopeOf(range, currentUser(request).id)));
  });
};
