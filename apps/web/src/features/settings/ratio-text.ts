import type { Messages } from '@/app/i18n/zh';
import { isValidJson } from '@/lib/format/text';
import type { OptionChange, Options } from './option-diff';

/** one-api's ratio tables: model, completion and group ratios. */
export const PRICE_RATIO_KEYS = ['ModelRatio', 'CompletionRatio', 'GroupRatio'] as const;

/**
 * Tollgate's token-kind tables (cache reads, cache writes, reasoning), priced relative to an input token.
 * For these '{}' means "the built-in prices", so a cleared editor is saved as '{}' (see `blankAsBuiltIns`).
 */
export const TOKEN_KIND_RATIO_KEYS = ['CacheReadRatio', 'CacheWriteRatio', 'ReasoningRatio'] as const;

export const RATIO_KEYS = [...PRICE_RATIO_KEYS, ...TOKEN_KIND_RATIO_KEYS] as const;

type RatioKey = (typeof RATIO_KEYS)[number];
type RatioMessage = keyof Messages['adminSettings']['operation'] & `${string}RatioInvalid`;

const INVALID_MESSAGE: Record<RatioKey, RatioMessage> = {
  ModelRatio: 'modelRatioInvalid',
  CompletionRatio: 'completionRatioInvalid',
  GroupRatio: 'groupRatioInvalid',
  CacheReadRatio: 'cacheReadRatioInvalid',
  CacheWriteRatio: 'cacheWriteRatioInvalid',
  ReasoningRatio: 'reasoningRatioInvalid',
};

/** Ratios are edited pretty-printed; an empty object is shown as empty (one-api's console). */
export function prettyRatio(value: string): string {
  if (!isValidJson(value)) return value;
  const pretty = JSON.stringify(JSON.parse(value), null, 2);
  return pretty === '{}' ? '' : pretty;
}

/** The ratio options pretty-printed: both what the form shows and what "changed" is measured against. */
export function withPrettyRatios(options: Options): Options {
  return { ...options, ...Object.fromEntries(RATIO_KEYS.map((key) => [key, prettyRatio(options[key] ?? '')])) };
}

/** The message of the first changed ratio that is not valid JSON (or, for the default ratio, not a number), if any. */
export function ratioProblem(changes: readonly OptionChange[]): RatioMessage | undefined {
  const invalid = RATIO_KEYS.find((key) => changes.some((change) => change.key === key && !isValidJson(change.value)));
  if (invalid) return INVALID_MESSAGE[invalid];
  const fallback = changes.find((change) => change.key === 'DefaultModelRatio');
  return fallback && !isDefaultRatio(fallback.value) ? 'defaultModelRatioInvalid' : undefined;
}

/**
 * DefaultModelRatio, the operator's opt-in price for models the ratio tables do not name: blank (such
 * models are refused, Tollgate's default) or a number of 0 or more, as the server accepts it.
 */
function isDefaultRatio(value: string): boolean {
  const text = value.trim();
  return text === '' || (/^\d+(\.\d+)?$/.test(text) && Number.isFinite(Number(text)));
}

/**
 * A token-kind table the admin cleared is saved as '{}' (the built-in prices), which the server accepts
 * where it refuses ''. One left blank that was already empty stays '' and so is not sent again.
 */
export function blankAsBuiltIns(shown: Options, typed: Options): Options {
  const cleared = TOKEN_KIND_RATIO_KEYS.filter((key) => key in typed && (typed[key] ?? '').trim() === '' && (shown[key] ?? '') !== '');
  return { ...typed, ...Object.fromEntries(cleared.map((key) => [key, '{}'])) };
}
