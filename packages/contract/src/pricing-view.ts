import { z } from 'zod';
import type { PriceKind, PriceOrigin } from './price.js';

/** Prices of one kind of token each, in US dollars per million tokens; a kind the model does not price apart is absent. */
export type MoneyPrices = { input: number; output: number } & Partial<Record<Exclude<PriceKind, 'input' | 'output'>, number>>;

/** A long-context tier as the pricing page shows it: its threshold and its prices in dollars per million. */
export interface MoneyTier extends MoneyPrices {
  above_prompt_tokens: number;
}

/** One model of GET /api/pricing: what the signed-in user pays for it, their group ratio applied. */
export interface ModelPriceView extends MoneyPrices {
  model: string;
  /** Dollars per request, for a model priced per call (ModelRequestPrice); its token prices then do not apply. */
  per_request?: number;
  tiers: MoneyTier[];
  /** Where the price came from: the operator, the maintained price source and its date, Tollgate's table. */
  origin?: PriceOrigin;
}

/** A model some channel lists but nobody priced: requests for it are refused until an administrator prices it. */
export interface UnpricedChannelModel {
  model: string;
  /** The names of the enabled channels listing it. */
  channels: string[];
}

/**
 * GET /api/pricing data: the models the user's group may call, with their prices after the group ratio, in
 * US dollars (the console converts them to the display currency); models without a price are listed apart.
 */
export interface PricingView {
  group: string;
  group_ratio: number;
  models: ModelPriceView[];
  unpriced: string[];
  /** For administrators: every model an enabled channel of any group lists without a price, before a request fails on it. */
  unpriced_channel_models?: UnpricedChannelModel[];
}

/** GET /api/pricing?keyword=: the models whose name contains the keyword, ignoring case ('' for all). */
export const PricingQuerySchema = z.object({ keyword: z.string().optional().default('') });

/** GET /api/pricing/model?model=: one model's price before any group ratio, for the administrators' price editor. */
export const ModelListPriceQuerySchema = z.object({ model: z.string().trim().min(1, 'model is required').max(191) });

/**
 * GET /api/group/models?group=: the models the enabled channels of a group serve (`*`: of any group), for the
 * administrators' fallback chain editor.
 */
export const GroupModelsQuerySchema = z.object({ group: z.string().trim().min(1, 'group is required').max(191) });

/** GET /api/pricing/model data: the model's price and where it came from, or no price at all. */
export interface ModelListPriceView {
  model: string;
  price?: ModelPriceView;
}
