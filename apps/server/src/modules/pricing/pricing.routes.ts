import type { FastifyPluginAsync } from 'fastify';
import { ModelListPriceQuerySchema, PricingQuerySchema, isAdmin, type ModelListPriceView, type ModelPriceView, type PricingView } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import { currentUser, requireAdmin, requireUser } from '../auth/console-roles.js';
import { ok } from '../../http/envelope.js';
import { describeRoutes } from '../../http/openapi/route-description.js';
import { splitList } from '../../lib/list.js';
import { availableModels } from '../users/available-models.repository.js';
import { findUserById } from '../users/users.repository.js';
import { parseOrFail } from '../users/users.service.js';
import { builtInRatios } from './built-in-ratios.js';
import { modelPriceView } from './money-prices.js';
import { unpricedChannelModels } from './unpriced-channel-models.js';

const doc = describeRoutes({ tag: 'Models and pricing', auth: 'user' });

/**
 * GET /api/pricing: every signed-in user sees the models their group may call and what each costs them,
 * after their group ratio (the relay prices a request by the user's group as one name, so does this), and
 * where each price came from. Administrators also see the models any channel lists without a price.
 */
export const pricingRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  app.get('/', { preHandler: requireUser(ctx), ...doc('The models your group may call and their prices', { query: PricingQuerySchema }) }, async (request) => {
    const { keyword } = parseOrFail(PricingQuerySchema, request.query);
    const group = (await findUserById(ctx.db, currentUser(request).id))?.group || 'default';
    const needle = keyword.trim().toLowerCase();
    const models = (await availableModels(ctx.db, splitList(group))).filter((model) => model.toLowerCase().includes(needle));
    const quotaPerUnit = ctx.options.num('QuotaPerUnit');
    const priced: ModelPriceView[] = [];
    const unpriced: string[] = [];
    for (const model of models) {
      const price = ctx.relay.pricing.quote(model, group);
      if (price) priced.push(modelPriceView(model, price, quotaPerUnit));
      else unpriced.push(model);
    }
    const view: PricingView = { group, group_ratio: ctx.relay.pricing.groupRatio(group), models: priced, unpriced };
    if (isAdmin(currentUser(request).role)) view.unpriced_channel_models = await unpricedChannelModels(ctx);
    return ok(view);
  });

  /** The price editor's prefill: what a model costs before the operator sets a price of their own (no group ratio). */
  app.get('/model', { preHandler: requireAdmin(ctx), ...doc('A model\'s price before the operator\'s own', { auth: 'admin', query: ModelListPriceQuerySchema }) }, async (request) => {
    const { model } = parseOrFail(ModelListPriceQuerySchema, request.query);
    const price = ctx.relay.pricing.quote(model, NO_GROUP);
    const view: ModelListPriceView = price ? { model, price: modelPriceView(model, price, ctx.options.num('QuotaPerUnit')) } : { model };
    return ok(view);
  });

  /** The ratio editors' prefill: each model's built-in ratios, which the operator's options override. */
  app.get('/built_in_ratios', { preHandler: requireAdmin(ctx), ...doc('Each model\'s built-in ratios', { auth: 'admin' }) }, async () => ok(await builtInRatios(ctx)));
};

/** A group name no GroupRatio can hold (it has a control character), so its ratio is 1. */
const NO_GROUP = '\u0000list';
