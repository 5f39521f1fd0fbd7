import { Button, Flex, Form, Input, InputNumber, type FormInstance } from 'antd';
import { CreateRedemptionRequestSchema, REDEMPTION_NAME_MAX_LENGTH } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { numberRules, textRules } from '@/components/form-rules/field-rules';
import { renderQuota } from '@/lib/format/quota';
import type { RedemptionFormValues } from '../redemption-payload';

interface RedemptionFormProps {
  /** The page's form, so a refusal of the server can mark its field. */
  form: FormInstance<RedemptionFormValues>;
  initialValues: RedemptionFormValues;
  isEdit: boolean;
  submitting: boolean;
  onSubmit: (values: RedemptionFormValues) => void;
  onCancel: () => void;
}

/**
 * Name, quota per code and, when creating, how many codes to make; each checked against the server's limits
 * before sending, never clamped into range (issue 35).
 */
export function RedemptionForm({ form, initialValues, isEdit, submitting, onSubmit, onCancel }: RedemptionFormProps) {
  const { t } = useTranslation();
  const quota = Number.parseInt(String(Form.useWatch('quota', form) ?? ''), 10);

  return (
    <Form<RedemptionFormValues> form={form} layout="vertical" initialValues={initialValues} onFinish={onSubmit} autoComplete="off" data-testid="redemption-form">
      <Form.Item name="name" label={t('redemptions.name')} rules={textRules(t, t('redemptions.name'), { required: true, max: REDEMPTION_NAME_MAX_LENGTH })}>
        <Input name="name" placeholder={t('redemptions.form.namePlaceholder')} maxLength={REDEMPTION_NAME_MAX_LENGTH} showCount />
      </Form.Item>
      <Form.Item
        name="quota"
        label={t('redemptions.form.quota')}
        rules={numberRules(t, t('redemptions.form.quota'), CreateRedemptionRequestSchema.shape.quota, { required: true })}
        extra={Number.isNaN(quota) ? undefined : t('redemptions.form.quotaDisplay', { value: renderQuota(quota) })}
      >
        <InputNumber<number> name="quota" placeholder={t('redemptions.form.quotaPlaceholder')} style={{ width: '100%' }} />
      </Form.Item>
      {!isEdit && (
        <Form.Item
          name="count"
          label={t('redemptions.form.count')}
          rules={numberRules(t, t('redemptions.form.count'), CreateRedemptionRequestSchema.shape.count, { required: true })}
        >
          <InputNumber<number> name="count" placeholder={t('redemptions.form.countPlaceholder')} style={{ width: '100%' }} />
        </Form.Item>
      )}
      <Flex gap="small" justify="flex-end">
        <Button onClick={onCancel}>{t('redemptions.form.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={submitting} data-testid="redemption-submit">
          {t('common.submit')}
        </Button>
      </Flex>
    </Form>
  );
}
