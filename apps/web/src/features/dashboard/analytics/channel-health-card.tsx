import { useState } from 'react';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AnalyticsRange } from './analytics-range';
import { useAnalyticsChannels } from './use-analytics';
import { AnalyticsCard } from './analytics-card';
import { ViewSwitch, type View } from './view-switch';
import { formatNumber } from '@/lib/format/number';

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

/**
 * Each channel's error rate and latency (p50, p95) over the range: admins only. The percentiles are what the
 * server can prove from its histogram and the mean's sum, a latency they do not exceed, so they read "≤ n".
 */
export function ChannelHealthCard({ range }: { range: AnalyticsRange }) {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('chart');
  const { data: channels = [] } = useAnalyticsChannels(range, true);
  const atMost = (ms: number) => (ms > 0 ? t('dashboard.atMost', { ms: formatNumber(ms) }) : ms);
  const rows = channels.map((c) => ({ ...c, error_percent: Number((c.error_rate * 100).toFixed(2)) }));
  return (
    <AnalyticsCard title={t('dashboard.channelHealth')} controls={<ViewSwitch view={view} onChange={setView} testId="analytics-channels-view" />} testId="analytics-channels">
      {view === 'chart' ? (
        <ResponsiveContainer width="100%" height={Math.max(160, rows.length * 40)}>
          <BarChart data={rows} layout="vertical" margin={{ left: 24, right: 24 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} opacity={0.3} />
            <XAxis type="number" xAxisId="ms" orientation="bottom" tickLine={false} axisLine={false} tick={{ fontSize: 11 }} unit=" ms" />
            <XAxis type="number" xAxisId="rate" orientation="top" tickLine={false} axisLine={false} tick={{ fontSize: 11 }} unit="%" />
            <YAxis type="category" dataKey="name" width={140} tickLine={false} axisLine={false} tick={{ fontSize: 12 }} />
            <Tooltip />
            <Legend />
            <Bar xAxisId="ms" dataKey="latency_p50_ms" name={t('dashboard.p50')} fill="#05CD99" isAnimationActive={false} />
            <Bar xAxisId="ms" dataKey="latency_p95_ms" name={t('dashboard.p95')} fill="#FFB547" isAnimationActive={false} />
            <Bar xAxisId="rate" dataKey="error_percent" name={t('dashboard.errorRate')} fill="#FF5E7D" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      ) : (
        <Table
          size="small"
          rowKey="channel_id"
          dataSource={rows}
          pagination={false}
          data-testid="analytics-channels-table"
          columns={[
            { title: t('dashboard.dimension_channel'), dataIndex: 'name' },
            { title: t('dashboard.requestsTooltip'), dataIndex: 'requests' },
            { title: t('dashboard.errors'), dataIndex: 'errors' },
            { title: t('dashboard.errorRate'), dataIndex: 'error_rate', render: percent },
            { title: t('dashboard.latencyAvg'), dataIndex: 'latency_avg_ms' },
            { title: t('dashboard.p50'), dataIndex: 'latency_p50_ms', render: atMost },
            { title: t('dashboard.p95'), dataIndex: 'latency_p95_ms', render: atMost },
          ]}
        />
      )}
    </AnalyticsCard>
  );
}
