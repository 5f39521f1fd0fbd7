import { PRICE_SOURCE_DIFF_LIMIT, SOURCE_PRICE_KINDS, type PriceSourceDiff, type PriceSourcePriceChange, type SourceAmount, type SourcePrices } from '@tollgate/contract';
import { pricesAt, type SourceCatalog } from '../../relay/billing/price-source/source-catalog.js';

interface ModelPrices {
  provider: string;
  model: string;
  prices: SourcePrices;
}

/**
 * What replacing the price data in force by a candidate changes, model by model (provider and model id): the
 * models it adds and removes, and those whose prices in force now differ in a kind Tollgate bills (input,
 * output, cache read and write, reasoning, audio; long-context tiers included). Kinds Tollgate does not bill
 * (web searches, images) and changes of the names a model matches are left out: they change no charge. Each
 * list is sorted and holds at most PRICE_SOURCE_DIFF_LIMIT models; the counts hold them all.
 */
export function diffPriceData(current: SourceCatalog, candidate: SourceCatalog, at: Date): PriceSourceDiff {
  const before = billedPrices(current, at);
  const after = billedPrices(candidate, at);
  const diff: PriceSourceDiff = { counts: { added: 0, changed: 0, removed: 0 }, added: [], changed: [], removed: [] };
  for (const [key, next] of after) {
    const previous = before.get(key);
    if (!previous) {
      diff.counts.added += 1;
      if (diff.added.length < PRICE_SOURCE_DIFF_LIMIT) diff.added.push(next);
      continue;
    }
    const changes = priceChanges(previous.prices, next.prices);
    if (changes.length === 0) continue;
    diff.counts.changed += 1;
    if (diff.changed.length < PRICE_SOURCE_DIFF_LIMIT) diff.changed.push({ provider: next.provider, model: next.model, changes });
  }
  for (const [key, { provider, model }] of before) {
    if (after.has(key)) continue;
    diff.counts.removed += 1;
    if (diff.removed.length < PRICE_SOURCE_DIFF_LIMIT) diff.removed.push({ provider, model });
  }
  return diff;
}

/** Every model's billed prices at a moment, by `provider/model`, in that order. */
function billedPrices(catalog: SourceCatalog, at: Date): Map<string, ModelPrices> {
  const entries: [string, ModelPrices][] = [];
  for (const provider of catalog.providers) {
    for (const model of provider.models) {
      const all = pricesAt(model, at);
      const prices: SourcePrices = {};
      for (const kind of SOURCE_PRICE_KINDS) {
        const amount = all[kind];
        if (amount !== undefined) prices[kind] = typeof amount === 'number' ? amount : { base: amount.base, tiers: amount.tiers.map(({ start, price }) => ({ start, price })) };
      }
      entries.push([`${provider.id}/${model.id}`, { provider: provider.id, model: model.id, prices }]);
    }
  }
  return new Map(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function priceChanges(before: SourcePrices, after: SourcePrices): PriceSourcePriceChange[] {
  const changes: PriceSourcePriceChange[] = [];
  for (const kind of SOURCE_PRICE_KINDS) {
    const from = before[kind];
    const to = after[kind];
    if (sameAmount(from, to)) continue;
    changes.push({ kind, ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }) });
  }
  return changes;
}

/** Both are built field by field in one order above, so their JSON is equal exactly when they are. */
const sameAmount = (a: SourceAmount | undefined, b: SourceAmount | undefined): boolean => JSON.stringify(a) === JSON.stringify(b);
