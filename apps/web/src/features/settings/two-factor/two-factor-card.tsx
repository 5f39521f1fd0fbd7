import { useState } from 'react';
import { Alert, Button, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '@/app/toasts/toast';
import { formatTimestamp } from '@/lib/format/time';
import { useDisable, useRegenerateCodes, useTwoFactorStatus } from './api/two-factor';
import { CodePrompt, secondFactorOf } from './code-prompt';
import { Enrolment } from './enrolment';
import { RecoveryCodesView } from './recovery-codes-view';

type Action = 'disable' | 'regenerate' | undefined;

/** Personal settings: the account's TOTP, to turn on (QR code, then recovery codes), renew the codes, or turn off. */
export function TwoFactorCard() {
  const { t } = useTranslation();
  const status = useTwoFactorStatus();
  const disable = useDisable();
  const regenerate = useRegenerateCodes();
  const [action, setAction] = useState<Action>();
  const [codes, setCodes] = useState<string[]>();
  const state = status.data;

  const onDisable = (value: string) =>
    disable.mutate(secondFactorOf(value), {
      onSuccess: () => {
        showSuccess(t('twoFactor.disabled'));
        setAction(undefined);
      },
    });
  const onRegenerate = (code: string) =>
    regenerate.mutate(
      { code },
      {
        onSuccess: ({ recovery_codes }) => {
          setAction(undefined);
          setCodes(recovery_codes);
        },
      },
    );

  return (
    <Flex vertical gap="middle" id="two-factor" data-testid="two-factor-card">
      <Typography.Title level={4}>{t('twoFactor.title')}</Typography.Title>
      <Typography.Text type="secondary">{t('twoFactor.intro')}</Typography.Text>
      {!state ? (
        <Spin />
      ) : (
        <>
          {state.required && !state.enabled && <Alert type="warning" showIcon title={t('twoFactor.required')} data-testid="two-factor-required" />}
          <Typography.Text strong data-testid="two-factor-status">
            {state.enabled ? t('twoFactor.statusOn', { date: formatTimestamp(state.enabled_at), left: state.recovery_codes_left }) : t('twoFactor.statusOff')}
          </Typography.Text>
          {codes && <RecoveryCodesView codes={codes} onDone={() => setCodes(undefined)} />}
          {!state.enabled && <Enrolment onEnabled={setCodes} />}
          {state.enabled && !codes && !action && (
            <Flex gap="small" wrap>
              <Button onClick={() => setAction('regenerate')} data-testid="two-factor-regenerate">
                {t('twoFactor.regenerate')}
              </Button>
              <Button danger onClick={() => setAction('disable')} data-testid="two-factor-disable">
                {t('twoFactor.disable')}
              </Button>
            </Flex>
          )}
          {action === 'regenerate' && (
            <CodePrompt hint={t('twoFactor.regenerateHint')} pending={regenerate.isPending} onSubmit={onRegenerate} onCancel={() => setAction(undefined)} testId="two-factor-regenerate-prompt" />
          )}
          {action === 'disable' && (
            <CodePrompt hint={t('twoFactor.disableHint')} allowRecovery pending={disable.isPending} onSubmit={onDisable} onCancel={() => setAction(undefined)} testId="two-factor-disable-prompt" />
          )}
        </>
      )}
    </Flex>
  );
}
