import { Card, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RichContent } from '@/components/rich-content';
import { useAbout } from './api/get-about';

export function AboutPage() {
  const { t } = useTranslation();
  const { data: content, isPending } = useAbout();

  if (isPending) return <Skeleton active />;
  const fallback = (
    <Card title={t('about.title')}>
      <Typography.Paragraph>{t('about.defaultContent')}</Typography.Paragraph>
      <Typography.Paragraph>{t('about.projectIntro')}</Typography.Paragraph>
    </Card>
  );
  return <RichContent content={content ?? ''} frameTitle={t('about.contentFrame')} fallback={fallback} />;
}
