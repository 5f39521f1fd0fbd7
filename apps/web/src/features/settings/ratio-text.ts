import type { Messages } from '@/app/i18n/zh';
import { isValidJson } from '@/lib/format/text';
import type { OptionChange, Options } from './option-diff';

export const RATIO_KEYS = ['ModelRatio', 'CompletionRatio', 'GroupRatio'] as const;

type RatioMessage = keyof Messages['adminSettings']['operation'] & `${string}RatioInvalid`;

const INVALID_MESSAGE: Record<(typeof RATIO_KEYS)[number], RatioMessage> = {
  ModelRatio: 'modelRatioInvalid',
  CompletionRatio: 'completionRatioInvalid',
  GroupRatio: 'groupRatioInvalid',
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

/** The message of the first changed ratio that is not valid JSON, if any. */
export function ratioProblem(changes: readonly OptionChange[]): RatioMessage | undefined {
  const invalid = RATIO_KEYS.find((key) => changes.some((change) => change.key === key && !isValidJson(change.value)));
  return invalid && INVALID_MESSAGE[invalid];
}
