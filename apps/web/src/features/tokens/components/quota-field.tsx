import { Form, InputNumber, Switch } from 'antd';
import { CreateTokenRequestSchema } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { numberRules } from '@/components/form-rules/field-rules';
import { renderQuota } from '@/lib/format/quota';
import type { TokenFormValues } from '../token-payload';

/**
 * Remaining quota with what it amounts to, and the unlimited switch that makes it irrelevant. A quota out of
 * the contract's range is refused on the field, never clamped to 0 (issue 35); empty means 0.
 */
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
        rules={unlimited ? [] : numberRules(t, t('tokens.form.quota'), CreateTokenRequestSchema.shape.remain_quota)}
        extra={Number.isNaN(amount) || unlimited ? undefined : t('tokens.form.quotaDisplay', { value: renderQuota(amount) })}
      >
        <InputNumber<number>
          name="remain_quota"
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
