import { KeyOutlined, SafetyOutlined } from '@ant-design/icons';
import { Button, Divider, Flex, Form, Input, Typography } from 'antd';
import type { LoginUser, SecondFactorMethod } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { canUsePasskeys } from '@/lib/webauthn';
import { useSecondFactorLogin } from './api/login';
import { usePasskeySecondFactor } from './api/passkey-login';

interface SecondFactorFormProps {
  /** The factors the account has (the challenge's `methods`): a code is asked only with TOTP, a passkey only with one. */
  methods: SecondFactorMethod[];
  onSignedIn: (user: LoginUser) => void;
  onBack: () => void;
}

/** The login's second step: one of the account's passkeys, or the authenticator's 6 digits, or a recovery code. */
export function SecondFactorForm({ methods, onSignedIn, onBack }: SecondFactorFormProps) {
  const { t } = useTranslation();
  const login = useSecondFactorLogin();
  const passkey = usePasskeySecondFactor();
  const withPasskey = methods.includes('passkey') && canUsePasskeys();
  const withCode = methods.includes('totp');
  const onFinish = ({ code = '' }: { code?: string }) => {
    const value = code.trim();
    if (!value) return;
    login.mutate(/^\d{6}$/.test(value) ? { code: value } : { recovery_code: value }, { onSuccess: onSignedIn });
  };
  return (
    <Form<{ code?: string }> onFinish={onFinish} size="large" data-testid="second-factor-form">
      {withPasskey && (
        <>
          <Typography.Paragraph type="secondary">{t('passkeys.loginHint')}</Typography.Paragraph>
          <Button block icon={<KeyOutlined />} loading={passkey.isPending} onClick={() => passkey.mutate(undefined, { onSuccess: onSignedIn })} data-testid="second-factor-passkey">
            {t('passkeys.useForSecondStep')}
          </Button>
          {withCode && <Divider plain>{t('passkeys.or')}</Divider>}
        </>
      )}
      {withCode && (
        <>
          <Typography.Paragraph type="secondary">{t('twoFactor.loginHint')}</Typography.Paragraph>
          <Form.Item name="code">
            <Input
              name="code"
              prefix={<SafetyOutlined />}
              placeholder={t('twoFactor.recoveryPlaceholder')}
              autoComplete="one-time-code"
              autoFocus={!withPasskey}
              maxLength={11}
              data-testid="second-factor-code"
            />
          </Form.Item>
        </>
      )}
      {!withCode && !withPasskey && <Typography.Paragraph type="danger">{t('passkeys.unsupported')}</Typography.Paragraph>}
      <Flex vertical gap="small">
        {withCode && (
          <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="second-factor-submit">
            {t('twoFactor.loginSubmit')}
          </Button>
        )}
        <Button type="link" onClick={onBack}>
          {t('twoFactor.loginBack')}
        </Button>
      </Flex>
    </Form>
  );
}
