import { useState } from 'react';
import { Button, Flex, Input, Space, Typography } from 'antd';
import { RESEND_COUNTDOWN_SECONDS } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { useStatus } from '@/app/status/status-context';
import { showInfo, showSuccess } from '@/app/toasts/toast';
import { TurnstileWidget } from '@/components/turnstile/turnstile-widget';
import { useCountdown } from '@/components/use-countdown';
import { useSendVerificationCode } from '@/lib/api/send-verification-code';
import { useSelf } from '@/app/session/use-self';
import { useBindEmail } from '../api/bind-email';

/** Personal settings: the bound address, and binding a new one with a mailed code (resend after 30 seconds). */
export function EmailBinding() {
  const { t } = useTranslation();
  const status = useStatus();
  const self = useSelf();
  const sendCode = useSendVerificationCode();
  const bind = useBindEmail();
  const { remaining, start } = useCountdown();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [turnstileToken, setTurnstileToken] = useState('');
  const turnstileRequired = Boolean(status.turnstile_check);
  const bound = self.data?.email ?? '';

  const turnstileReady = () => {
    if (turnstileRequired && !turnstileToken) showInfo(t('register.turnstileChecking'));
    return !turnstileRequired || turnstileToken !== '';
  };

  const onSendCode = () => {
    if (!email.trim() || !turnstileReady()) return;
    sendCode.mutate(
      { email: email.trim(), turnstile: turnstileToken },
      {
        onSuccess: () => {
          showSuccess(t('emailAuth.bindEmail.codeSent'));
          start(RESEND_COUNTDOWN_SECONDS);
        },
      },
    );
  };

  const onBind = () => {
    // Spec: an empty code is ignored, silently; a code without an address gets a hint.
    if (!code.trim()) return;
    if (!email.trim()) {
      showInfo(t('emailAuth.bindEmail.fillBoth'));
      return;
    }
    if (!turnstileReady()) return;
    bind.mutate(
      { email: email.trim(), code: code.trim(), turnstile: turnstileToken },
      {
        onSuccess: () => {
          showSuccess(t('emailAuth.bindEmail.success'));
          setCode('');
        },
      },
    );
  };

  return (
    <Flex vertical gap="small" data-testid="email-binding">
      <Typography.Title level={5}>{t('emailAuth.bindEmail.title')}</Typography.Title>
      <Typography.Text type="secondary" data-testid="bound-email">
        {bound ? t('emailAuth.bindEmail.bound', { email: bound }) : t('emailAuth.bindEmail.unbound')}
      </Typography.Text>
      <Space.Compact style={{ width: '100%' }}>
        <Input name="bind-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} placeholder={t('emailAuth.bindEmail.emailPlaceholder')} />
        <Button onClick={onSendCode} loading={sendCode.isPending} disabled={remaining > 0} data-testid="bind-send-code">
          {remaining > 0 ? t('emailAuth.bindEmail.resendIn', { seconds: remaining }) : t('emailAuth.bindEmail.getCode')}
        </Button>
      </Space.Compact>
      <Input name="bind-code" value={code} onChange={(e) => setCode(e.target.value)} placeholder={t('emailAuth.bindEmail.codePlaceholder')} />
      {turnstileRequired && status.turnstile_site_key && <TurnstileWidget siteKey={status.turnstile_site_key} onTokenChange={setTurnstileToken} />}
      <Button type="primary" onClick={onBind} loading={bind.isPending} data-testid="bind-email-submit" style={{ alignSelf: 'flex-start' }}>
        {t('emailAuth.bindEmail.submit')}
      </Button>
    </Flex>
  );
}
