import { Divider, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { OptionSection, type OptionField } from '../components/option-section';
import type { Options } from '../option-diff';
import { UpdateCheck } from './update-check';

/** The other tab: update check, notice and branding, each content with its own save button. */
export function OtherSettings({ options }: { options: Options }) {
  const { t } = useTranslation('translation', { keyPrefix: 'adminSettings.other' });
  const item = (field: OptionField, saveLabel: string) => <OptionSection options={options} saveLabel={saveLabel} fields={[field]} />;

  return (
    <Flex vertical gap="large" data-testid="other-settings">
      <Typography.Title level={4}>{t('general')}</Typography.Title>
      <div>
        <UpdateCheck />
      </div>
      {item({ key: 'Notice', label: t('notice'), placeholder: t('noticePlaceholder'), kind: 'textarea' }, t('saveNotice'))}
      <Divider />
      <Typography.Title level={4}>{t('personalization')}</Typography.Title>
      {item({ key: 'SystemName', label: t('systemName') }, t('saveSystemName'))}
      {item({ key: 'Theme', label: t('theme') }, t('saveTheme'))}
      {item({ key: 'Logo', label: t('logo'), placeholder: t('logoPlaceholder') }, t('saveLogo'))}
      {item({ key: 'HomePageContent', label: t('homePageContent'), placeholder: t('homePageContentPlaceholder'), kind: 'textarea' }, t('saveHomePageContent'))}
      {item({ key: 'About', label: t('about'), placeholder: t('aboutPlaceholder'), kind: 'textarea' }, t('saveAbout'))}
      {item({ key: 'Footer', label: t('footer'), placeholder: t('footerPlaceholder'), kind: 'textarea' }, t('saveFooter'))}
    </Flex>
  );
}
