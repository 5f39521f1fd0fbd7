import { Button, Flex, Popconfirm, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '@/app/toasts/toast';
import { useResetTwoFactor } from '../api/reset-two-factor';

/** For a user who lost both the authenticator and the recovery codes: signs in with the password alone again. */
export function ResetTwoFactorButton({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const reset = useResetTwoFactor();
  return (
    <Flex vertical gap={4} style={{ marginTop: 24 }}>
      <Typography.Text type="secondary">{t('twoFactor.adminResetHint')}</Typography.Text>
      <Popconfirm
        title={t('twoFactor.adminResetConfirm')}
        okText={t('twoFactor.submit')}
        cancelText={t('twoFactor.cancel')}
        onConfirm={() => reset.mutate(userId, { onSuccess: () => showSuccess(t('twoFactor.adminResetDone')) })}
      >
        <Button danger loading={reset.isPending} style={{ alignSelf: 'flex-start' }} data-testid="user-reset-two-factor">
          {t('twoFactor.adminReset')}
        </Button>
      </Popconfirm>
    </Flex>
  );
}
