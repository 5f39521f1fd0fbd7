import { Button, Card, Flex, Form, Input } from 'antd';
import { DISPLAY_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showSuccess } from '@/app/toasts/toast';
import { textRules } from '@/components/form-rules/field-rules';
import { markRefusedField } from '@/components/form-rules/server-field-error';
import { useCreateUser } from './api/user-admin';

interface NewUserValues {
  username?: string;
  display_name?: string;
  password?: string;
}

/** /user/add: the administrator creates an ordinary user; each field is checked against the server's limits first (issue 35). */
export function UserAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<NewUserValues>();
  const create = useCreateUser();

  const onFinish = ({ username = '', display_name = '', password = '' }: NewUserValues) => {
    create.mutate(
      { username, display_name, password },
      {
        onSuccess: () => {
          showSuccess(t('users.form.created'));
          form.resetFields();
        },
        onError: (error) => markRefusedField(form, error),
      },
    );
  };

  return (
    <Card title={t('users.form.addTitle')} style={{ maxWidth: 640, margin: '0 auto' }}>
      <Form form={form} layout="vertical" onFinish={onFinish} autoComplete="off" data-testid="user-add-form">
        <Form.Item name="username" label={t('users.form.username')} rules={textRules(t, t('users.form.username'), { required: true, max: USERNAME_MAX_LENGTH })}>
          <Input name="username" placeholder={t('users.form.usernamePlaceholder')} autoComplete="off" maxLength={USERNAME_MAX_LENGTH} showCount />
        </Form.Item>
        <Form.Item name="display_name" label={t('users.form.displayName')} rules={textRules(t, t('users.form.displayName'), { max: DISPLAY_NAME_MAX_LENGTH })}>
          <Input name="display_name" placeholder={t('users.form.displayNamePlaceholder')} autoComplete="off" maxLength={DISPLAY_NAME_MAX_LENGTH} showCount />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('users.form.password')}
          rules={textRules(t, t('users.form.password'), { required: true, min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })}
        >
          <Input.Password name="password" placeholder={t('users.form.passwordPlaceholder')} autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} />
        </Form.Item>
        <Flex gap="small">
          <Button onClick={() => void navigate('/user')}>{t('users.form.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="user-add-submit">
            {t('common.submit')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
