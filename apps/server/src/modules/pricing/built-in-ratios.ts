import { BUILT_IN_RATIO_KEYS, type BuiltInRatiosView } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import { routableModels } from '../../db/channel-columns.js';
import { Pricing } from '../../relay/billing/pricing.js';
import { defaultModelLists } from '../models/default-model-lists.js';

/**
 * The built-in ratios the settings' ratio editors show under the operator's own (GET /api/pricing/built_in_ratios):
 * what each model costs when no ratio option names it. Worked out by a Pricing that reads no option, so it is
 * exactly what the relay would charge; by name (channel type 0), as the option tables key their entries.
 * The models: those the channel form offers, and every model a channel lists (any status, so an operator sees a
 * disabled channel's prices before enabling it).
 */
export async function builtInRatios(ctx: AppContext): Promise<BuiltInRatiosView> {
  const channels = await ctx.db.selectFrom('channels').select(['models', 'model_mapping']).execute();
  const models = new Set([...Object.values(defaultModelLists(ctx.relay.priceSources)).flat(), ...channels.flatMap(routableModels)]);
  const builtIn = new Pricing({ str: () => '' }, ctx.relay.priceSources);
  const view = Object.fromEntries(BUILT_IN_RATIO_KEYS.map((key) => [key, {}])) as BuiltInRatiosView;
  for (const model of [...models].sort()) {
    const price = builtIn.quote(model, '');
    // A model priced per call (Cohere's rerank) has no token ratios: a ratio of 0 would read as free.
    if (!price || price.perRequest !== undefined) continue;
    view.ModelRatio[model] = price.modelRatio;
    view.CompletionRatio[model] = price.completionRatio;
    if (price.cacheReadRatio !== undefined && price.cacheReadRatio !== 1) view.CacheReadRatio[model] = price.cacheReadRatio;
    if (price.cacheWriteRatio !== undefined && price.cacheWriteRatio !== 1) view.CacheWriteRatio[model] = price.cacheWriteRatio;
    if (price.reasoningRatio !== undefined && price.reasoningRatio !== price.completionRatio) view.ReasoningRatio[model] = price.reasoningRatio;
  }
  return view;
}
