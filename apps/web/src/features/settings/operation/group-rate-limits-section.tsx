import { groupRateLimitsProblem } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { catalogText } from '@/app/i18n/catalog-text';
import { OptionSection } from '../components/option-section';
import type { OptionChange, Options } from '../option-diff';
import { prettyRatio } from '../ratio-text';

const KEY = 'GroupRateLimits';

/** The problem with a changed GroupRateLimits, if any: the server's own rule, shared through the contract. */
export function groupRateLimitsChangeProblem(changes: readonly OptionChange[]): string | undefined {
  const change = changes.find((candidate) => candidate.key === KEY);
  const problem = change && groupRateLimitsProblem(change.value.trim() === '' ? '{}' : change.value);
  return problem && catalogText(problem);
}

/** The GroupRateLimits option as JSON, edited like the group ratio beside it; cleared means none ('{}'). */
export function GroupRateLimitsSection({ options }: { options: Options }) {
  const { t } = useTranslation('translation', { keyPrefix: 'adminSettings.operation' });
  const pretty = { ...options, [KEY]: prettyRatio(options[KEY] ?? '') };
  return (
    <OptionSection
      title={t('groupRateLimits')}
      description={t('groupRateLimitsHelp')}
      options={pretty}
      saveLabel={t('saveGroupRateLimits')}
      validate={(changes) => {
        const problem = groupRateLimitsChangeProblem(changes);
        return problem && `${t('groupRateLimitsInvalid')}: ${problem}`;
      }}
      prepare={(typed) => Promise.resolve((typed[KEY] ?? '').trim() === '' && pretty[KEY] !== '' ? { ...typed, [KEY]: '{}' } : typed)}
      fields={[{ key: KEY, label: t('groupRateLimits'), placeholder: t('groupRateLimitsPlaceholder'), kind: 'textarea' }]}
    />
  );
}
