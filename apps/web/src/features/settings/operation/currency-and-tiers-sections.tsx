import { Divider } from 'antd';
import { useTranslation } from 'react-i18next';
import { OptionSection } from '../components/option-section';
import type { Options } from '../option-diff';
import { prettyRatio } from '../ratio-text';

/** Long-context tiers as JSON (the server checks them and names a bad field), then the display currency. */
export function CurrencyAndTiersSections({ options }: { options: Options }) {
  const { t } = useTranslation('translation', { keyPrefix: 'adminSettings.prices' });
  const shown = { ...options, ModelPriceTiers: prettyRatio(options.ModelPriceTiers ?? '') };
  return (
    <>
      <OptionSection
        title={t('tiers')}
        description={t('tiersHelp')}
        options={shown}
        saveLabel={t('saveTiers')}
        // A cleared editor means "no tiers", which the server takes as {}.
        prepare={(typed) => Promise.resolve({ ...typed, ModelPriceTiers: (typed.ModelPriceTiers ?? '').trim() === '' ? '{}' : (typed.ModelPriceTiers ?? '') })}
        fields={[{ key: 'ModelPriceTiers', label: t('tiers'), placeholder: t('tiersPlaceholder'), kind: 'textarea' }]}
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
