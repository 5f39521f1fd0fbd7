import { Button, Dropdown, Space } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CHAT_TARGET_LABELS, CHAT_TARGETS, type ChatTarget } from '../chat-links';

interface TokenKeyActionsProps {
  /** undefined copies the bare `sk-` key; a target copies that client's link. */
  onCopy: (target: ChatTarget | undefined) => void;
  onOpenChat: (target: ChatTarget) => void;
  testId: string;
}

const targetItems = CHAT_TARGETS.map((target) => ({ key: target, label: CHAT_TARGET_LABELS[target] }));

/** Copy (key, or a client link from the menu) and open-chat (default client, or one from the menu). */
export function TokenKeyActions({ onCopy, onOpenChat, testId }: TokenKeyActionsProps) {
  const { t } = useTranslation();
  return (
    <Space wrap size="small">
      <Space.Compact>
        <Button size="small" type="primary" onClick={() => onCopy(undefined)} data-testid={`${testId}-copy`}>
          {t('listKit.copy')}
        </Button>
        <Dropdown menu={{ items: targetItems, onClick: ({ key }) => onCopy(key as ChatTarget) }} trigger={['click']}>
          <Button size="small" type="primary" icon={<DownOutlined />} aria-label={t('tokens.copyTargets')} data-testid={`${testId}-copy-menu`} />
        </Dropdown>
      </Space.Compact>
      <Space.Compact>
        <Button size="small" onClick={() => onOpenChat('next')} data-testid={`${testId}-chat`}>
          {t('tokens.chat')}
        </Button>
        <Dropdown menu={{ items: targetItems, onClick: ({ key }) => onOpenChat(key as ChatTarget) }} trigger={['click']}>
          <Button size="small" icon={<DownOutlined />} aria-label={t('tokens.chatTargets')} data-testid={`${testId}-chat-menu`} />
        </Dropdown>
      </Space.Compact>
    </Space>
  );
}
