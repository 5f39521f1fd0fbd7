import type { TableColumnsType } from 'antd';
import { Flex, Typography } from 'antd';
import type { ModelPriceView } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { formatPrice, type CurrencyDisplay } from '@/lib/format/money';

/**
 * The pricing table's columns: one per kind of token, blank where the model prices it as plain input, then
 * the price per call of models billed per request (in place of their token prices).
 */
export function usePricingColumns(currency: CurrencyDisplay): TableColumnsType<ModelPriceView> {
  const { t } = useTranslation('translation', { keyPrefix: 'pricing' });
  const money = (value: number | undefined) => (value === undefined ? '' : formatPrice(value, currency));
  return [
    { key: 'model', title: t('model'), dataIndex: 'model', render: (model: string) => <Typography.Text copyable>{model}</Typography.Text> },
    { key: 'input', title: t('input'), render: (_, row) => <span data-testid={`price-${row.model}-input`}>{money(row.input)}</span> },
    { key: 'output', title: t('output'), render: (_, row) => <span data-testid={`price-${row.model}-output`}>{money(row.output)}</span> },
    { key: 'cache_read', title: t('cacheRead'), render: (_, row) => money(row.cache_read) },
    { key: 'cache_write', title: t('cacheWrite'), render: (_, row) => money(row.cache_write) },
    { key: 'reasoning', title: t('reasoning'), render: (_, row) => money(row.reasoning) },
    { key: 'audio_input', title: t('audioInput'), render: (_, row) => money(row.audio_input) },
    { key: 'audio_output', title: t('audioOutput'), render: (_, row) => money(row.audio_output) },
    { key: 'per_request', title: t('perRequest'), render: (_, row) => <span data-testid={`price-${row.model}-request`}>{money(row.per_request)}</span> },
    {
      key: 'tiers',
      title: t('tiers'),
      render: (_, row) => (
        <Flex vertical>
          {row.tiers.map((tier) => (
            <Typography.Text key={tier.above_prompt_tokens} type="secondary">
              {t('tier', { tokens: tier.above_prompt_tokens, input: money(tier.input), output: money(tier.output) })}
            </Typography.Text>
          ))}
        </Flex>
      ),
    },
    {
      key: 'origin',
      title: t('origin'),
      render: (_, row) =>
        row.origin && (
          <Typography.Text type="secondary" data-testid={`price-${row.model}-origin`}>
            {t(`origins.${row.origin.kind}`, { name: row.origin.name ?? '', date: row.origin.date ?? '' })}
          </Typography.Text>
        ),
    },
  ];
}
