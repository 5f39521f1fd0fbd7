import { useState } from 'react';
import { Alert, Flex, Input, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { readCurrency } from '@/lib/format/money';
import { usePricing } from './api/get-pricing';
import { usePricingColumns } from './pricing-columns';

/** /pricing: every signed-in user's price list, in the operator's display currency, searchable by model name. */
export function PricingPage() {
  const { t } = useTranslation('translation', { keyPrefix: 'pricing' });
  const { data, isLoading } = usePricing();
  const [keyword, setKeyword] = useState('');
  const columns = usePricingColumns(readCurrency());
  const needle = keyword.trim().toLowerCase();
  const rows = (data?.models ?? []).filter((row) => row.model.toLowerCase().includes(needle));
  return (
    <Flex vertical gap="middle" data-testid="pricing-page">
      <Typography.Title level={3}>{t('title')}</Typography.Title>
      {data?.unpriced_channel_models && data.unpriced_channel_models.length > 0 && (
        <Alert
          type="warning"
          showIcon
          data-testid="pricing-unpriced-channels"
          message={t('unpricedChannels')}
          description={data.unpriced_channel_models.map((entry) => (
            <div key={entry.model}>{t('unpricedChannel', { model: entry.model, channels: entry.channels.join(', ') })}</div>
          ))}
        />
      )}
      {data && <Typography.Text type="secondary">{t('intro', { group: data.group, ratio: data.group_ratio })}</Typography.Text>}
      <Input.Search value={keyword} onChange={(event) => setKeyword(event.target.value)} placeholder={t('search')} allowClear data-testid="pricing-search" />
      <Table rowKey="model" columns={columns} dataSource={rows} loading={isLoading} pagination={false} scroll={{ x: true }} locale={{ emptyText: t('empty') }} data-testid="pricing-table" />
      {data && data.unpriced.length > 0 && <Typography.Text type="secondary">{t('unpriced', { models: data.unpriced.join(', ') })}</Typography.Text>}
    </Flex>
  );
}
