import { Flex, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { RichContent } from '@/components/rich-content';
import { useHomePageContent } from './api/get-home-page-content';
import { FirstRunChecklist } from './components/first-run-checklist';
import { StatusInfoCard } from './components/status-info-card';
import { useNoticeToast } from './components/use-notice-toast';

export function HomePage() {
  const { t } = useTranslation();
  useNoticeToast();
  const { data: content, isPending } = useHomePageContent();

  if (isPending) return <Skeleton active />;
  // The checklist leads an administrator's first run, above whatever the home page shows.
  return (
    <Flex vertical gap="middle">
      <FirstRunChecklist />
      <RichContent content={content ?? ''} frameTitle={t('home.contentFrame')} fallback={<StatusInfoCard />} />
    </Flex>
  );
}
