import { useState } from 'react';
import { Segmented, Table } from 'antd';
import type { AnalyticsDimension } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AnalyticsRange } from './analytics-range';
import { useAnalyticsTop } from './use-analytics';
import { AnalyticsCard } from './analytics-card';
import { ViewSwitch, type View } from './view-switch';
import { formatNumber } from '@/lib/format/number';

interface TopCardProps {
  admin: boolean;
  range: AnalyticsRange;
  formatCost: (quota: number) => string;
}

/** The largest users, keys, models or channels of the range (users see their keys and models), by cost or requests. */
export function TopCard({ admin, range, formatCost }: TopCardProps) {
  const { t } = useTranslation();
  const dimensions: AnalyticsDimension[] = admin ? ['user', 'token', 'model', 'channel'] : ['token', 'model'];
  const [dimension, setDimension] = useState<AnalyticsDimension>(dimensions[0]!);
  const [by, setBy] = useState<'quota' | 'requests'>('quota');
  const [view, setView] = useState<View>('chart');
  const { data: items = [] } = useAnalyticsTop(admin, range, dimension, by);
  const format = by === 'quota' ? formatCost : (value: number) => formatNumber(value);
  const controls = (
    <>
      <Segmented<AnalyticsDimension> size="small" data-testid="analytics-top-dimension" value={dimension} onChange={setDimension} options={dimensions.map((d) => ({ value: d, label: t(`dashboard.dimension_${d}`) }))} />
      <Segmented<'quota' | 'requests'>
        size="small"
        value={by}
        onChange={setBy}
        options={[
          { value: 'quota', label: t('dashboard.byCost') },
          { value: 'requests', label: t('dashboard.byRequests') },
        ]}
      />
      <ViewSwitch view={view} onChange={setView} testId="analytics-top-view" />
    </>
  );
  return (
    <AnalyticsCard title={t('dashboard.top')} controls={controls} testId="analytics-top">
      {view === 'chart' ? (
        <ResponsiveContainer width="100%" height={Math.max(120, items.length * 32)}>
          <BarChart data={items} layout="vertical" margin={{ left: 24, right: 40 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} opacity={0.3} />
            <XAxis type="number" tickLine={false} axisLine={false} tick={{ fontSize: 11 }} tickFormatter={(value: number) => format(value)} />
            <YAxis type="category" dataKey="name" width={140} tickLine={false} axisLine={false} tick={{ fontSize: 12 }} />
            <Tooltip formatter={(value) => format(Number(value))} />
            <Bar dataKey={by} name={t(by === 'quota' ? 'dashboard.cost' : 'dashboard.requestsTooltip')} fill="#00B5D8" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      ) : (
        <Table
          size="small"
          rowKey="key"
          dataSource={items}
          pagination={false}
          data-testid="analytics-top-table"
          columns={[
            { title: t(`dashboard.dimension_${dimension}`), dataIndex: 'name' },
            { title: t('dashboard.requestsTooltip'), dataIndex: 'requests' },
            { title: t('dashboard.errors'), dataIndex: 'errors' },
            { title: t('dashboard.cost'), dataIndex: 'quota', render: (quota: number) => formatCost(quota) },
            { title: t('dashboard.promptTokens'), dataIndex: 'prompt_tokens' },
            { title: t('dashboard.completionTokens'), dataIndex: 'completion_tokens' },
          ]}
        />
      )}
    </AnalyticsCard>
  );
}
