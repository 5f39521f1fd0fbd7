import { budgetTimeZoneProblem, groupBudgetsProblem } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { JsonOptionSection, jsonOf } from '../components/json-option-section';
import type { OptionChange, Options } from '../option-diff';

const KEY = 'GroupBudgets';
const ZONE = 'BudgetTimeZone';

/** The problem with a changed GroupBudgets or BudgetTimeZone, if any: the server's own rules, shared through the contract. */
const groupBudgetsChangeProblem = (changes: readonly OptionChange[]) => {
  const budgets = changes.find((candidate) => candidate.key === KEY);
  const zone = changes.find((candidate) => candidate.key === ZONE);
  return (budgets && groupBudgetsProblem(jsonOf(budgets))) ?? (zone && budgetTimeZoneProblem(zone.value.trim()));
};

/** The GroupBudgets option as JSON (cleared means none, '{}') and the zone periods start in (blank is UTC), saved together. */
export function GroupBudgetsSection({ options }: { options: Options }) {
  const { t } = useTranslation('translation', { keyPrefix: 'adminSettings.operation' });
  return (
    <JsonOptionSection
      options={options}
      optionKey={KEY}
      texts={{ title: t('groupBudgets'), help: t('groupBudgetsHelp'), placeholder: t('groupBudgetsPlaceholder'), invalid: t('groupBudgetsInvalid'), save: t('saveGroupBudgets') }}
      problem={groupBudgetsChangeProblem}
      extraFields={[{ key: ZONE, label: t('budgetTimeZone'), placeholder: t('budgetTimeZonePlaceholder'), kind: 'text' }]}
    />
  );
}
