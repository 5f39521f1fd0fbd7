import { CHANNEL_TYPES, defaultModels } from '@tollgate/contract';
import { currentSourceModels } from '../../relay/billing/price-source/current-models.js';
import type { PriceSources } from '../../relay/billing/price-source/price-sources.js';

export type ModelsByType = Record<number, string[]>;

let memo: { revision: number; day: string; lists: ModelsByType } | undefined;

/**
 * Each channel type's default models (the channel form's prefill, GET /api/models): the price source's current
 * models of the type's maker, newest first, then Tollgate's own list (one-api's names, dated ids, media models
 * the source does not price by the token). Worked out again when the source is refreshed, or the day changes
 * (a model can become priced on a day).
 */
export function defaultModelLists(sources: PriceSources): ModelsByType {
  const day = new Date().toISOString().slice(0, 10);
  if (memo?.revision !== sources.revision || memo.day !== day) {
    const lists = Object.fromEntries(CHANNEL_TYPES.map((type) => [type.id, [...new Set([...currentSourceModels(sources.current, type.id), ...defaultModels(type.id)])]]));
    memo = { revision: sources.revision, day, lists };
  }
  return memo.lists;
}
