import { usdPerMillionTokens, type ModelPriceView, type MoneyPrices } from '@tollgate/contract';
import { clean, priceAt } from '../../relay/billing/price-tier.js';
import type { Price } from '../../relay/billing/pricing.js';

/**
 * A model's price in US dollars per million tokens of each kind, its group ratio applied: the view over the
 * stored ratios that the pricing page shows. Cache prices appear only where they differ from the input's.
 */
function moneyPrices(price: Price, quotaPerUnit: number): MoneyPrices {
  const input = usdPerMillionTokens(price.modelRatio * price.groupRatio, quotaPerUnit);
  const money: MoneyPrices = { input: clean(input), output: clean(input * price.completionRatio) };
  if ((price.cacheReadRatio ?? 1) !== 1) money.cache_read = clean(input * (price.cacheReadRatio ?? 1));
  if ((price.cacheWriteRatio ?? 1) !== 1) money.cache_write = clean(input * (price.cacheWriteRatio ?? 1));
  if (price.reasoningRatio !== undefined) money.reasoning = clean(input * price.reasoningRatio);
  if (price.audioInputRatio !== undefined) money.audio_input = clean(input * price.audioInputRatio);
  if (price.audioOutputRatio !== undefined) money.audio_output = clean(input * price.audioOutputRatio);
  return money;
}

export function modelPriceView(model: string, price: Price, quotaPerUnit: number): ModelPriceView {
  const tiers = (price.tiers ?? []).map((tier) => ({ above_prompt_tokens: tier.above_prompt_tokens, ...moneyPrices(priceAt(price, tier.above_prompt_tokens + 1), quotaPerUnit) }));
  const view: ModelPriceView = { model, ...moneyPrices(price, quotaPerUnit), tiers };
  if (price.perRequest !== undefined) view.per_request = clean((price.perRequest * price.groupRatio) / quotaPerUnit);
  if (price.origin) view.origin = price.origin;
  return view;
}
