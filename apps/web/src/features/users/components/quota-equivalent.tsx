import { useTranslation } from 'react-i18next';
import { readQuotaDisplay, renderQuota } from '@/lib/format/quota';

/** The quota as an amount of money, shown next to quota inputs when quota is displayed as currency. */
export function QuotaEquivalent({ quota }: { quota: number }) {
  const { t } = useTranslation();
  if (!readQuotaDisplay().displayInCurrency) return null;
  return <span data-testid="quota-equivalent">{t('users.form.quotaEquivalent', { amount: renderQuota(quota) })}</span>;
}
