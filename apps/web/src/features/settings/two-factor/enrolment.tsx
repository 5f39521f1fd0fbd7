import { useState } from 'react';
import { Button, Flex, Image, Input, Typography } from 'antd';
import type { TwoFactorSetup } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '@/app/toasts/toast';
import { useBeginSetup, useEnable } from './api/two-factor';
import { CodePrompt } from './code-prompt';

/**
 * Off -> QR code and secret -> a code confirms. The recovery codes go up to the card, which shows them once:
 * this part is gone as soon as the status says the account is enrolled.
 */
export function Enrolment({ onEnabled }: { onEnabled: (recoveryCodes: string[]) => void }) {
  const { t } = useTranslation();
  const begin = useBeginSetup();
  const enable = useEnable();
  const [setup, setSetup] = useState<TwoFactorSetup>();
  if (!setup) {
    return (
      <Button type="primary" onClick={() => begin.mutate(undefined, { onSuccess: setSetup })} loading={begin.isPending} data-testid="two-factor-enable">
        {t('twoFactor.enable')}
      </Button>
    );
  }
  const confirm = (code: string) =>
    enable.mutate(
      { code },
      {
        onSuccess: ({ recovery_codes }) => {
          showSuccess(t('twoFactor.enabled'));
          setSetup(undefined);
          onEnabled(recovery_codes);
        },
      },
    );
  return (
    <Flex vertical gap="small" data-testid="two-factor-setup">
      <Typography.Text>{t('twoFactor.scan')}</Typography.Text>
      <Image src={setup.qr_code} alt={t('twoFactor.qrAlt')} width={200} height={200} preview={false} data-testid="two-factor-qr" />
      <Flex vertical gap={4} style={{ maxWidth: 420 }}>
        <Typography.Text type="secondary">{t('twoFactor.secret')}</Typography.Text>
        <Input readOnly value={setup.secret} data-testid="two-factor-secret" />
      </Flex>
      <CodePrompt hint={t('twoFactor.codeLabel')} pending={enable.isPending} onSubmit={confirm} onCancel={() => setSetup(undefined)} testId="two-factor-confirm" />
    </Flex>
  );
}
