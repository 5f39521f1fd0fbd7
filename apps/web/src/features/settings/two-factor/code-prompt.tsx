import { useState } from 'react';
import { Button, Flex, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

interface CodePromptProps {
  hint: string;
  /** Also takes a recovery code (turning off does; a new set of codes needs the app). */
  allowRecovery?: boolean;
  pending: boolean;
  onSubmit: (value: string) => void;
  onCancel: () => void;
  testId: string;
}

/** One line asking for a current code (or a recovery code), with OK and Cancel. */
export function CodePrompt({ hint, allowRecovery = false, pending, onSubmit, onCancel, testId }: CodePromptProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const submit = () => value.trim() && onSubmit(value.trim());
  return (
    <Flex vertical gap="small" data-testid={testId}>
      <Typography.Text type="secondary">{hint}</Typography.Text>
      <Flex gap="small" wrap>
        <Input
          style={{ maxWidth: 280 }}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          onPressEnter={submit}
          placeholder={allowRecovery ? t('twoFactor.recoveryPlaceholder') : t('twoFactor.codePlaceholder')}
          maxLength={allowRecovery ? 11 : 6}
          autoComplete="one-time-code"
          inputMode={allowRecovery ? 'text' : 'numeric'}
          data-testid={`${testId}-input`}
        />
        <Button type="primary" onClick={submit} loading={pending} data-testid={`${testId}-submit`}>
          {t('twoFactor.submit')}
        </Button>
        <Button onClick={onCancel}>{t('twoFactor.cancel')}</Button>
      </Flex>
    </Flex>
  );
}

/** What the server takes for a value typed where either is allowed. */
export const secondFactorOf = (value: string) => (/^\d{6}$/.test(value) ? { code: value } : { recovery_code: value });
