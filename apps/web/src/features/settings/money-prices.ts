import { DEFAULT_COMPLETION_RATIO, DEFAULT_MODEL_RATIO, ratioOfUsdPerMillion, usdPerMillionTokens, type ModelMoneyPrice } from '@tollgate/contract';
import type { OptionChange, Options } from './option-diff';

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
const text = (n: number | undefined): string => (n === undefined ? '' : String(clean(n)));

/** A model's current prices in dollars per 1M tokens: the operator's ratios, else the built-in table's. */
export function moneyFieldsOf(options: Options, model: string, quotaPerUnit: number): MoneyPriceFields {
  const ratio = table(options, 'ModelRatio')[model] ?? DEFAULT_MODEL_RATIO[model];
  const completion = table(options, 'CompletionRatio')[model] ?? DEFAULT_COMPLETION_RATIO[model];
  const input = ratio === undefined ? undefined : usdPerMillionTokens(ratio, quotaPerUnit);
  const times = (relative: number | undefined) => (input === undefined || relative === undefined ? undefined : input * relative);
  return {
    model,
    input: text(input),
    output: text(times(completion)),
    cache_read: text(times(table(options, 'CacheReadRatio')[model])),
    cache_write: text(times(table(options, 'CacheWriteRatio')[model])),
    reasoning: text(times(table(options, 'ReasoningRatio')[model])),
    audio_input: text(times(table(options, 'AudioInputRatio')[model])),
    audio_output: text(times(table(options, 'AudioOutputRatio')[model])),
  };
}

/**
 * What saving a model's money price changes: its ModelRatio (input), CompletionRatio (output over input)
 * and token-kind ratios (over input); a kind left blank is taken out of its table, so the built-in price applies.
 */
export function moneyPriceChanges(options: Options, price: ModelMoneyPrice, quotaPerUnit: number): OptionChange[] {
  const relative = (usd: number) => (price.input === 0 ? 1 : clean(usd / price.input));
  const updates: [string, number | undefined][] = [
    ['ModelRatio', clean(ratioOfUsdPerMillion(price.input, quotaPerUnit))],
    ['CompletionRatio', relative(price.output)],
    ...Object.entries(KIND_OPTIONS).map(([kind, key]): [string, number | undefined] => {
      const usd = price[kind as keyof typeof KIND_OPTIONS];
      return [key, usd === undefined ? undefined : relative(usd)];
    }),
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

/** The models the operator priced (ModelRatio), each in money, for the list beside the editor. */
export function operatorPrices(options: Options, quotaPerUnit: number): MoneyPriceFields[] {
  return Object.keys(table(options, 'ModelRatio'))
    .sort()
    .map((model) => moneyFieldsOf(options, model, quotaPerUnit));
}
