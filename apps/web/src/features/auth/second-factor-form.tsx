import { SafetyOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, Typography } from 'antd';
import type { LoginUser } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { useSecondFactorLogin } from './api/login';

/** The login's second step: the authenticator's 6 digits, or a recovery code. */
export function SecondFactorForm({ onSignedIn, onBack }: { onSignedIn: (user: LoginUser) => void; onBack: () => void }) {
  const { t } = useTranslation();
  const login = useSecondFactorLogin();
  const onFinish = ({ code = '' }: { code?: string }) => {
    const value = code.trim();
    if (!value) return;
    login.mutate(/^\d{6}$/.test(value) ? { code: value } : { recovery_code: value }, { onSuccess: onSignedIn });
  };
  return (
    <Form<{ code?: string }> onFinish={onFinish} size="large" data-testid="second-factor-form">
      <Typography.Paragraph type="secondary">{t('twoFactor.loginHint')}</Typography.Paragraph>
      <Form.Item name="code">
        <Input
          name="code"
          prefix={<SafetyOutlined />}
          placeholder={t('twoFactor.recoveryPlaceholder')}
          autoComplete="one-time-code"
          autoFocus
          maxLength={11}
          data-testid="second-factor-code"
        />
      </Form.Item>
      <Flex vertical gap="small">
        <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="second-factor-submit">
          {t('twoFactor.loginSubmit')}
        </Button>
        <Button type="link" onClick={onBack}>
          {t('twoFactor.loginBack')}
        </Button>
      </Flex>
    </Form>
  );
}
