import { Form, Switch } from 'antd';
import { useTranslation } from 'react-i18next';

/** The key's response cache switch (docs/response-cache.md): off by default, a request's header may override it. */
export function ResponseCacheField() {
  const { t } = useTranslation();
  return (
    <Form.Item name="response_cache" label={t('tokens.form.responseCache')} valuePropName="checked" extra={t('tokens.form.responseCacheHelp')}>
      <Switch data-testid="token-response-cache" />
    </Form.Item>
  );
}
