import { Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OAuthProvider } from '@/lib/oauth/authorize-urls';
import { useOAuthCallback } from './use-oauth-callback';

/** The page a provider redirects back to: a spinner and what is happening, until the flow moves on. */
function OAuthCallbackPage({ provider, title }: { provider: OAuthProvider; title: string }) {
  const prompt = useOAuthCallback(provider);
  return (
    <Flex vertical align="center" justify="center" gap="middle" style={{ minHeight: '50vh' }} data-testid="oauth-callback">
      <Typography.Title level={4}>{title}</Typography.Title>
      <Spin size="large" />
      <Typography.Text type="secondary" data-testid="oauth-prompt">
        {prompt}
      </Typography.Text>
    </Flex>
  );
}

/** /oauth/github?code&state */
export function GitHubOAuthPage() {
  const { t } = useTranslation();
  return <OAuthCallbackPage provider="github" title={t('pages.oauthGithub')} />;
}

/** /oauth/lark?code&state */
export function LarkOAuthPage() {
  const { t } = useTranslation();
  return <OAuthCallbackPage provider="lark" title={t('pages.oauthLark')} />;
}

/** /oauth/oidc?code&state */
export function OidcOAuthPage() {
  const { t } = useTranslation();
  return <OAuthCallbackPage provider="oidc" title={t('pages.oauthOidc')} />;
}
