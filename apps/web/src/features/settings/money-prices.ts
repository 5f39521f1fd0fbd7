import { ratioOfUsdPerMillion, usdPerMillionTokens, type ModelMoneyPrice, type MoneyPrices } from '@tollgate/contract';
import { USD, type CurrencyDisplay } from '@/lib/format/money';
import type { OptionChange, Options } from './option-diff';
import { shownPrice, usdOfShownPrice } from './price-currency';

/** The options a model's money price is stored in, as one-api's ratios beside Tollgate's token kinds. */
const KIND_OPTIONS = {
  cache_read: 'CacheReadRatio',
  cache_write: 'CacheWriteRatio',
  reasoning: 'ReasoningRatio',
  audio_input: 'AudioInputRatio',
  audio_output: 'AudioOutputRatio',
} as const;

/** The money form's text fields: '' is "no price of its own". */
export type MoneyPriceFields = Record<'model' | 'input' | 'output' | keyof typeof KIND_OPTIONS, string>;

function table(options: Options, key: string): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(options[key] || '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

// Twelve significant digits: conversions of decimal prices carry binary noise (0.1 x 3).
const clean = (n: number): number => Number(n.toPrecision(12));

type PriceField = Exclude<keyof MoneyPriceFields, 'model'>;

/**
 * A model's current prices in US dollars per 1M tokens, unrounded: the operator's ratios; for a model the
 * operator has not priced, its built-in price as the server lists it (the price source's, or Tollgate's table's).
 */
function usdPricesOf(options: Options, model: string, quotaPerUnit: number, listed?: MoneyPrices): Record<PriceField, number | undefined> {
  const ratio = table(options, 'ModelRatio')[model];
  if (ratio === undefined) return { input: listed?.input, output: listed?.output, cache_read: listed?.cache_read, cache_write: listed?.cache_write, reasoning: listed?.reasoning, audio_input: listed?.audio_input, audio_output: listed?.audio_output };
  const completion = table(options, 'CompletionRatio')[model];
  const input = usdPerMillionTokens(ratio, quotaPerUnit);
  const times = (relative: number | undefined) => (relative === undefined ? undefined : input * relative);
  return {
    input,
    output: times(completion),
    cache_read: times(table(options, 'CacheReadRatio')[model]),
    cache_write: times(table(options, 'CacheWriteRatio')[model]),
    reasoning: times(table(options, 'ReasoningRatio')[model]),
    audio_input: times(table(options, 'AudioInputRatio')[model]),
    audio_output: times(table(options, 'AudioOutputRatio')[model]),
  };
}

/**
 * A model's current prices per 1M tokens in the display currency (US dollars by default), as the editor's
 * text; `listed` is its built-in price in dollars (GET /api/pricing/model), shown when the operator has none.
 */
export function moneyFieldsOf(options: Options, model: string, quotaPerUnit: number, display: CurrencyDisplay = USD, listed?: MoneyPrices): MoneyPriceFields {
  const usd = usdPricesOf(options, model, quotaPerUnit, listed);
  const text = (field: PriceField) => {
    const value = usd[field];
    return value === undefined ? '' : String(shownPrice(value, display));
  };
  return {
    model,
    input: text('input'),
    output: text('output'),
    cache_read: text('cache_read'),
    cache_write: text('cache_write'),
    reasoning: text('reasoning'),
    audio_input: text('audio_input'),
    audio_output: text('audio_output'),
  };
}

/**
 * What saving a model's money price (typed in the display currency) changes: its ModelRatio (input),
 * CompletionRatio (output over input) and token-kind ratios (over input); a kind left blank is taken out of
 * its table, so the built-in price applies. A price left as shown keeps its stored value (see usdOfShownPrice).
 */
export function moneyPriceChanges(options: Options, price: ModelMoneyPrice, quotaPerUnit: number, display: CurrencyDisplay = USD): OptionChange[] {
  const storedUsd = usdPricesOf(options, price.model, quotaPerUnit);
  const usdOf = (field: PriceField) => {
    const shown = price[field];
    return shown === undefined ? undefined : usdOfShownPrice(shown, display, storedUsd[field]);
  };
  const input = usdOf('input') ?? 0;
  const relative = (usd: number | undefined) => (usd === undefined ? undefined : input === 0 ? 1 : clean(usd / input));
  const updates: [string, number | undefined][] = [
    ['ModelRatio', clean(ratioOfUsdPerMillion(input, quotaPerUnit))],
    ['CompletionRatio', relative(usdOf('output'))],
    ...Object.entries(KIND_OPTIONS).map(([kind, key]): [string, number | undefined] => [key, relative(usdOf(kind as keyof typeof KIND_OPTIONS))]),
  ];
  return updates.flatMap(([key, value]) => {
    const current = table(options, key);
    const next = { ...current };
    if (value === undefined) delete next[price.model];
    else next[price.model] = value;
    const changed = JSON.stringify(next) !== JSON.stringify(current);
    return changed ? [{ key, value: JSON.stringify(next) }] : [];
  });
}

/** Whether the operator priced this model themselves (ModelRatio): its built-in price does not apply then. */
export const hasOperatorPrice = (options: Options, model: string): boolean => Object.hasOwn(table(options, 'ModelRatio'), model);

/** The models the operator priced (ModelRatio), each in the display currency, for the list beside the editor. */
export function operatorPrices(options: Options, quotaPerUnit: number, display: CurrencyDisplay = USD): MoneyPriceFields[] {
  return Object.keys(table(options, 'ModelRatio'))
    .sort()
    .map((model) => moneyFieldsOf(options, model, quotaPerUnit, display));
}
