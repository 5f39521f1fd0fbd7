import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/page-placeholder';

/** /reset: request a password reset email. Filled by the Sign-in issue. */
export function PasswordResetPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('pages.reset')} />;
}
