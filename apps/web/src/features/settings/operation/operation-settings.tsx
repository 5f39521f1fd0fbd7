import type { ReactNode } from 'react';
import { Divider, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { OptionCheckbox } from '../components/option-checkbox';
import { OptionSection } from '../components/option-section';
import type { Options } from '../option-diff';
import { CurrencyAndTiersSections } from './currency-and-tiers-sections';
import { LogSection } from './log-section';
import { MoneyPriceSection } from './money-price-section';
import { PriceSourceSection } from './price-source-section';
import { RatioSection } from './ratio-section';
import { ResponseCacheSection } from './response-cache-section';
import { RATIO_KEYS } from '../ratio-text';
import { SectionAnchors, sectionId, type OperationSection } from './section-anchors';

/** One section of the tab, the target of its link in the anchor bar. */
const Section = ({ name, children }: { name: OperationSection; children: ReactNode }) => <div id={sectionId(name)}>{children}</div>;

/** The operation tab: general, logs, monitoring, the channel circuit breaker, quota, prices in money, the price source, ratios, tiers, currency. */
export function OperationSettings({ options }: { options: Options }) {
  const { t } = useTranslation('translation', { keyPrefix: 'adminSettings.operation' });
  const checkbox = (optionKey: string, label: string) => <OptionCheckbox optionKey={optionKey} label={label} options={options} />;

  return (
    <Flex vertical data-testid="operation-settings">
      <SectionAnchors />
      <Section name="general">
        <OptionSection
          title={t('general')}
          options={options}
          saveLabel={t('saveGeneral')}
          fields={[
            { key: 'TopUpLink', label: t('topUpLink'), placeholder: t('topUpLinkPlaceholder') },
            { key: 'ChatLink', label: t('chatLink'), placeholder: t('chatLinkPlaceholder') },
            { key: 'QuotaPerUnit', label: t('quotaPerUnit'), placeholder: t('quotaPerUnitPlaceholder'), kind: 'number', step: 0.01 },
            { key: 'RetryTimes', label: t('retryTimes'), placeholder: t('retryTimesPlaceholder'), kind: 'number', min: 0, step: 1 },
          ]}
        >
          <Flex wrap gap="middle" style={{ marginBottom: 16 }}>
            {checkbox('DisplayInCurrencyEnabled', t('displayInCurrency'))}
            {checkbox('DisplayTokenStatEnabled', t('displayTokenStat'))}
            {checkbox('ApproximateTokenEnabled', t('approximateToken'))}
          </Flex>
        </OptionSection>
      </Section>
      <Divider />
      <Section name="log">
        <LogSection options={options} />
      </Section>
      <Divider />
      <Section name="monitor">
        <OptionSection
          title={t('monitor')}
          options={options}
          saveLabel={t('saveMonitor')}
          fields={[
            { key: 'ChannelDisableThreshold', label: t('channelDisableThreshold'), placeholder: t('channelDisableThresholdPlaceholder'), kind: 'number', min: 0 },
            { key: 'QuotaRemindThreshold', label: t('quotaRemindThreshold'), placeholder: t('quotaRemindThresholdPlaceholder'), kind: 'number', min: 0 },
          ]}
        >
          <Flex wrap gap="middle" style={{ marginBottom: 16 }}>
            {checkbox('AutomaticDisableChannelEnabled', t('autoDisable'))}
            {checkbox('AutomaticEnableChannelEnabled', t('autoEnable'))}
          </Flex>
        </OptionSection>
      </Section>
      <Divider />
      <Section name="breaker">
        <OptionSection
          title={t('breaker')}
          options={options}
          saveLabel={t('saveBreaker')}
          fields={[
            { key: 'ChannelBreakerMinRequests', label: t('breakerMinRequests'), placeholder: t('breakerMinRequestsPlaceholder'), kind: 'number', min: 1, step: 1 },
            { key: 'ChannelBreakerErrorRate', label: t('breakerErrorRate'), placeholder: t('breakerErrorRatePlaceholder'), kind: 'number', min: 0, step: 0.05 },
            { key: 'ChannelBreakerWindow', label: t('breakerWindow'), placeholder: t('breakerWindowPlaceholder'), kind: 'number', min: 0 },
            { key: 'ChannelBreakerCooldown', label: t('breakerCooldown'), placeholder: t('breakerCooldownPlaceholder'), kind: 'number', min: 0 },
            { key: 'ChannelBreakerMaxCooldown', label: t('breakerMaxCooldown'), placeholder: t('breakerMaxCooldownPlaceholder'), kind: 'number', min: 0 },
          ]}
        >
          <Flex wrap gap="middle" style={{ marginBottom: 16 }}>
            {checkbox('ChannelBreakerEnabled', t('breakerEnabled'))}
          </Flex>
        </OptionSection>
      </Section>
      <Divider />
      <Section name="quota">
        <OptionSection
          title={t('quota')}
          options={options}
          saveLabel={t('saveQuota')}
          fields={[
            { key: 'QuotaForNewUser', label: t('quotaForNewUser'), placeholder: t('quotaForNewUserPlaceholder'), kind: 'number', min: 0 },
            { key: 'PreConsumedQuota', label: t('preConsumedQuota'), placeholder: t('preConsumedQuotaPlaceholder'), kind: 'number', min: 0 },
            { key: 'QuotaForInviter', label: t('quotaForInviter'), placeholder: t('quotaForInviterPlaceholder'), kind: 'number', min: 0 },
            { key: 'QuotaForInvitee', label: t('quotaForInvitee'), placeholder: t('quotaForInviteePlaceholder'), kind: 'number', min: 0 },
          ]}
        />
      </Section>
      <Divider />
      <Section name="responseCache">
        <ResponseCacheSection options={options} />
      </Section>
      <Divider />
      <Section name="prices">
        {/* Keyed by the currency: prices typed or loaded in one currency must not be saved as another's. */}
        <MoneyPriceSection key={`${options.DisplayCurrency ?? ''}|${options.CurrencyExchangeRate ?? ''}`} options={options} />
      </Section>
      <Divider />
      <Section name="priceSource">
        <PriceSourceSection options={options} />
      </Section>
      <Section name="ratio">
        {/* Keyed by the ratio tables: a money price saved above rewrites them, and the JSON editors must show it. */}
        <RatioSection key={RATIO_KEYS.map((key) => options[key] ?? '').join('|')} options={options} />
      </Section>
      <Divider />
      <Section name="tiers">
        <CurrencyAndTiersSections options={options} />
      </Section>
    </Flex>
  );
}
