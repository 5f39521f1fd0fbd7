import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** The answer came from the response cache (other.cache_hit): no channel was called, billed at the cache's fraction. */
export function CacheHitTag() {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('logs.other.cacheHitHint')}>
      <Tag color="green" data-testid="log-cache-hit">
        {t('logs.other.cacheHit')}
      </Tag>
    </Tooltip>
  );
}
