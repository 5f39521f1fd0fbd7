import { Card, Form, Skeleton } from 'antd';
import { DEFAULT_TOKEN_QUOTA, type Token } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { showError, showSuccess } from '@/app/toasts/toast';
import { markRefusedField } from '@/components/form-rules/server-field-error';
import { useRateLimitStatus } from '@/components/rate-limits/use-rate-limit-status';
import { budgetValuesOf } from '@/components/budgets/budget-values';
import { readQuotaDisplay } from '@/lib/format/quota';
import { useAvailableModels, useSaveToken, useToken } from './api/token-form-data';
import { TokenForm } from './components/token-form';
import { expiryText } from './expiry';
import { buildTokenPayload, tokenUpdateBody, type TokenFormValues } from './token-payload';

const NEW_TOKEN: TokenFormValues = {
  name: '',
  remain_quota: DEFAULT_TOKEN_QUOTA,
  unlimited_quota: false,
  expiry: '',
  models: [],
  subnet: '',
  rpm_limit: 0,
  tpm_limit: 0,
  concurrency_limit: 0,
  budget_amount: null,
  budget_period: '',
  response_cache: false,
};

const formValuesOf = (token: Token): TokenFormValues => ({
  name: token.name,
  remain_quota: token.remain_quota,
  unlimited_quota: token.unlimited_quota,
  expiry: expiryText(token.expired_time),
  models: token.models.split(',').filter(Boolean),
  subnet: token.subnet,
  rpm_limit: token.rpm_limit,
  tpm_limit: token.tpm_limit,
  concurrency_limit: token.concurrency_limit,
  ...budgetValuesOf(token, readQuotaDisplay()),
  response_cache: token.response_cache,
});

/** /token/add and /token/edit/:id. */
export function TokenFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<TokenFormValues>();
  const params = useParams();
  const id = params.id === undefined ? undefined : Number(params.id);
  const loaded = useToken(id);
  const models = useAvailableModels();
  const save = useSaveToken();
  const limits = useRateLimitStatus(id === undefined ? undefined : `/api/token/${id}/limits`);

  const onSubmit = (values: TokenFormValues) => {
    const result = buildTokenPayload(values, loaded.data !== undefined);
    if (result.kind === 'ignored') return;
    if (result.kind === 'expiryInvalid') {
      showError(t('tokens.form.expiryInvalid'));
      return;
    }
    const body = loaded.data ? tokenUpdateBody(loaded.data, result.payload) : result.payload;
    save.mutate(body, {
      onSuccess: () => {
        showSuccess(loaded.data ? t('tokens.form.updated') : t('tokens.form.created'));
        void navigate('/token');
      },
      onError: (error) => markRefusedField(form, error),
    });
  };

  const title = id === undefined ? t('pages.tokenAdd') : t('pages.tokenEdit');
  return (
    <Card title={title} style={{ maxWidth: 720, margin: '0 auto' }}>
      {id !== undefined && !loaded.data ? (
        // Still loading, or the load failed and its toast was shown.
        <Skeleton active loading={loaded.isPending} />
      ) : (
        <TokenForm
          form={form}
          initialValues={loaded.data ? formValuesOf(loaded.data) : NEW_TOKEN}
          models={models.data ?? []}
          usage={limits.data}
          submitting={save.isPending}
          onSubmit={onSubmit}
          onCancel={() => void navigate('/token')}
        />
      )}
    </Card>
  );
}
