import { groupRateLimitsProblem } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { JsonOptionSection, jsonOf } from '../components/json-option-section';
import type { OptionChange, Options } from '../option-diff';

const KEY = 'GroupRateLimits';

/** The problem with a changed GroupRateLimits, if any: the server's own rule, shared through the contract. */
const groupRateLimitsChangeProblem = (changes: readonly OptionChange[]) => {
  const change = changes.find((candidate) => candidate.key === KEY);
  return change && groupRateLimitsProblem(jsonOf(change));
};

/** The GroupRateLimits option as JSON, edited like the group ratio beside it; cleared means none ('{}'). */
export function GroupRateLimitsSection({ options }: { options: Options }) {
  const { t } = useTranslation('translation', { keyPrefix: 'adminSettings.operation' });
  return (
    <JsonOptionSection
      options={options}
      optionKey={KEY}
      texts={{ title: t('groupRateLimits'), help: t('groupRateLimitsHelp'), placeholder: t('groupRateLimitsPlaceholder'), invalid: t('groupRateLimitsInvalid'), save: t('saveGroupRateLimits') }}
      problem={groupRateLimitsChangeProblem}
    />
  );
}
