import { useState, type ReactNode } from 'react';
import { KeyOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { canUsePasskeys } from '@/lib/webauthn';
import type { ProofInput } from './api/passkeys';

interface ProofPromptProps {
  /** TOTP is on: a current code or a recovery code proves it. */
  hasTotp: boolean;
  /** The account has passkeys: one of them proves it. */
  hasPasskeys: boolean;
  pending: boolean;
  onProof: (proof: ProofInput) => void;
  onCancel: () => void;
  testId: string;
  /** Fields of the action itself, above the proof (the new passkey's name). */
  children?: ReactNode;
}

/**
 * The fresh proof a passkey change needs (the server's rule): one of the account's second factors when it has
 * any, else the password.
 */
export function ProofPrompt({ hasTotp, hasPasskeys, pending, onProof, onCancel, testId, children }: ProofPromptProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const withPassword = !hasTotp && !hasPasskeys;
  const withPasskey = hasPasskeys && canUsePasskeys();
  const submit = () => {
    const typed = value.trim();
    if (withPassword) onProof({ password: value });
    else if (typed) onProof(/^\d{6}$/.test(typed) ? { code: typed } : { recovery_code: typed });
  };
  const hint = withPassword ? t('passkeys.proofHintPassword') : hasTotp ? t('passkeys.proofHint') : t('passkeys.proofHintPasskeyOnly');
  return (
    <Flex vertical gap="small" data-testid={testId}>
      {children}
      <Typography.Text type="secondary">{hint}</Typography.Text>
      <Flex gap="small" wrap>
        {withPassword && <Input.Password style={{ maxWidth: 280 }} value={value} onChange={(event) => setValue(event.target.value)} onPressEnter={submit} placeholder={t('passkeys.passwordPlaceholder')} autoComplete="current-password" data-testid={`${testId}-password`} />}
        {hasTotp && (
          <Input
            style={{ maxWidth: 280 }}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            onPressEnter={submit}
            placeholder={t('twoFactor.recoveryPlaceholder')}
            maxLength={11}
            autoComplete="one-time-code"
            data-testid={`${testId}-code`}
          />
        )}
        {(withPassword || hasTotp) && (
          <Button type="primary" onClick={submit} loading={pending} data-testid={`${testId}-submit`}>
            {t('passkeys.continue')}
          </Button>
        )}
        {withPasskey && (
          <Button icon={<KeyOutlined />} onClick={() => onProof('passkey')} loading={pending} data-testid={`${testId}-passkey`}>
            {t('passkeys.confirmWithPasskey')}
          </Button>
        )}
        <Button onClick={onCancel}>{t('passkeys.cancel')}</Button>
      </Flex>
    </Flex>
  );
}
