import { budgetTimeZoneProblem, groupBudgetsProblem } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { catalogText } from '@/app/i18n/catalog-text';
import { OptionSection } from '../components/option-section';
import type { OptionChange, Options } from '../option-diff';
import { prettyRatio } from '../ratio-text';

const KEY = 'GroupBudgets';
const ZONE = 'BudgetTimeZone';

/** The problem with a changed GroupBudgets or BudgetTimeZone, if any: the server's own rules, shared through the contract. */
export function groupBudgetsChangeProblem(changes: readonly OptionChange[]): string | undefined {
  const budgets = changes.find((candidate) => candidate.key === KEY);
  const zone = changes.find((candidate) => candidate.key === ZONE);
  const problem = (budgets && groupBudgetsProblem(budgets.value.trim() === '' ? '{}' : budgets.value)) ?? (zone && budgetTimeZoneProblem(zone.value.trim()));
  return problem && catalogText(problem);
}

/** The GroupBudgets option as JSON (cleared means none, '{}') and the zone periods start in (blank is UTC). */
export function GroupBudgetsSection({ options }: { options: Options }) {
  const { t } = useTranslation('translation', { keyPrefix: 'adminSettings.operation' });
  const pretty = { ...options, [KEY]: prettyRatio(options[KEY] ?? '') };
  return (
    <OptionSection
      title={t('groupBudgets')}
      description={t('groupBudgetsHelp')}
      options={pretty}
      saveLabel={t('saveGroupBudgets')}
      validate={(changes) => {
        const problem = groupBudgetsChangeProblem(changes);
        return problem && `${t('groupBudgetsInvalid')}: ${problem}`;
      }}
      prepare={(typed) => Promise.resolve((typed[KEY] ?? '').trim() === '' && pretty[KEY] !== '' ? { ...typed, [KEY]: '{}' } : typed)}
      fields={[
        { key: KEY, label: t('groupBudgets'), placeholder: t('groupBudgetsPlaceholder'), kind: 'textarea' },
        { key: ZONE, label: t('budgetTimeZone'), placeholder: t('budgetTimeZonePlaceholder'), kind: 'text' },
      ]}
    />
  );
}
