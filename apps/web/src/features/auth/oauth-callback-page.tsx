import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/page-placeholder';

/** /oauth/github?code=&state=: the GitHub sign-in callback. Filled by the Sign-in issue. */
export function GitHubOAuthPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('pages.oauthGithub')} />;
}

/** /oauth/lark?code=&state=: the Lark sign-in callback. Filled by the Sign-in issue. */
export function LarkOAuthPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('pages.oauthLark')} />;
}
