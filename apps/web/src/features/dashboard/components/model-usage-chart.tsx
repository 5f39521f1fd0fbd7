import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { modelKey, type ModelSeries } from '../dashboard-series';

const COLORS = ['#4318FF', '#00B5D8', '#6C63FF', '#05CD99', '#FFB547', '#FF5E7D', '#41B883', '#7983FF', '#FF8F6B', '#49BEFF'];

/** Tokens per day, one stacked segment per model. */
export function ModelUsageChart({ series }: { series: ModelSeries }) {
  const { t } = useTranslation();
  return (
    <Card title={t('dashboard.models')} data-testid="dashboard-models">
      {series.models.length === 0 ? (
        <Empty description={t('dashboard.empty')} />
      ) : (
        <ResponsiveContainer width="100%" height={320}>
          <BarChart data={series.data}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} opacity={0.3} />
            <XAxis dataKey="date" tickLine={false} axisLine={false} tick={{ fontSize: 12 }} />
            <YAxis tickLine={false} axisLine={false} tick={{ fontSize: 12 }} />
            <Tooltip labelFormatter={(label) => `${t('dashboard.date')}: ${String(label)}`} />
            <Legend />
            {series.models.map((model, index) => (
              <Bar
                key={model}
                dataKey={modelKey(index)}
                name={model || t('dashboard.unknownModel')}
                stackId="models"
                fill={COLORS[index % COLORS.length]}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      )}
    </Card>
  );
}
