import { modelFallbacksProblem } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { JsonOptionSection, jsonOf } from '../components/json-option-section';
import type { OptionChange, Options } from '../option-diff';

const KEY = 'ModelFallbacks';

/** The problem with a changed ModelFallbacks, if any: the server's own rules, shared through the contract, naming the field. */
const modelFallbacksChangeProblem = (changes: readonly OptionChange[]) => {
  const change = changes.find((candidate) => candidate.key === KEY);
  return change && modelFallbacksProblem(jsonOf(change));
};

/**
 * The ModelFallbacks option as validated JSON (cleared means none, '{}'): per group (`*` for every group),
 * per model asked for, the chain of models tried next and the opt-in triggers (docs/fallbacks.md).
 */
export function ModelFallbacksSection({ options }: { options: Options }) {
  const { t } = useTranslation('translation', { keyPrefix: 'adminSettings.operation' });
  return (
    <JsonOptionSection
      options={options}
      optionKey={KEY}
      texts={{ title: t('modelFallbacks'), help: t('modelFallbacksHelp'), placeholder: t('modelFallbacksPlaceholder'), invalid: t('modelFallbacksInvalid'), save: t('saveModelFallbacks') }}
      problem={modelFallbacksChangeProblem}
    />
  );
}
