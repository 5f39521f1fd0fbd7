import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { RESEND_COUNTDOWN_SECONDS } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { useStatus } from '@/app/status/status-context';
import { showInfo, showSuccess } from '@/app/toasts/toast';
import { TurnstileWidget } from '@/components/turnstile/turnstile-widget';
import { useCountdown } from '@/components/use-countdown';
import { useRequestPasswordReset } from './api/request-password-reset';
import { AuthCard } from './components/auth-card';

/** /reset: mails a reset link; the button rests 30 seconds after each sent mail. */
export function PasswordResetPage() {
  const { t } = useTranslation();
  const status = useStatus();
  const requestReset = useRequestPasswordReset();
  const { remaining, start } = useCountdown();
  const [turnstileToken, setTurnstileToken] = useState('');
  const turnstileRequired = Boolean(status.turnstile_check);

  const onFinish = ({ email }: { email?: string }) => {
    const address = (email ?? '').trim();
    if (!address) {
      showInfo(t('emailAuth.reset.emailRequired'));
      return;
    }
    if (turnstileRequired && !turnstileToken) {
      showInfo(t('register.turnstileChecking'));
      return;
    }
    requestReset.mutate(
      { email: address, turnstile: turnstileToken },
      {
        onSuccess: () => {
          showSuccess(t('emailAuth.reset.sent'));
          start(RESEND_COUNTDOWN_SECONDS);
        },
      },
    );
  };

  return (
    <AuthCard title={t('emailAuth.reset.title')}>
      <Form<{ email?: string }> onFinish={onFinish} size="large" data-testid="reset-form">
        <Form.Item name="email">
          <Input name="email" type="email" placeholder={t('emailAuth.reset.emailPlaceholder')} autoComplete="email" />
        </Form.Item>
        {turnstileRequired && status.turnstile_site_key && (
          <Form.Item>
            <TurnstileWidget siteKey={status.turnstile_site_key} onTokenChange={setTurnstileToken} />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" block loading={requestReset.isPending} disabled={remaining > 0} data-testid="reset-submit">
          {remaining > 0 ? t('emailAuth.reset.resendIn', { seconds: remaining }) : t('emailAuth.reset.submit')}
        </Button>
      </Form>
    </AuthCard>
  );
}
