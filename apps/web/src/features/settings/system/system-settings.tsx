import { Divider, Flex } from 'antd';
import { DEFAULT_SMTP_PORT } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { OptionSection } from '../components/option-section';
import type { Options } from '../option-diff';
import { LoginRegisterSection } from './login-register-section';
import { SignInProviderSections } from './sign-in-provider-sections';
import { WhitelistSection } from './whitelist-section';

/** The system tab: server address, sign-in switches, whitelist, mail and the sign-in integrations. */
export function SystemSettings({ options }: { options: Options }) {
  const { t } = useTranslation('translation', { keyPrefix: 'adminSettings.system' });
  const secret = t('secretPlaceholder');

  return (
    <Flex vertical data-testid="system-settings">
      <OptionSection
        title={t('general')}
        options={options}
        saveLabel={t('saveServerAddress')}
        fields={[{ key: 'ServerAddress', label: t('serverAddress'), placeholder: t('serverAddressPlaceholder') }]}
      />
      <Divider />
      <LoginRegisterSection options={options} />
      <Divider />
      <WhitelistSection options={options} />
      <Divider />
      <OptionSection
        title={t('smtp')}
        description={t('smtpHint')}
        options={options}
        saveLabel={t('saveSmtp')}
        fields={[
          { key: 'SMTPServer', label: t('smtpServer'), placeholder: t('smtpServerPlaceholder') },
          { key: 'SMTPPort', label: t('smtpPort'), placeholder: t('smtpPortPlaceholder', { port: DEFAULT_SMTP_PORT }), kind: 'number', min: 1 },
          { key: 'SMTPAccount', label: t('smtpAccount'), placeholder: t('smtpAccountPlaceholder') },
          { key: 'SMTPFrom', label: t('smtpFrom'), placeholder: t('smtpFromPlaceholder') },
          { key: 'SMTPToken', label: t('smtpToken'), placeholder: secret, kind: 'secret' },
        ]}
      />
      <Divider />
      <SignInProviderSections options={options} />
      <Divider />
      <OptionSection
        title={t('pusher')}
        description={t('pusherHint')}
        options={options}
        saveLabel={t('savePusher')}
        fields={[
          { key: 'MessagePusherAddress', label: t('pusherAddress'), placeholder: t('pusherAddressPlaceholder') },
          { key: 'MessagePusherToken', label: t('pusherToken'), placeholder: secret, kind: 'secret' },
        ]}
      />
      <Divider />
      <OptionSection
        title={t('turnstile')}
        description={t('turnstileHint')}
        options={options}
        saveLabel={t('saveTurnstile')}
        fields={[
          { key: 'TurnstileSiteKey', label: t('turnstileSiteKey'), placeholder: t('turnstileSiteKeyPlaceholder') },
          { key: 'TurnstileSecretKey', label: t('turnstileSecretKey'), placeholder: secret, kind: 'secret' },
        ]}
      />
    </Flex>
  );
}
