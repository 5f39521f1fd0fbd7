import { Button, Flex, Modal, Tag, Typography } from 'antd';
import { SOURCE_PRICE_KINDS, sourceAmountText, type PriceSourcePreview, type SourcePrices } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';

interface PriceSourceDialogProps {
  /** The previewed file; the dialog is mounted while there is one. */
  preview: PriceSourcePreview;
  applying: boolean;
  onApply: (sha256: string) => void;
  onCancel: () => void;
}

/**
 * What a fetched price file changes, before it is applied: the counts, then a scrollable list of the models
 * added (with their prices), changed (each kind old → new) and removed. The server lists at most a few
 * hundred of each; the counts say how many there are.
 */
export function PriceSourceDialog({ preview, applying, onApply, onCancel }: PriceSourceDialogProps) {
  const { t } = useTranslation('translation', { keyPrefix: 'adminSettings.priceSource' });
  const { diff } = preview;
  const kind = (name: keyof SourcePrices) => t(`kinds.${name}`);
  const pricesText = (prices: SourcePrices) =>
    SOURCE_PRICE_KINDS.filter((name) => prices[name] !== undefined)
      .map((name) => `${kind(name)} ${sourceAmountText(prices[name])}`)
      .join(', ') || t('noTokenPrice');
  const more = (count: number, shown: number) => count > shown && <Typography.Text type="secondary">{t('more', { count: count - shown })}</Typography.Text>;
  const nothing = diff.counts.added + diff.counts.changed + diff.counts.removed === 0;

  return (
    <Modal
      open
      title={t('dialogTitle', { name: preview.name, date: preview.date })}
      onCancel={onCancel}
      footer={[
        <Button key="cancel" onClick={onCancel} data-testid="price-source-cancel">
          {t('cancel')}
        </Button>,
        <Button key="apply" type="primary" loading={applying} onClick={() => onApply(preview.sha256)} data-testid="price-source-apply">
          {t('apply')}
        </Button>,
      ]}
      width={720}
    >
      <Flex vertical gap="small">
        <Typography.Text data-testid="price-source-summary">{t('summary', diff.counts)}</Typography.Text>
        {nothing && <Typography.Text type="secondary">{t('noChanges')}</Typography.Text>}
        <Flex vertical gap={2} style={{ maxHeight: 360, overflowY: 'auto' }} data-testid="price-source-diff">
          {diff.added.map((model) => (
            <div key={`+${model.provider}/${model.model}`}>
              <Tag color="green">+</Tag>
              {model.provider}/{model.model} <Typography.Text type="secondary">{pricesText(model.prices)}</Typography.Text>
            </div>
          ))}
          {more(diff.counts.added, diff.added.length)}
          {diff.changed.map((model) => (
            <div key={`~${model.provider}/${model.model}`}>
              <Tag color="blue">~</Tag>
              {model.provider}/{model.model}{' '}
              <Typography.Text type="secondary">{model.changes.map((change) => `${kind(change.kind)} ${sourceAmountText(change.from)} → ${sourceAmountText(change.to)}`).join('; ')}</Typography.Text>
            </div>
          ))}
          {more(diff.counts.changed, diff.changed.length)}
          {diff.removed.map((model) => (
            <div key={`-${model.provider}/${model.model}`}>
              <Tag color="red">-</Tag>
              {model.provider}/{model.model}
            </div>
          ))}
          {more(diff.counts.removed, diff.removed.length)}
        </Flex>
      </Flex>
    </Modal>
  );
}
