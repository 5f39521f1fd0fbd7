import { useTranslation } from 'react-i18next';
import { OptionSection } from '../components/option-section';
import type { Options } from '../option-diff';
import { ratioProblem, withPrettyRatios } from '../ratio-text';

/** Model, completion and group ratios as JSON, each checked before it is saved. */
export function RatioSection({ options }: { options: Options }) {
  const { t } = useTranslation('translation', { keyPrefix: 'adminSettings.operation' });
  return (
    <OptionSection
      title={t('ratio')}
      options={withPrettyRatios(options)}
      saveLabel={t('saveRatio')}
      validate={(changes) => {
        const problem = ratioProblem(changes);
        return problem && t(problem);
      }}
      fields={[
        { key: 'ModelRatio', label: t('modelRatio'), placeholder: t('modelRatioPlaceholder'), kind: 'textarea' },
        { key: 'CompletionRatio', label: t('completionRatio'), placeholder: t('completionRatioPlaceholder'), kind: 'textarea' },
        { key: 'GroupRatio', label: t('groupRatio'), placeholder: t('groupRatioPlaceholder'), kind: 'textarea' },
      ]}
    />
  );
}
