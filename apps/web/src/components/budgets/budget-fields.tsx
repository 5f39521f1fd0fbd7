import { Divider, Form, InputNumber, Select, Typography } from 'antd';
import type { BudgetStatus } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '@/lib/format/money';
import { pageLocale } from '@/lib/format/page-locale';
import { readQuotaDisplay } from '@/lib/format/quota';
import { quotaToMoney } from './budget-values';

const PERIODS = ['', 'day', 'week', 'month'] as const;

/** A refill time in the viewer's own clock and language, with the day: "12/1 00:00" reads the same in both. */
function refillText(ms: number): string {
  return new Intl.DateTimeFormat(pageLocale(), { month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(ms);
}

/**
 * The budget inputs of a form (key or user): an amount in the display currency and a period, with the spend
 * this period and the refill time when `status` is given (the edit forms; a new key has spent nothing).
 */
export function BudgetFields({ status, group }: { status?: BudgetStatus; group?: string }) {
  const { t } = useTranslation();
  const display = readQuotaDisplay();
  const currency = display.currency?.currency ?? 'USD';
  const money = (quota: number) => formatAmount(quotaToMoney(quota, display), currency);
  const spentLine =
    status && status.amount > 0
      ? t(status.source === 'group' ? 'budgets.spentGroup' : 'budgets.spent', { spent: money(status.spent), amount: money(status.amount), refills: refillText(status.refills_at), group })
      : status
        ? t('budgets.noBudget')
        : undefined;
  return (
    <>
      <Divider titlePlacement="start">{t('budgets.title')}</Divider>
      <Typography.Paragraph type="secondary">{t('budgets.notice', { zone: status?.time_zone ?? 'UTC' })}</Typography.Paragraph>
      <Form.Item
        name="budget_amount"
        label={t('budgets.amount', { currency })}
        rules={[
          {
            validator: (_, value: unknown) =>
              value === null || value === undefined || value === '' || (typeof value === 'number' && Number.isFinite(value) && value >= 0)
                ? Promise.resolve()
                : Promise.reject(new Error(t('budgets.amountInvalid', { field: t('budgets.amount', { currency }) }))),
          },
        ]}
        extra={spentLine && <span data-testid="budget-spent">{spentLine}</span>}
      >
        <InputNumber<number> name="budget_amount" placeholder="0" style={{ width: '100%' }} data-testid="budget_amount" />
      </Form.Item>
      <Form.Item
        name="budget_period"
        label={t('budgets.period')}
        dependencies={['budget_amount']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_, value: unknown) => {
              const amount = getFieldValue('budget_amount') as unknown;
              return typeof amount === 'number' && amount > 0 && !value ? Promise.reject(new Error(t('budgets.periodNeeded'))) : Promise.resolve();
            },
          }),
        ]}
      >
        <Select
          data-testid="budget_period"
          options={PERIODS.map((period) => ({ value: period, label: t(`budgets.periods.${period || 'none'}`) }))}
        />
      </Form.Item>
    </>
  );
}
