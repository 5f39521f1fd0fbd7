import { useState } from 'react';
import { Alert, Button, Flex, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { copyWithToast } from '@/app/toasts/copy-with-toast';
import { useConfirmPasswordReset } from './api/confirm-password-reset';
import { AuthCard } from './components/auth-card';

/**
 * /user/reset?email=&token=: the link of the reset mail. The reset waits for a click, because the token is
 * single-use and a mail scanner or a double render must not spend it; the new password is shown and copied.
 */
export function PasswordResetConfirmPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const confirm = useConfirmPasswordReset();
  const [password, setPassword] = useState('');

  const onConfirm = () =>
    confirm.mutate(
      { email, token },
      {
        onSuccess: (newPassword) => {
          setPassword(newPassword);
          void copyWithToast(newPassword, t('emailAuth.resetConfirm.copied', { password: newPassword }));
        },
      },
    );

  return (
    <AuthCard title={t('emailAuth.resetConfirm.title')}>
      {!email || !token ? (
        <Alert type="error" showIcon message={t('emailAuth.resetConfirm.invalidLink')} data-testid="reset-invalid" />
      ) : (
        <Flex vertical gap="middle">
          <Input size="large" readOnly value={email} name="email" />
          {password && (
            <Flex vertical gap={4}>
              <Typography.Text type="secondary">{t('emailAuth.resetConfirm.newPassword')}</Typography.Text>
              <Input size="large" readOnly value={password} data-testid="new-password" />
            </Flex>
          )}
          <Button type="primary" size="large" block onClick={onConfirm} loading={confirm.isPending} disabled={password !== ''} data-testid="reset-confirm">
            {t('emailAuth.resetConfirm.submit')}
          </Button>
        </Flex>
      )}
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
        <Link to="/login">{t('emailAuth.resetConfirm.backToLogin')}</Link>
      </Typography.Paragraph>
    </AuthCard>
  );
}
