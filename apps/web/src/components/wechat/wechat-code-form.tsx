import { useState } from 'react';
import { Button, Flex, Input, Typography } from 'antd';
import { WECHAT_CODE_VALID_MINUTES } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';

interface WeChatCodeFormProps {
  /** The official account's QR code image (status wechat_qrcode); nothing is shown when it is not set. */
  qrCode: string;
  submitLabel: string;
  pending: boolean;
  /** Called with the trimmed code; an empty code is ignored (spec, WeChat bind). */
  onSubmit: (code: string) => void;
  testId: string;
}

/**
 * The WeChat server flow shared by sign-in and binding: follow the official account, send it
 * 'verification code', type the code it answers (valid three minutes).
 */
export function WeChatCodeForm({ qrCode, submitLabel, pending, onSubmit, testId }: WeChatCodeFormProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');

  const submit = () => {
    const typed = code.trim();
    if (typed) onSubmit(typed);
  };

  return (
    <Flex vertical align="center" gap="middle">
      {qrCode && <img src={qrCode} alt={t('login.wechatQrAlt')} style={{ width: 200, maxWidth: '100%' }} data-testid="wechat-qrcode" />}
      <Typography.Text type="secondary">{t('login.wechatHint', { minutes: WECHAT_CODE_VALID_MINUTES })}</Typography.Text>
      <Input
        name="wechat_code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        onPressEnter={submit}
        placeholder={t('login.wechatCodePlaceholder')}
      />
      <Button type="primary" block onClick={submit} loading={pending} data-testid={testId}>
        {submitLabel}
      </Button>
    </Flex>
  );
}
