import type { Charge } from '../modes/mode-rules.js';
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
