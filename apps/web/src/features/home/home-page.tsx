import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { RichContent } from '@/components/rich-content';
import { useHomePageContent } from './api/get-home-page-content';
import { StatusInfoCard } from './components/status-info-card';
import { useNoticeToast } from './components/use-notice-toast';

export function HomePage() {
  const { t } = useTranslation();
  useNoticeToast();
  const { data: content, isPending } = useHomePageContent();

  if (isPending) return <Skeleton active />;
  return <RichContent content={content ?? ''} frameTitle={t('home.contentFrame')} fallback={<StatusInfoCard />} />;
}
