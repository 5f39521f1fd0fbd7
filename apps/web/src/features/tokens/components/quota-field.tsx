import { Form, InputNumber, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { renderQuota } from '@/lib/format/quota';
import type { TokenFormValues } from '../token-payload';

/** Remaining quota with what it amounts to, and the unlimited switch that makes it irrelevant. */
export function QuotaField() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<TokenFormValues>();
  const quota = Form.useWatch('remain_quota', form);
  const unlimited = Form.useWatch('unlimited_quota', form) ?? false;
  const amount = Number.parseInt(String(quota ?? ''), 10);

  return (
    <>
      <Form.Item
        name="remain_quota"
        label={t('tokens.form.quota')}
        extra={Number.isNaN(amount) || unlimited ? undefined : t('tokens.form.quotaDisplay', { value: renderQuota(amount) })}
      >
        <InputNumber<number>
          name="remain_quota"
          min={0}
          precision={0}
          disabled={unlimited}
          placeholder={t('tokens.form.quotaPlaceholder')}
          style={{ width: '100%' }}
        />
      </Form.Item>
      <Form.Item name="unlimited_quota" label={t('tokens.form.unlimitedQuota')} valuePropName="checked">
        <Switch data-testid="token-unlimited" />
      </Form.Item>
    </>
  );
}
