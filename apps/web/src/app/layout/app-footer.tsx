import { Layout, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../status/status-context';

/** The administrator's footer HTML when set (trusted, from the Footer option), else the default credit line. */
export function AppFooter() {
  const { t } = useTranslation();
  const { footer_html: footerHtml } = useStatus();
  return (
    <Layout.Footer style={{ textAlign: 'center' }} data-testid="app-footer">
      {footerHtml ? (
        <div dangerouslySetInnerHTML={{ __html: footerHtml }} />
      ) : (
        <Typography.Text type="secondary">
          {t('footer.credit', { version: __APP_VERSION__ })} · {t('footer.license')}
        </Typography.Text>
      )}
    </Layout.Footer>
  );
}
