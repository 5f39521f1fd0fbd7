import { Alert, Button, Flex, Form, Input, Select, type FormInstance } from 'antd';
import { TOKEN_NAME_MAX_LENGTH, type RateLimitStatus } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { textRules } from '@/components/form-rules/field-rules';
import { RateLimitFields } from '@/components/rate-limits/rate-limit-fields';
import { BudgetFields } from '@/components/budgets/budget-fields';
import type { TokenFormValues } from '../token-payload';
import { ExpiryField } from './expiry-field';
import { QuotaField } from './quota-field';
import { ResponseCacheField } from './response-cache-field';

interface TokenFormProps {
  /** The page's form, so a refusal of the server can mark its field. */
  form: FormInstance<TokenFormValues>;
  initialValues: TokenFormValues;
  /** Model names the user may restrict the token to. */
  models: string[];
  /** The use of the key's limits now (edit form only). */
  usage?: RateLimitStatus;
  submitting: boolean;
  onSubmit: (values: TokenFormValues) => void;
  onCancel: () => void;
}

/** The fields of the token form; each is checked against the server's limits before sending (issue 35). */
export function TokenForm({ form, initialValues, models, usage, submitting, onSubmit, onCancel }: TokenFormProps) {
  const { t } = useTranslation();
  // Models already on the token stay choosable even if the user's group no longer offers them.
  const options = [...new Set([...models, ...initialValues.models])].map((model) => ({ value: model, label: model }));

  return (
    <Form<TokenFormValues> form={form} layout="vertical" initialValues={initialValues} onFinish={onSubmit} autoComplete="off" data-testid="token-form">
      <Form.Item name="name" label={t('tokens.name')} rules={textRules(t, t('tokens.name'), { required: true, max: TOKEN_NAME_MAX_LENGTH })}>
        <Input name="name" placeholder={t('tokens.form.namePlaceholder')} maxLength={TOKEN_NAME_MAX_LENGTH} showCount />
      </Form.Item>
      <Form.Item name="models" label={t('tokens.form.models')}>
        <Select mode="multiple" allowClear options={options} placeholder={t('tokens.form.modelsPlaceholder')} data-testid="token-models" />
      </Form.Item>
      <Form.Item name="subnet" label={t('tokens.form.subnet')}>
        <Input name="subnet" placeholder={t('tokens.form.subnetPlaceholder')} />
      </Form.Item>
      <ExpiryField form={form} />
      <Alert type="info" showIcon title={t('tokens.form.quotaNotice')} style={{ marginBottom: 16 }} />
      <QuotaField />
      <RateLimitFields usage={usage} />
      <BudgetFields status={usage?.budget} />
      <ResponseCacheField />
      <Flex gap="small" justify="flex-end">
        <Button onClick={onCancel}>{t('tokens.form.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={submitting} data-testid="token-submit">
          {t('common.submit')}
        </Button>
      </Flex>
    </Form>
  );
}
