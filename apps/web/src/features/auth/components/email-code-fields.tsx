import { Button, Form, Input, Space } from 'antd';
import { RESEND_COUNTDOWN_SECONDS } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { showInfo, showSuccess } from '@/app/toasts/toast';
import { useCountdown } from '@/components/use-countdown';
import { useSendVerificationCode } from '@/lib/api/send-verification-code';

interface EmailCodeFieldsProps {
  turnstile: { required: boolean; token: string };
}

/** Email and verification code, with a get-code button that rests 30 seconds after each sent code. */
export function EmailCodeFields({ turnstile }: EmailCodeFieldsProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const send = useSendVerificationCode();
  const { remaining, start } = useCountdown();

  const sendCode = () => {
    const email = String(form.getFieldValue('email') ?? '').trim();
    if (!email) return;
    if (turnstile.required && !turnstile.token) {
      showInfo(t('register.turnstileChecking'));
      return;
    }
    send.mutate(
      { email, turnstile: turnstile.token },
      {
        onSuccess: () => {
          showSuccess(t('register.codeSent'));
          start(RESEND_COUNTDOWN_SECONDS);
        },
      },
    );
  };

  return (
    <>
      <Form.Item>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="email" noStyle>
            <Input name="email" type="email" placeholder={t('register.emailPlaceholder')} />
          </Form.Item>
          <Button onClick={sendCode} loading={send.isPending} disabled={remaining > 0} data-testid="send-code">
            {remaining > 0 ? t('register.resendIn', { seconds: remaining }) : t('register.getCode')}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Form.Item name="verification_code">
        <Input name="verification_code" placeholder={t('register.codePlaceholder')} />
      </Form.Item>
    </>
  );
}
