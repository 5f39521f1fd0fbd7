import { FetchModelsRequestSchema, UnpricedModelsRequestSchema, type FetchModelsAnswer, type UnpricedModelsAnswer } from '@tollgate/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { requireAdmin } from '../auth/console-roles.js';
import { ok } from '../../http/envelope.js';
import { describeRoutes } from '../../http/openapi/route-description.js';
import { fail } from '../../http/errors.js';
import { idParamOf } from '../../http/query.js';
import { parseOrFail } from '../../http/validation.js';
import type { UpstreamTarget } from '../../providers/adaptor.js';
import { findChannel } from './channels.repository.js';
import { listingGet } from './upstream-models/listing-get.js';
import { formTarget, storedTarget } from './upstream-models/listing-target.js';
import { listUpstreamModels } from './upstream-models/upstream-models.js';

/** A request for a model without a price is refused (nobody is charged a guess): the form shows which. */
const isPriced = (ctx: AppContext, model: string) => ctx.relay.pricing.quote(model, 'default') !== undefined;

/**
 * /api/channel/fetch_models and /api/channel/unpriced_models (admin): the upstream's own model list for
 * the channel form, and which of a form's models have no price. Apart from the channel routes because
 * nothing here changes a channel, so nothing bumps the channels cache. An upstream's refusal answers
 * success=false with HTTP 200 like every business failure (an upstream's 401 passed on as a 401 would
 * sign the operator out), naming its status and words.
 */
const doc = describeRoutes({ tag: 'Channels', auth: 'admin' });

export const channelModelRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  app.addHook('preHandler', requireAdmin(ctx));
  const get = listingGet(ctx.relay.upstream);

  const listed = async (target: UpstreamTarget) => {
    const names = await listUpstreamModels(target, get);
    return ok<FetchModelsAnswer>({ models: names.map((id) => ({ id, priced: isPriced(ctx, id) })) });
  };

  app.post('/fetch_models', doc('List the models an upstream serves, for the channel form', { body: FetchModelsRequestSchema, description: 'Answers each model and whether it has a price.' }), async (request) => listed(await formTarget(ctx, request.body)));

  app.get('/fetch_models/:id', doc('List the models a saved channel\'s upstream serves'), async (request) => {
    const row = await findChannel(ctx.db, idParamOf(request.params, 'channel.id_invalid'));
    if (!row) throw fail('channel.not_found');
    return listed(storedTarget(ctx, row));
  });

  app.post('/unpriced_models', doc('Which of these models have no price', { body: UnpricedModelsRequestSchema }), async (request) => {
    const { models } = parseOrFail(UnpricedModelsRequestSchema, request.body);
    return ok<UnpricedModelsAnswer>({ unpriced: [...new Set(models)].filter((model) => !isPriced(ctx, model)) });
  });
};
