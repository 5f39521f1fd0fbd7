import { Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown while a lazily loaded page's code arrives. */
export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <Flex vertical align="center" justify="center" gap="middle" style={{ minHeight: '50vh' }} data-testid="loading-screen">
      <Spin size="large" />
      <Typography.Text type="secondary">{t('common.loadingPage')}</Typography.Text>
    </Flex>
  );
}
