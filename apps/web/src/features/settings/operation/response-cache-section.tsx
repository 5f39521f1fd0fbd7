import { useTranslation } from 'react-i18next';
import { OptionSection } from '../components/option-section';
import type { Options } from '../option-diff';

/** The response cache's options (docs/response-cache.md); the server refuses a value out of range, naming the option. */
export function ResponseCacheSection({ options }: { options: Options }) {
  const { t } = useTranslation('translation', { keyPrefix: 'adminSettings.operation' });
  return (
    <OptionSection
      title={t('responseCache')}
      description={t('responseCacheIntro')}
      options={options}
      saveLabel={t('saveResponseCache')}
      fields={[
        { key: 'ResponseCacheTtlSeconds', label: t('responseCacheTtl'), placeholder: t('responseCacheTtlPlaceholder'), kind: 'number', min: 1, step: 1 },
        { key: 'ResponseCacheBilledFraction', label: t('responseCacheBilledFraction'), placeholder: t('responseCacheBilledFractionPlaceholder'), kind: 'number', min: 0, step: 0.05 },
        { key: 'ResponseCacheMaxBytes', label: t('responseCacheMaxBytes'), placeholder: t('responseCacheMaxBytesPlaceholder'), kind: 'number', min: 1, step: 1 },
        { key: 'ResponseCacheMaxTotalBytes', label: t('responseCacheMaxTotalBytes'), placeholder: t('responseCacheMaxTotalBytesPlaceholder'), kind: 'number', min: 1, step: 1 },
        { key: 'ResponseCacheSharedGroups', label: t('responseCacheSharedGroups'), placeholder: t('responseCacheSharedGroupsPlaceholder') },
      ]}
    />
  );
}
