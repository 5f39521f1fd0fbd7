import { Divider, Flex } from 'antd';
import { DEFAULT_SMTP_PORT } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { OptionSection } from '../components/option-section';
import type { Options } from '../option-diff';
import { LoginRegisterSection } from './login-register-section';
import { WhitelistSection } from './whitelist-section';

const withCallbackUrls = (hint: string, urls: string) => (
  <>
    {hint}
    <br />
    {urls}
  </>
);

/** The system tab: server address, sign-in switches, whitelist, mail and the sign-in integrations. */
export function SystemSettings({ options }: { options: Options }) {
  const { t } = useTranslation('translation', { keyPrefix: 'adminSettings.system' });
  // The callback addresses the OAuth apps need, from the saved server address (or this page's origin).
  const address = options.ServerAddress || window.location.origin;
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
      <OptionSection
        title={t('github')}
        description={withCallbackUrls(t('githubHint'), t('githubUrls', { address }))}
        options={options}
        saveLabel={t('saveGithub')}
        fields={[
          { key: 'GitHubClientId', label: t('githubClientId'), placeholder: t('githubClientIdPlaceholder') },
          { key: 'GitHubClientSecret', label: t('githubClientSecret'), placeholder: secret, kind: 'secret' },
        ]}
      />
      <Divider />
      <OptionSection
        title={t('lark')}
        description={withCallbackUrls(t('larkHint'), t('larkUrls', { address }))}
        options={options}
        saveLabel={t('saveLark')}
        fields={[
          { key: 'LarkClientId', label: t('larkClientId'), placeholder: t('larkClientIdPlaceholder') },
          { key: 'LarkClientSecret', label: t('larkClientSecret'), placeholder: secret, kind: 'secret' },
        ]}
      />
      <Divider />
      <OptionSection
        title={t('wechat')}
        description={t('wechatHint')}
        options={options}
        saveLabel={t('saveWechat')}
        fields={[
          { key: 'WeChatServerAddress', label: t('wechatServerAddress'), placeholder: t('wechatServerAddressPlaceholder') },
          { key: 'WeChatServerToken', label: t('wechatServerToken'), placeholder: secret, kind: 'secret' },
          { key: 'WeChatAccountQRCodeImageURL', label: t('wechatQrCode'), placeholder: t('wechatQrCodePlaceholder') },
        ]}
      />
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
