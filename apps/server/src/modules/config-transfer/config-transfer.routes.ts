import type { FastifyPluginAsync } from 'fastify';
import { ConfigDocumentSchema, ConfigTransferTexts, type ConfigExportResult } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import { currentUser, requireRoot } from '../auth/console-roles.js';
import { ok } from '../../http/envelope.js';
import { describeRoutes } from '../../http/openapi/route-description.js';
import { fail } from '../../http/errors.js';
import { formatDocument, parseDocumentText } from './config-format.js';
import { exportConfig, importConfig } from './config-transfer.service.js';
import { administratorActor } from './import-trace.js';
import { hasBuiltInPrice } from '../../relay/billing/built-in-price.js';

/** A document with a few thousand channels is several megabytes. */
const IMPORT_BODY_LIMIT = 32 * 1024 * 1024;

const flag = (value: unknown, name: string): boolean => {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  throw fail('config.flag_not_boolean', { name });
};

/**
 * /api/config: the configuration as one document (root only, since it can carry every key). The import
 * takes the document as JSON, or as YAML or JSON text (Content-Type text/yaml, application/yaml or text/plain).
 */
const doc = describeRoutes({ tag: 'Configuration', auth: 'root' });

export const configTransferRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  app.addHook('preHandler', requireRoot(ctx));
  app.addContentTypeParser(['text/yaml', 'application/yaml', 'application/x-yaml'], { parseAs: 'string', bodyLimit: IMPORT_BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.get('/export', doc('Export the configuration as one document', { description: '`?format=json|yaml`; `?keys=true` includes the channels\' keys.' }), async (request) => {
    const query = request.query as Record<string, unknown>;
    const withKeys = flag(query.keys, 'keys');
    const format = query.format ?? 'json';
    if (format !== 'json' && format !== 'yaml') throw fail('config.unknown_format');
    const document = await exportConfig(ctx, withKeys);
    const result: ConfigExportResult = { format, document: format === 'yaml' ? formatDocument(document, 'yaml') : document, ...(withKeys ? { warning: ConfigTransferTexts.keysWarning } : {}) };
    return ok(result);
  });

  app.post('/import', { bodyLimit: IMPORT_BODY_LIMIT, ...doc('Import a configuration document', { body: ConfigDocumentSchema, description: 'JSON, or YAML or JSON text (`text/yaml`, `application/yaml`, `text/plain`). `?dry_run=true` answers what would change without changing it.' }) }, async (request) => {
    const dryRun = flag((request.query as Record<string, unknown>).dry_run, 'dry_run');
    const input = typeof request.body === 'string' ? parseDocumentText(request.body) : request.body;
    const deps = { ...ctx, hasBuiltInPrice: (model: string) => hasBuiltInPrice(ctx.relay.priceSources.current, model) };
    return ok(await importConfig(deps, input, dryRun, administratorActor(currentUser(request))));
  });
};
