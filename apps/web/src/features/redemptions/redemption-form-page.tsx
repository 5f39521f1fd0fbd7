import { Card, Form, Skeleton } from 'antd';
import { DEFAULT_REDEMPTION_COUNT, DEFAULT_REDEMPTION_QUOTA } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { showSuccess } from '@/app/toasts/toast';
import { markRefusedField } from '@/components/form-rules/server-field-error';
import { useCreateRedemptions, useRedemption, useUpdateRedemption } from './api/redemption-form-data';
import { codesFile, downloadTextFile } from './codes-file';
import { RedemptionForm } from './components/redemption-form';
import { buildRedemptionPayload, redemptionUpdateBody, type RedemptionFormValues } from './redemption-payload';

const NEW_CODES: RedemptionFormValues = { name: '', quota: DEFAULT_REDEMPTION_QUOTA, count: DEFAULT_REDEMPTION_COUNT };

/** /redemption/add (the new codes are downloaded as a text file) and /redemption/edit/:id. */
export function RedemptionFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<RedemptionFormValues>();
  const markRefused = (error: Error) => markRefusedField(form, error);
  const params = useParams();
  const id = params.id === undefined ? undefined : Number(params.id);
  const loaded = useRedemption(id);
  const create = useCreateRedemptions();
  const update = useUpdateRedemption();
  const backToList = () => void navigate('/redemption');

  const onSubmit = (values: RedemptionFormValues) => {
    if (loaded.data) {
      update.mutate(redemptionUpdateBody(loaded.data, values), {
        onSuccess: () => {
          showSuccess(t('redemptions.form.updated'));
          backToList();
        },
        onError: markRefused,
      });
      return;
    }
    const payload = buildRedemptionPayload(values);
    if (!payload) return;
    create.mutate(payload, {
      onSuccess: (codes) => {
        showSuccess(t('redemptions.form.created'));
        downloadTextFile(codesFile(payload.name, codes));
        backToList();
      },
      onError: markRefused,
    });
  };

  const title = id === undefined ? t('pages.redemptionAdd') : t('pages.redemptionEdit');
  return (
    <Card title={title} style={{ maxWidth: 720, margin: '0 auto' }}>
      {id !== undefined && !loaded.data ? (
        <Skeleton active loading={loaded.isPending} />
      ) : (
        <RedemptionForm
          form={form}
          initialValues={loaded.data ? { name: loaded.data.name, quota: loaded.data.quota, count: null } : NEW_CODES}
          isEdit={id !== undefined}
          submitting={create.isPending || update.isPending}
          onSubmit={onSubmit}
          onCancel={backToList}
        />
      )}
    </Card>
  );
}
