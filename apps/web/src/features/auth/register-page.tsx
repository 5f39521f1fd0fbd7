import { useState } from 'react';
import { Button, Form, Input, Typography } from 'antd';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useStatus } from '@/app/status/status-context';
import { showInfo, showSuccess } from '@/app/toasts/toast';
import { TurnstileWidget } from '@/components/turnstile/turnstile-widget';
import { useRegister } from './api/register';
import { EmailCodeFields } from './components/email-code-fields';
import { AuthCard } from './components/auth-card';
import { useAffiliateCode } from './components/use-affiliate-code';
import { validateRegistration } from './validate-registration';

interface RegisterFormValues {
  username?: string;
  password?: string;
  password2?: string;
  email?: string;
  verification_code?: string;
}

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const status = useStatus();
  const affCode = useAffiliateCode();
  const register = useRegister();
  const [turnstileToken, setTurnstileToken] = useState('');
  const turnstile = { required: Boolean(status.turnstile_check), token: turnstileToken };

  const onFinish = (values: RegisterFormValues) => {
    const input = { username: values.username ?? '', password: values.password ?? '', password2: values.password2 ?? '' };
    const problem = validateRegistration(input, turnstile);
    if (problem) {
      showInfo(t(problem));
      return;
    }
    const body = { ...input, email: values.email ?? '', verification_code: values.verification_code ?? '', aff_code: affCode };
    register.mutate(
      { turnstile: turnstileToken, body },
      {
        onSuccess: () => {
          showSuccess(t('register.success'));
          void navigate('/login');
        },
      },
    );
  };

  return (
    <AuthCard title={t('register.title')}>
      <Form<RegisterFormValues> onFinish={onFinish} size="large" data-testid="register-form">
        <Form.Item name="username">
          <Input
            name="username"
            placeholder={t('register.usernamePlaceholder', { max: USERNAME_MAX_LENGTH })}
            autoComplete="username"
          />
        </Form.Item>
        <Form.Item name="password">
          <Input.Password
            name="password"
            placeholder={t('register.passwordPlaceholder', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })}
            autoComplete="new-password"
          />
        </Form.Item>
        <Form.Item name="password2">
          <Input.Password name="password2" placeholder={t('register.password2Placeholder')} autoComplete="new-password" />
        </Form.Item>
        {status.email_verification && <EmailCodeFields turnstile={turnstile} />}
        {turnstile.required && status.turnstile_site_key && (
          <Form.Item>
            <TurnstileWidget siteKey={status.turnstile_site_key} onTokenChange={setTurnstileToken} />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" block loading={register.isPending} data-testid="register-submit">
          {t('register.submit')}
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
        {t('register.hasAccount')} <Link to="/login">{t('register.loginLink')}</Link>
      </Typography.Paragraph>
    </AuthCard>
  );
}
