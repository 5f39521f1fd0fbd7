import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { OptionSection } from '../components/option-section';
import type { Options } from '../option-diff';
import { GroupRateLimitsSection } from './group-rate-limits-section';
import { blankAsBuiltIns, ratioProblem, withPrettyRatios } from '../ratio-text';

/**
 * Model, completion and group ratios as JSON and the default ratio for unpriced models, then the cache read, cache write and reasoning ratios (each
 * relative to an input token) with their own save button, and beside the group ratio the groups' default
 * rate limits; every table is checked before it is saved.
 */
export function RatioSection({ options }: { options: Options }) {
  const { t } = useTranslation('translation', { keyPrefix: 'adminSettings.operation' });
  const pretty = withPrettyRatios(options);
  const validate = (changes: Parameters<typeof ratioProblem>[0]) => {
    const problem = ratioProblem(changes);
    return problem && t(problem);
  };
  return (
    <Flex vertical gap="large">
      <OptionSection
        title={t('ratio')}
        options={pretty}
        saveLabel={t('saveRatio')}
        validate={validate}
        fields={[
          { key: 'ModelRatio', label: t('modelRatio'), placeholder: t('modelRatioPlaceholder'), kind: 'textarea' },
          { key: 'CompletionRatio', label: t('completionRatio'), placeholder: t('completionRatioPlaceholder'), kind: 'textarea' },
          { key: 'GroupRatio', label: t('groupRatio'), placeholder: t('groupRatioPlaceholder'), kind: 'textarea' },
          { key: 'DefaultModelRatio', label: t('defaultModelRatio'), placeholder: t('defaultModelRatioPlaceholder'), kind: 'text' },
        ]}
      />
      <GroupRateLimitsSection options={options} />
      <OptionSection
        title={t('tokenKindRatio')}
        description={t('tokenKindRatioHelp')}
        options={pretty}
        saveLabel={t('saveTokenKindRatio')}
        validate={validate}
        prepare={(typed) => Promise.resolve(blankAsBuiltIns(pretty, typed))}
        fields={[
          { key: 'CacheReadRatio', label: t('cacheReadRatio'), placeholder: t('cacheReadRatioPlaceholder'), kind: 'textarea' },
          { key: 'CacheWriteRatio', label: t('cacheWriteRatio'), placeholder: t('cacheWriteRatioPlaceholder'), kind: 'textarea' },
          { key: 'ReasoningRatio', label: t('reasoningRatio'), placeholder: t('reasoningRatioPlaceholder'), kind: 'textarea' },
        ]}
      />
    </Flex>
  );
}
