import { Button, Flex, Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { renderQuota } from '@/lib/format/quota';
import type { RedemptionFormValues } from '../redemption-payload';

interface RedemptionFormProps {
  initialValues: RedemptionFormValues;
  isEdit: boolean;
  submitting: boolean;
  onSubmit: (values: RedemptionFormValues) => void;
  onCancel: () => void;
}

/** Name, quota per code and, when creating, how many codes to make. */
export function RedemptionForm({ initialValues, isEdit, submitting, onSubmit, onCancel }: RedemptionFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RedemptionFormValues>();
  const quota = Number.parseInt(String(Form.useWatch('quota', form) ?? ''), 10);

  return (
    <Form<RedemptionFormValues> form={form} layout="vertical" initialValues={initialValues} onFinish={onSubmit} autoComplete="off" data-testid="redemption-form">
      <Form.Item name="name" label={t('redemptions.name')} required={!isEdit}>
        <Input name="name" placeholder={t('redemptions.form.namePlaceholder')} />
      </Form.Item>
      <Form.Item
        name="quota"
        label={t('redemptions.form.quota')}
        extra={Number.isNaN(quota) ? undefined : t('redemptions.form.quotaDisplay', { value: renderQuota(quota) })}
      >
        <InputNumber<number> name="quota" min={0} precision={0} placeholder={t('redemptions.form.quotaPlaceholder')} style={{ width: '100%' }} />
      </Form.Item>
      {!isEdit && (
        <Form.Item name="count" label={t('redemptions.form.count')}>
          <InputNumber<number> name="count" min={1} precision={0} placeholder={t('redemptions.form.countPlaceholder')} style={{ width: '100%' }} />
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
