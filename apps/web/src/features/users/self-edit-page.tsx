import { Button, Card, Form, Input, Skeleton } from 'antd';
import { DISPLAY_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH, type UserView } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '@/app/toasts/toast';
import { characterCount, textRules } from '@/components/form-rules/field-rules';
import { markRefusedField } from '@/components/form-rules/server-field-error';
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
  const [form] = Form.useForm<SelfFormValues>();

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
        onError: (error) => markRefusedField(form, error),
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
        form={form}
        layout="vertical"
        initialValues={{ ...user, password: '' }}
        onFinish={onFinish}
        data-testid="self-edit-form"
      >
        <Form.Item
          name="username"
          label={t('userEdit.username')}
          rules={textRules(t, t('userEdit.username'), { required: true, max: USERNAME_MAX_LENGTH, stored: user.username })}
        >
          {/* A name made by GitHub or WeChat sign-in may be longer than a chosen one; it stays editable. */}
          <Input name="username" placeholder={t('userEdit.usernamePlaceholder')} maxLength={Math.max(USERNAME_MAX_LENGTH, characterCount(user.username))} showCount />
        </Form.Item>
        <Form.Item name="display_name" label={t('userEdit.displayName')} rules={textRules(t, t('userEdit.displayName'), { max: DISPLAY_NAME_MAX_LENGTH })}>
          <Input name="display_name" placeholder={t('userEdit.displayNamePlaceholder')} maxLength={DISPLAY_NAME_MAX_LENGTH} showCount />
        </Form.Item>
        <Form.Item name="password" label={t('userEdit.password')} rules={textRules(t, t('userEdit.password'), { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })}>
          <Input.Password
            name="password"
            placeholder={t('userEdit.passwordPlaceholder', { min: PASSWORD_MIN_LENGTH })}
            autoComplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
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
