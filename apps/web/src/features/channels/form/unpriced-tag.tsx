import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** Marks a model without a price: a request for it is refused until one is set, and the tooltip says where. */
export function UnpricedTag() {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('channels.modelFetch.unpricedHint')}>
      <Tag color="orange" style={{ marginInlineStart: 6, marginInlineEnd: 0 }} data-testid="model-unpriced">
        {t('channels.modelFetch.unpriced')}
      </Tag>
    </Tooltip>
  );
}
