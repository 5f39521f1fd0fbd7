import { useRef, useState } from 'react';
import { modelFallbacksProblem } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { HttpError } from '@/lib/api/errors';
import { JsonOptionSection, jsonOf } from '../components/json-option-section';
import type { OptionChange, Options } from '../option-diff';
import { FallbackEditor, type FallbackRefusal } from './fallbacks/fallback-editor';

const KEY = 'ModelFallbacks';

/** The problem with a changed ModelFallbacks, if any: the server's own rules, shared through the contract, naming the field. */
const modelFallbacksChangeProblem = (changes: readonly OptionChange[]) => {
  const change = changes.find((candidate) => candidate.key === KEY);
  return change && modelFallbacksProblem(jsonOf(change));
};

/**
 * The ModelFallbacks option (cleared means none, '{}'): per group (`*` for every group), per model asked for, the
 * chain of models tried next and the opt-in triggers (docs/fallbacks.md), edited as rows or as JSON. A cycle, a
 * model falling back to itself, an unfinished row are refused before sending; a refusal of the server is shown on
 * the row it names.
 */
export function ModelFallbacksSection({ options }: { options: Options }) {
  const { t } = useTranslation('translation', { keyPrefix: 'adminSettings.operation' });
  const rowsProblem = useRef<string | undefined>(undefined);
  const [refused, setRefused] = useState<FallbackRefusal>();
  const onRefused = (error: unknown) => {
    if (error instanceof HttpError && error.field && error.serverMessage) setRefused({ field: error.field, message: error.serverMessage });
  };
  return (
    <JsonOptionSection
      options={options}
      optionKey={KEY}
      texts={{ title: t('modelFallbacks'), help: t('modelFallbacksHelp'), placeholder: t('modelFallbacksPlaceholder'), invalid: t('modelFallbacksInvalid'), save: t('saveModelFallbacks') }}
      problem={(changes) => rowsProblem.current ?? modelFallbacksChangeProblem(changes)}
      onRefused={onRefused}
      editor={<FallbackEditor placeholder={t('modelFallbacksPlaceholder')} problemRef={rowsProblem} refused={refused} onEdited={() => setRefused(undefined)} />}
    />
  );
}
