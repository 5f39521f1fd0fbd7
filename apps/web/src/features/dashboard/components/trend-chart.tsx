import { Card, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DayTotals } from '../dashboard-series';

interface TrendChartProps {
  title: string;
  metric: keyof Omit<DayTotals, 'date'>;
  days: DayTotals[];
  color: string;
  /** Text of a value, for today's figure and the tooltip. */
  format: (value: number) => string;
  tooltipLabel: string;
  testId: string;
}

/** A day's axis label without its year ("11-29"): the full date is in the tooltip, and a phone has no room for it. */
const monthAndDay = (date: string) => date.replace(/^\d{4}-/, '');

/** One metric per day as a small line chart, with today's value as the headline. */
export function TrendChart({ title, metric, days, color, format, tooltipLabel, testId }: TrendChartProps) {
  const { t } = useTranslation();
  const today = days.at(-1)?.[metric] ?? 0;
  return (
    <Card title={title} data-testid={testId}>
      <Statistic title={t('dashboard.today')} value={format(today)} />
      <ResponsiveContainer width="100%" height={140}>
        <LineChart data={days} margin={{ top: 12, right: 12, bottom: 0, left: 12 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} opacity={0.3} />
          <XAxis dataKey="date" tickLine={false} axisLine={false} tick={{ fontSize: 11 }} tickFormatter={monthAndDay} padding={{ left: 12, right: 12 }} />
          <YAxis hide />
          <Tooltip formatter={(value) => [format(Number(value)), tooltipLabel]} labelFormatter={(label) => `${t('dashboard.date')}: ${String(label)}`} />
          <Line type="monotone" dataKey={metric} stroke={color} strokeWidth={2} dot={false} activeDot={{ r: 4 }} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </Card>
  );
}
