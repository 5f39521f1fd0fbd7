import { Divider } from 'antd';
import { useTranslation } from 'react-i18next';
import { OptionSection } from '../components/option-section';
import type { Options } from '../option-diff';
import { prettyRatio } from '../ratio-text';

/** Long-context tiers and per-request prices as JSON (the server checks them and names a bad field), then the display currency. */
export function CurrencyAndTiersSections({ options }: { options: Options }) {
  const { t } = useTranslation('translation', { keyPrefix: 'adminSettings.prices' });
  const shown: Options = { ...options, ModelPriceTiers: prettyRatio(options.ModelPriceTiers ?? ''), ModelRequestPrice: prettyRatio(options.ModelRequestPrice ?? '') };
  // A cleared editor means "none", which the server takes as {}.
  const blankAsEmpty = (typed: Options): Options =>
    Object.fromEntries(Object.entries(typed).map(([key, value]) => [key, value.trim() === '' && (shown[key] ?? '') !== '' ? '{}' : value]));
  return (
    <>
      <OptionSection
        title={t('tiers')}
        description={t('tiersHelp')}
        options={shown}
        saveLabel={t('saveTiers')}
        prepare={(typed) => Promise.resolve(blankAsEmpty(typed))}
        fields={[
          { key: 'ModelPriceTiers', label: t('tiers'), placeholder: t('tiersPlaceholder'), kind: 'textarea' },
          { key: 'ModelRequestPrice', label: t('requestPrice'), placeholder: t('requestPricePlaceholder'), kind: 'textarea' },
        ]}
      />
      <Divider />
      <OptionSection
        title={t('currency')}
        description={t('currencyHelp')}
        options={options}
        saveLabel={t('saveCurrency')}
        fields={[
          { key: 'DisplayCurrency', label: t('displayCurrency'), placeholder: 'USD' },
          { key: 'CurrencyExchangeRate', label: t('exchangeRate'), placeholder: '7.2', kind: 'number', step: 0.01 },
        ]}
      />
    </>
  );
}
