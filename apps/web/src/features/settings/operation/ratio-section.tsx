import { Flex, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBuiltInRatios } from '../api/built-in-ratios';
import { ownRatioChanges, withBuiltInRatios } from '../built-in-ratio-text';
import { OptionSection, type OptionProblem } from '../components/option-section';
import type { Options } from '../option-diff';
import { GroupRateLimitsSection } from './group-rate-limits-section';
import { GroupBudgetsSection } from './group-budgets-section';
import { ModelFallbacksSection } from './model-fallbacks-section';
import { RATIO_LABELS, ratioEntryProblem } from '../ratio-entry-problem';
import { blankAsBuiltIns, ratioProblem, withPrettyRatios } from '../ratio-text';

/**
 * Model, completion and group ratios as JSON and the default ratio for unpriced models, then the cache read, cache write and reasoning ratios (each
 * relative to an input token) with their own save button, and beside the group ratio the groups' default
 * rate limits; every table is checked before it is saved. The model, completion, cache and reasoning tables
 * show the built-in ratios under the operator's own, and store only the operator's (see built-in-ratio-text).
 */
export function RatioSection({ options }: { options: Options }) {
  const { t } = useTranslation('translation', { keyPrefix: 'adminSettings.operation' });
  const { t: tRoot } = useTranslation();
  const builtIns = useBuiltInRatios();
  // The editors start from the built-ins once: a form takes its values when it mounts.
  if (builtIns.isPending) return <Skeleton active data-testid="ratio-section-loading" />;
  const pretty = withBuiltInRatios(withPrettyRatios(options), builtIns.data);
  const store = (changes: Parameters<typeof ownRatioChanges>[2]) => ownRatioChanges(options, builtIns.data, changes);
  const validate = (changes: Parameters<typeof ratioProblem>[0]): OptionProblem | undefined => {
    const problem = ratioProblem(changes);
    if (problem) return t(problem);
    // A row that is not a price is named as the operator typed it, in the editor's own words (issue 35).
    const entry = ratioEntryProblem(changes);
    return entry && { key: entry.key, message: tRoot('formRules.entryInvalid', { editor: t(RATIO_LABELS[entry.key]), name: entry.name, value: entry.value }) };
  };
  return (
    <Flex vertical gap="large">
      <OptionSection
        title={t('ratio')}
        description={t('builtInRatioHelp')}
        options={pretty}
        saveLabel={t('saveRatio')}
        store={store}
        validate={validate}
        fields={[
          { key: 'ModelRatio', label: t('modelRatio'), placeholder: t('modelRatioPlaceholder'), kind: 'textarea' },
          { key: 'CompletionRatio', label: t('completionRatio'), placeholder: t('completionRatioPlaceholder'), kind: 'textarea' },
          { key: 'GroupRatio', label: t('groupRatio'), placeholder: t('groupRatioPlaceholder'), kind: 'textarea' },
          { key: 'DefaultModelRatio', label: t('defaultModelRatio'), placeholder: t('defaultModelRatioPlaceholder'), kind: 'text' },
        ]}
      />
      <GroupRateLimitsSection options={options} />
      <GroupBudgetsSection options={options} />
      <ModelFallbacksSection options={options} />
      <OptionSection
        title={t('tokenKindRatio')}
        description={t('tokenKindRatioHelp')}
        options={pretty}
        saveLabel={t('saveTokenKindRatio')}
        store={store}
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
