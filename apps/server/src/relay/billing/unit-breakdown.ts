import type { LogCost, LogCostKind, LogOther } from '@tollgate/contract';
import { clean } from './price-tier.js';
import type { Price } from './pricing.js';

/**
 * How a request billed by something other than text tokens was charged (images, speech, transcripts): one-api's
 * two-ratio text for the log's content (kept as one-api writes it), and the lines of its cost for `other`.
 */
export interface UnitBreakdown {
  ratioText: string;
  costs: LogCost[];
  /** What the log's `other` records beside the lines: an image's size and quality. */
  details?: Pick<LogOther, 'image_size' | 'image_quality' | 'size_ratio'>;
}

/**
 * `units` at the model ratio (points per unit) and the group ratio, rounded up once. The charge and its one
 * cost line come from the same product, so the line always rounds up to what was charged; the product is
 * cleaned to twelve digits first, so binary noise (82.00000000000001) cannot round a whole point up.
 */
export function perUnitCharge(kind: LogCostKind, units: number, price: Price, ratioText: string): { quota: number; breakdown: UnitBreakdown } {
  const ratio = clean(price.modelRatio);
  const cost = clean(units * ratio * price.groupRatio);
  return { quota: Math.ceil(cost), breakdown: { ratioText, costs: [{ kind, tokens: units, ratio, quota: cost }] } };
}
