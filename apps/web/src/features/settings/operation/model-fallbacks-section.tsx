import { modelFallbacksProblem } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { catalogText } from '@/app/i18n/catalog-text';
import { OptionSection } from '../components/option-section';
import type { OptionChange, Options } from '../option-diff';
import { prettyRatio } from '../ratio-text';

const KEY = 'ModelFallbacks';

/** The problem with a changed ModelFallbacks, if any: the server's own rules (shared through the contract), naming the field. */
export function modelFallbacksChangeProblem(changes: readonly OptionChange[]): string | undefined {
  const change = changes.find((candidate) => candidate.key === KEY);
  const problem = change && modelFallbacksProblem(change.value.trim() === '' ? '{}' : change.value);
  return problem && catalogText(problem);
}

/**
 * The ModelFallbacks option as validated JSON (cleared means none, '{}'): per group (`*` for every group),
 * per model asked for, the chain of models tried next and the opt-in triggers (docs/fallbacks.md).
 */
export function ModelFallbacksSection({ options }: { options: Options }) {
  const { t } = useTranslation('translation', { keyPrefix: 'adminSettings.operation' });
  const pretty = { ...options, [KEY]: prettyRatio(options[KEY] ?? '') };
  return (
    <OptionSection
      title={t('modelFallbacks')}
      description={t('modelFallbacksHelp')}
      options={pretty}
      saveLabel={t('saveModelFallbacks')}
      validate={(changes) => {
        const problem = modelFallbacksChangeProblem(changes);
        return problem && `${t('modelFallbacksInvalid')}: ${problem}`;
      }}
      prepare={(typed) => Promise.resolve((typed[KEY] ?? '').trim() === '' && pretty[KEY] !== '' ? { ...typed, [KEY]: '{}' } : typed)}
      fields={[{ key: KEY, label: t('modelFallbacks'), placeholder: t('modelFallbacksPlaceholder'), kind: 'textarea' }]}
    />
  );
}
