import { Divider } from 'antd';
import { useTranslation } from 'react-i18next';
import { OptionSection } from '../components/option-section';
import type { Options } from '../option-diff';
import { withDiscoveredEndpoints } from './oidc-discovery';

const withCallbackUrls = (hint: string, urls: string) => (
  <>
    {hint}
    <br />
    {urls}
  </>
);

/**
 * The sign-in integrations of the system tab: the GitHub OAuth app (also GitHub Enterprise Server), Lark
 * (Feishu or Lark international), OIDC and the WeChat server. Secrets start blank and are sent only when typed.
 */
export function SignInProviderSections({ options }: { options: Options }) {
  const { t } = useTranslation('translation', { keyPrefix: 'adminSettings.system' });
  // The callback addresses the provider apps need, from the saved server address (or this page's origin).
  const address = options.ServerAddress || window.location.origin;
  const secret = t('secretPlaceholder');

  return (
    <>
      <OptionSection
        title={t('github')}
        description={withCallbackUrls(t('githubHint'), t('githubUrls', { address }))}
        options={options}
        saveLabel={t('saveGithub')}
        fields={[
          { key: 'GitHubClientId', label: t('githubClientId'), placeholder: t('githubClientIdPlaceholder') },
          { key: 'GitHubClientSecret', label: t('githubClientSecret'), placeholder: secret, kind: 'secret' },
          { key: 'GitHubBaseUrl', label: t('githubBaseUrl'), placeholder: t('githubBaseUrlPlaceholder') },
          { key: 'GitHubApiBaseUrl', label: t('githubApiBaseUrl'), placeholder: t('githubApiBaseUrlPlaceholder') },
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
          { key: 'LarkBaseUrl', label: t('larkBaseUrl'), placeholder: t('larkBaseUrlPlaceholder') },
        ]}
      />
      <Divider />
      <OptionSection
        title={t('oidc')}
        description={withCallbackUrls(t('oidcHint'), t('oidcUrls', { address }))}
        options={options}
        saveLabel={t('saveOidc')}
        prepare={(values) => withDiscoveredEndpoints(options, values)}
        prepareFailed={(reason) => t('oidcDiscoveryFailed', { reason })}
        fields={[
          { key: 'OidcClientId', label: t('oidcClientId'), placeholder: t('oidcClientIdPlaceholder') },
          { key: 'OidcClientSecret', label: t('oidcClientSecret'), placeholder: secret, kind: 'secret' },
          { key: 'OidcWellKnown', label: t('oidcWellKnown'), placeholder: t('oidcWellKnownPlaceholder') },
          { key: 'OidcAuthorizationEndpoint', label: t('oidcAuthorizationEndpoint'), placeholder: t('oidcEndpointPlaceholder') },
          { key: 'OidcTokenEndpoint', label: t('oidcTokenEndpoint'), placeholder: t('oidcEndpointPlaceholder') },
          { key: 'OidcUserinfoEndpoint', label: t('oidcUserinfoEndpoint'), placeholder: t('oidcEndpointPlaceholder') },
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
    </>
  );
}
