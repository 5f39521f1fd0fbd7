import { useTranslation } from 'react-i18next';
import { useStatus } from '@/app/status/status-context';
import { ContentFrame } from '@/components/content-frame';

/** Used when the administrator set no chat link. */
const DEFAULT_CHAT_LINK = 'https://app.nextchat.dev/';

export function ChatPage() {
  const { t } = useTranslation();
  const { chat_link: chatLink } = useStatus();
  return <ContentFrame src={chatLink || DEFAULT_CHAT_LINK} title={t('chat.frameTitle')} />;
}
