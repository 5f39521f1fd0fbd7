import { useMemo } from 'react';
import { Col, Flex, Row, Typography } from 'antd';
import { isAdmin } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/app/session/use-current-user';
import { useStatus } from '@/app/status/status-context';
import { formatMoney, readCurrency } from '@/lib/format/money';
import { readQuotaDisplay } from '@/lib/format/quota';
import { AnalyticsPanel } from './analytics/analytics-panel';
import { useDashboard } from './api/get-dashboard';
import { ModelUsageChart, TrendChart } from './chart-cards';
import { dailyTotals, lastUtcDays, modelSeries } from './dashboard-series';

/** Dollars in the display currency by the console's one money rule (a few cheap calls still show: $0.003). */
const formatDollars = (value: number): string => formatMoney(value, readCurrency());

/** /dashboard: my usage of the last 7 UTC days, per day and per model; then the analytics of a chosen range (everyone's for admins). */
export function DashboardPage() {
  const { t } = useTranslation();
  const status = useStatus();
  const user = useCurrentUser();
  const { data: rows = [] } = useDashboard();
  // The status unit, not one-api's hard-coded 1,000,000, so "$" means what the operator configured.
  const quotaPerUnit = status.quota_per_unit ?? readQuotaDisplay().quotaPerUnit;

  const { days, models } = useMemo(() => {
    const dates = lastUtcDays(Date.now());
    return { days: dailyTotals(rows, dates, quotaPerUnit), models: modelSeries(rows, dates) };
  }, [rows, quotaPerUnit]);

  const trends = [
    { metric: 'requests', title: t('dashboard.requests'), color: '#4318FF', format: String, tooltipLabel: t('dashboard.requestsTooltip') },
    { metric: 'quota', title: t('dashboard.quota'), color: '#00B5D8', format: formatDollars, tooltipLabel: t('dashboard.quotaTooltip') },
    { metric: 'tokens', title: t('dashboard.tokens'), color: '#6C63FF', format: String, tooltipLabel: t('dashboard.tokensTooltip') },
  ] as const;

  return (
    <Flex vertical gap="middle" data-testid="dashboard-page">
      <Typography.Title level={3}>{t('dashboard.title')}</Typography.Title>
      <Row gutter={[16, 16]}>
        {trends.map((trend) => (
          <Col key={trend.metric} xs={24} lg={8}>
            <TrendChart {...trend} days={days} testId={`dashboard-${trend.metric}`} />
          </Col>
        ))}
      </Row>
      <ModelUsageChart series={models} />
      <AnalyticsPanel admin={isAdmin(user?.role)} formatCost={(quota) => formatDollars(quota / quotaPerUnit)} />
    </Flex>
  );
}
