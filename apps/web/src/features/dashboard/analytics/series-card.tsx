import { useState } from 'react';
import { Segmented, Table } from 'antd';
import type { AnalyticsSummary } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { Bar, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatTimestamp } from '@/lib/format/time';
import { AnalyticsCard } from './analytics-card';
import { ViewSwitch, type View } from './view-switch';
import { formatNumber } from '@/lib/format/number';

type Metric = 'requests' | 'quota' | 'tokens';

interface SeriesCardProps {
  summary: AnalyticsSummary | undefined;
  formatCost: (quota: number) => string;
}

const label = (time: number, granularity: 'hour' | 'day') => (granularity === 'day' ? formatTimestamp(time).slice(0, 10) : formatTimestamp(time).slice(5, 16));

/** Requests (with their errors), cost or tokens over the range, as a chart or a table. */
export function SeriesCard({ summary, formatCost }: SeriesCardProps) {
  const { t } = useTranslation();
  const [metric, setMetric] = useState<Metric>('requests');
  const [view, setView] = useState<View>('chart');
  const granularity = summary?.granularity ?? 'hour';
  const points = (summary?.series ?? []).map((p) => ({ ...p, label: label(p.time, granularity), tokens: p.prompt_tokens + p.completion_tokens }));
  const format = metric === 'quota' ? formatCost : (value: number) => formatNumber(value);
  const controls = (
    <>
      <Segmented<Metric>
        size="small"
        value={metric}
        onChange={setMetric}
        options={[
          { value: 'requests', label: t('dashboard.requestsTooltip') },
          { value: 'quota', label: t('dashboard.cost') },
          { value: 'tokens', label: t('dashboard.tokensTooltip') },
        ]}
      />
      <ViewSwitch view={view} onChange={setView} testId="analytics-series-view" />
    </>
  );
  return (
    <AnalyticsCard title={t('dashboard.overTime')} controls={controls} testId="analytics-series">
      {view === 'chart' ? (
        <ResponsiveContainer width="100%" height={280}>
          <ComposedChart data={points}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} opacity={0.3} />
            <XAxis dataKey="label" tickLine={false} axisLine={false} tick={{ fontSize: 11 }} minTickGap={24} padding={{ left: 24, right: 24 }} />
            <YAxis tickLine={false} axisLine={false} tick={{ fontSize: 11 }} tickFormatter={(value: number) => format(value)} width={80} />
            <Tooltip formatter={(value, name) => [format(Number(value)), String(name)]} />
            <Bar dataKey={metric} name={t(metric === 'quota' ? 'dashboard.cost' : `dashboard.${metric}Tooltip`)} fill="#4318FF" isAnimationActive={false} />
            {metric === 'requests' && <Line dataKey="errors" name={t('dashboard.errors')} stroke="#FF5E7D" dot={false} isAnimationActive={false} />}
          </ComposedChart>
        </ResponsiveContainer>
      ) : (
        <Table
          size="small"
          rowKey="time"
          dataSource={points}
          pagination={{ pageSize: 24, showSizeChanger: false }}
          data-testid="analytics-series-table"
          columns={[
            { title: t('dashboard.time'), dataIndex: 'label' },
            { title: t('dashboard.requestsTooltip'), dataIndex: 'requests' },
            { title: t('dashboard.errors'), dataIndex: 'errors' },
            { title: t('dashboard.cost'), dataIndex: 'quota', render: (quota: number) => formatCost(quota) },
            { title: t('dashboard.promptTokens'), dataIndex: 'prompt_tokens' },
            { title: t('dashboard.completionTokens'), dataIndex: 'completion_tokens' },
            { title: t('dashboard.latencyAvg'), dataIndex: 'latency_avg_ms' },
          ]}
        />
      )}
    </AnalyticsCard>
  );
}
