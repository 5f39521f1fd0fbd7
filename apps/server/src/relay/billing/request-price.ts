import type { AppContext } from '../../context.js';
import type { Charge, ModeRules } from '../modes/mode-rules.js';
import type { RelayPlan } from '../relay-plan.js';
import type { RelayInput } from '../request-input.js';
import { clean } from './price-tier.js';
import type { Price } from './pricing.js';

/**
 * Models priced per call (ModelRequestPrice) cost the same whatever they use: that price times the group
 * ratio, rounded up, both reserved and charged. The mode's own charge still counts the usage for the log.
 */
export const requestQuota = (price: Price, requests = 1): number | undefined =>
  price.perRequest === undefined ? undefined : Math.ceil(clean(price.perRequest * requests * price.groupRatio));

/** The charge of a model priced per call: that price for each call the request counts as (a rerank's search units). */
export function chargedPerRequest(charge: Charge, price: Price): Charge {
  const quota = requestQuota(price, charge.requests);
  return quota === undefined ? charge : { ...charge, quota };
}

/**
 * What a request reserves: for a model priced per call, that price for each call it is estimated to count as
 * (a Cohere rerank's search units, so that a nearly empty account cannot start a thousand-document rerank);
 * otherwise its mode's estimate.
 */
export const reservedQuota = (ctx: AppContext, rules: ModeRules, plan: RelayPlan, input: RelayInput): number =>
  requestQuota(plan.price, plan.price.perRequest === undefined ? 1 : (rules.requests?.(plan, input) ?? 1)) ?? rules.reservation(ctx, plan, input);
