import { Button, Card, Form, Input, Skeleton } from 'antd';
import { PASSWORD_MIN_LENGTH, type UserView } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '@/app/toasts/toast';
import { getStoredUser, saveUser } from '@/lib/storage/user-store';
import { useSelf } from '@/app/session/use-self';
import { useUpdateSelf } from './api/update-self';

interface SelfFormValues {
  username: string;
  display_name: string;
  password: string;
}

/** /user/edit: the signed-in user edits their own profile; binding fields are read-only here. */
export function SelfEditPage() {
  const { t } = useTranslation();
  const { data: user, isPending } = useSelf();
  const update = useUpdateSelf();

  if (isPending) return <Skeleton active />;
  if (!user) return null; // the failure was already shown as a toast

  const onFinish = (values: SelfFormValues) => {
    update.mutate(
      { ...user, ...values },
      {
        onSuccess: () => {
          showSuccess(t('userEdit.success'));
          // Keep the header's username in step with the renamed account.
          const stored = getStoredUser();
          if (stored) saveUser({ ...stored, username: values.username, display_name: values.display_name });
        },
      },
    );
  };

  const readOnly = (name: keyof UserView, label: string) => (
    <Form.Item name={name} label={label} help={t('userEdit.readOnlyHint')}>
      <Input name={name} readOnly />
    </Form.Item>
  );

  return (
    <Card title={t('userEdit.title')} style={{ maxWidth: 640, margin: '0 auto' }}>
      <Form<SelfFormValues>
        layout="vertical"
        initialValues={{ ...user, password: '' }}
        onFinish={onFinish}
        data-testid="self-edit-form"
      >
        <Form.Item name="username" label={t('userEdit.username')}>
          <Input name="username" placeholder={t('userEdit.usernamePlaceholder')} />
        </Form.Item>
        <Form.Item name="display_name" label={t('userEdit.displayName')}>
          <Input name="display_name" placeholder={t('userEdit.displayNamePlaceholder')} />
        </Form.Item>
        <Form.Item name="password" label={t('userEdit.password')}>
          <Input.Password
            name="password"
            placeholder={t('userEdit.passwordPlaceholder', { min: PASSWORD_MIN_LENGTH })}
            autoComplete="new-password"
          />
        </Form.Item>
        {readOnly('github_id', t('userEdit.githubId'))}
        {readOnly('wechat_id', t('userEdit.wechatId'))}
        {readOnly('email', t('userEdit.email'))}
        <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="self-edit-submit">
          {t('common.submit')}
        </Button>
      </Form>
    </Card>
  );
}
