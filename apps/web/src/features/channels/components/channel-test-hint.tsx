import { useState } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { setPromptShown, shouldShowPrompt } from '@/lib/storage/prompt-flags';

const PROMPT = 'channel-test';

/** The balance and test caveats, until the administrator dismisses them for good. */
export function ChannelTestHint() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(() => shouldShowPrompt(PROMPT));
  if (!visible) return null;
  const dismiss = () => {
    setPromptShown(PROMPT);
    setVisible(false);
  };
  return (
    <Alert
      type="info"
      showIcon
      closable={{ onClose: dismiss }}
      title={
        <>
          {t('channels.hint.balance')}
          <br />
          {t('channels.hint.test')}
        </>
      }
      data-testid="channel-test-hint"
    />
  );
}
