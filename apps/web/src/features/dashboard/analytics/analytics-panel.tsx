import { useMemo, useState } from 'react';
import { Card, Col, Flex, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { showRequestError } from '@/app/toasts/show-request-error';
import { showSuccess } from '@/app/toasts/toast';
import { CsvDownloadButton } from '@/components/csv-download-button';
import { withQuery } from '@/lib/api/client';
import { customRange, presetRange, rangeQuery, type AnalyticsRange, type RangePreset } from './analytics-range';
import { ChannelHealthCard, SeriesCard, TopCard } from '../chart-cards';
import { AnalyticsRangePicker } from './range-picker';
import { analyticsBase, useAnalyticsSummary } from './use-analytics';
import { formatNumber } from '@/lib/format/number';

interface AnalyticsPanelProps {
  admin: boolean;
  formatCost: (quota: number) => string;
}

/**
 * Usage over a chosen range from the hourly rollups: totals, a series, the top lists and (admins) each
 * channel's errors and latency; every chart has its table one click away, and the rows download as CSV.
 */
export function AnalyticsPanel({ admin, formatCost }: AnalyticsPanelProps) {
  const { t } = useTranslation();
  const [preset, setPreset] = useState<RangePreset>('7d');
  const [custom, setCustom] = useState<AnalyticsRange | undefined>();
  const range = useMemo(
    () => (preset === 'custom' && custom ? custom : presetRange(preset === 'custom' ? '7d' : preset, Date.now(), new Date().getTimezoneOffset())),
    [preset, custom],
  );
  const { data: summary } = useAnalyticsSummary(admin, range);
  const totals = summary?.totals;
  const figures = [
    { key: 'requests', title: t('dashboard.requestsTooltip'), value: formatNumber(totals?.requests ?? 0) },
    { key: 'errors', title: t('dashboard.errors'), value: formatNumber(totals?.errors ?? 0) },
    { key: 'cost', title: t('dashboard.cost'), value: formatCost(totals?.quota ?? 0) },
    { key: 'tokens', title: t('dashboard.tokensTooltip'), value: formatNumber((totals?.prompt_tokens ?? 0) + (totals?.completion_tokens ?? 0)) },
    { key: 'latency', title: t('dashboard.latencyAvg'), value: `${totals?.latency_avg_ms ?? 0} ms` },
    { key: 'cache-hits', title: t('dashboard.cacheHits'), value: t('dashboard.cacheHitsValue', { hits: formatNumber(summary?.cache_hits ?? 0), rate: ((summary?.cache_hit_rate ?? 0) * 100).toFixed(1) }) },
  ];
  return (
    <Flex vertical gap="middle" data-testid="analytics-panel">
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t(admin ? 'dashboard.analyticsAll' : 'dashboard.analyticsMine')}
        </Typography.Title>
        <Flex gap="middle" wrap align="center">
          <AnalyticsRangePicker preset={preset} onPreset={setPreset} onCustom={(start, end) => setCustom(customRange(start, end, new Date().getTimezoneOffset()))} />
          <CsvDownloadButton
            path={withQuery(`${analyticsBase(admin)}/export.csv`, rangeQuery(range))}
            testId="analytics-csv"
            label={t('dashboard.csvDownload')}
            progressText={({ rows, bytes }) => t('dashboard.csvProgress', { rows: formatNumber(rows), mb: (bytes / 1e6).toFixed(1) })}
            onDone={({ rows }) => showSuccess(t('dashboard.csvDone', { rows: formatNumber(rows) }))}
            onError={showRequestError}
          />
        </Flex>
      </Flex>
      <Row gutter={[16, 16]}>
        {figures.map((figure) => (
          <Col key={figure.key} xs={12} md={8} lg={4}>
            <Card size="small" data-testid={`analytics-total-${figure.key}`}>
              <Statistic title={figure.title} value={figure.value} />
            </Card>
          </Col>
        ))}
      </Row>
      <SeriesCard summary={summary} formatCost={formatCost} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={admin ? 12 : 24}>
          <TopCard admin={admin} range={range} formatCost={formatCost} />
        </Col>
        {admin && (
          <Col xs={24} xl={12}>
            <ChannelHealthCard range={range} />
          </Col>
        )}
      </Row>
    </Flex>
  );
}
