import type { FastifyPluginAsync } from 'fastify';
import { ApplyPriceSourceRequestSchema } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import { currentUser, requireRoot } from '../auth/console-roles.js';
import { ok } from '../../http/envelope.js';
import { describeRoutes } from '../../http/openapi/route-description.js';
import { parseOrFail } from '../../http/validation.js';
import { administratorActor, priceSourceDeps, PriceSourceUpdates } from './price-source.service.js';

/**
 * /api/prices/source: the price source data in force, and refreshing it from the source (root only: a refresh
 * changes what every request costs). Preview downloads and checks the file and answers what it changes;
 * apply applies that file, by its hash.
 */
const doc = describeRoutes({ tag: 'Models and pricing', auth: 'root' });

export const priceSourceRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  app.addHook('preHandler', requireRoot(ctx));
  const updates = new PriceSourceUpdates(priceSourceDeps(ctx));

  app.get('/source', doc('The price source data in force'), async () => ok(updates.info()));

  app.post('/source/preview', doc('Download the price source and answer what it would change'), async () => ok(await updates.preview()));

  app.post('/source/apply', doc('Apply the previewed price source, by its hash', { body: ApplyPriceSourceRequestSchema }), async (request) => {
    const { sha256 } = parseOrFail(ApplyPriceSourceRequestSchema, request.body);
    return ok(await updates.apply(sha256, administratorActor(currentUser(request))));
  });
};
