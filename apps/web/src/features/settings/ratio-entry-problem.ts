import { ratioTableProblem } from '@tollgate/contract';
import type { OptionChange } from './option-diff';
import { RATIO_KEYS } from './ratio-text';

type RatioKey = (typeof RATIO_KEYS)[number];

/** A row of a ratio table whose value is not a number of 0 or more: the name and the value as the operator typed them. */
export interface RatioEntryProblem {
  key: RatioKey;
  name: string;
  value: string;
}

/** The editor's label of each table (adminSettings.operation), to name it in a refusal. */
export const RATIO_LABELS = {
  ModelRatio: 'modelRatio',
  CompletionRatio: 'completionRatio',
  GroupRatio: 'groupRatio',
  CacheReadRatio: 'cacheReadRatio',
  CacheWriteRatio: 'cacheWriteRatio',
  ReasoningRatio: 'reasoningRatio',
} as const satisfies Record<RatioKey, string>;

const isRatioKey = (key: string): key is RatioKey => (RATIO_KEYS as readonly string[]).includes(key);

/**
 * The first row of a changed ratio table the server would refuse (`"gpt-4o": "abc"`, a negative ratio), by
 * the contract's own check, so the editor can name that row in the console's language instead of the
 * server's `ModelRatio.gpt-4o` (issue 35). Tables that are not JSON objects are `ratioProblem`'s to report.
 */
export function ratioEntryProblem(changes: readonly OptionChange[]): RatioEntryProblem | undefined {
  for (const { key, value } of changes) {
    if (!isRatioKey(key)) continue;
    const problem = ratioTableProblem(key, value, 'option.model_ratio_invalid');
    if (problem?.code !== 'price.ratio_entry_invalid') continue;
    const name = String(problem.params?.name ?? '');
    const typed = (JSON.parse(value) as Record<string, unknown>)[name];
    return { key, name, value: JSON.stringify(typed) };
  }
  return undefined;
}
