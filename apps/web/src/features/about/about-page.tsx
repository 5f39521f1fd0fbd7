import { Card, Skeleton, Space, Typography } from 'antd';
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
  return (
    <>
      <RichContent content={content ?? ''} frameTitle={t('about.contentFrame')} fallback={fallback} />
      <ApiLinks />
    </>
  );
}

/** The server's API description (GET /api/docs, /api/openapi.json), shown whatever the operator's about content is. */
function ApiLinks() {
  const { t } = useTranslation();
  return (
    <Typography.Paragraph type="secondary" style={{ marginTop: 16 }} data-testid="about-api-links">
      <Space size={8} wrap>
        <span>{t('about.apiIntro')}</span>
        <Typography.Link href="/api/docs" target="_blank">
          {t('about.apiReference')}
        </Typography.Link>
        <Typography.Link href="/api/openapi.json" target="_blank">
          {t('about.openApiDocument')}
        </Typography.Link>
      </Space>
    </Typography.Paragraph>
  );
}
