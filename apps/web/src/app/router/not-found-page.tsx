import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      title={t('router.notFoundTitle')}
      description={t('router.notFoundDescription')}
      data-testid="not-found-page"
    />
  );
}
