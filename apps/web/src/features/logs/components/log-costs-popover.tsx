import { Flex, Popover, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatRatio } from '../log-other';
import type { CostBreakdown, CostLine } from '../log-costs';

/** The text of each kind's line: per million tokens unless the kind counts something else. */
const LINE_TEXT: Partial<Record<CostLine['kind'], 'logs.costs.requestLine' | 'logs.costs.imageLine' | 'logs.costs.characterLine'>> = {
  request: 'logs.costs.requestLine',
  image: 'logs.costs.imageLine',
  character: 'logs.costs.characterLine',
};

/** A tag that opens the row's cost: each kind of token at its price, the rounding and the charge they add up to, the group ratio, the tier applied. */
export function LogCostsPopover({ breakdown }: { breakdown: CostBreakdown }) {
  const { t } = useTranslation();
  const content = (
    <Flex vertical gap={2} data-testid="log-costs-detail">
      {breakdown.lines.map((line) => (
        <Typography.Text key={line.kind} data-testid={`log-cost-${line.kind}`}>
          {t(LINE_TEXT[line.kind] ?? 'logs.costs.line', { kind: t(`logs.costs.kinds.${line.kind}`), tokens: line.tokens, price: line.price, cost: line.cost })}
        </Typography.Text>
      ))}
      {breakdown.total?.rounding && (
        <Typography.Text data-testid="log-cost-rounding">{t('logs.costs.rounding', { cost: breakdown.total.rounding })}</Typography.Text>
      )}
      {breakdown.total && (
        <Typography.Text strong data-testid="log-cost-total">
          {t('logs.costs.total', { cost: breakdown.total.charged })}
        </Typography.Text>
      )}
      {breakdown.image && (
        <Typography.Text type="secondary" data-testid="log-cost-image-size">
          {t(breakdown.image.quality ? 'logs.costs.imageSizeQuality' : 'logs.costs.imageSize', { size: breakdown.image.size, quality: breakdown.image.quality, ratio: formatRatio(breakdown.image.sizeRatio) })}
        </Typography.Text>
      )}
      {breakdown.groupRatio !== undefined && (
        <Typography.Text type="secondary" data-testid="log-cost-group">
          {t('logs.costs.groupRatio', { ratio: formatRatio(breakdown.groupRatio) })}
        </Typography.Text>
      )}
      {breakdown.origin && (
        <Typography.Text type="secondary" data-testid="log-cost-origin">
          {t(`logs.costs.origin.${breakdown.origin.kind}`, { name: breakdown.origin.name ?? '', date: breakdown.origin.date ?? '' })}
        </Typography.Text>
      )}
      {breakdown.tier !== undefined && (
        <Typography.Text type="warning" data-testid="log-cost-tier">
          {t('logs.costs.tier', { tokens: breakdown.tier })}
        </Typography.Text>
      )}
    </Flex>
  );
  return (
    <Popover content={content} trigger="click">
      <Tag color="green" style={{ cursor: 'pointer' }} data-testid="log-costs">
        {t('logs.costs.show')}
      </Tag>
    </Popover>
  );
}
