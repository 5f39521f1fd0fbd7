import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/page-placeholder';

/** /user/reset?email=&token=: confirm a password reset. Filled by the Sign-in issue. */
export function PasswordResetConfirmPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('pages.resetConfirm')} />;
}
