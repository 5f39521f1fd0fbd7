import { Button, Card, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showSuccess } from '@/app/toasts/toast';
import { useCreateUser } from './api/user-admin';

interface NewUserValues {
  username?: string;
  display_name?: string;
  password?: string;
}

/** /user/add: the administrator creates an ordinary user. */
export function UserAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<NewUserValues>();
  const create = useCreateUser();

  const onFinish = ({ username = '', display_name = '', password = '' }: NewUserValues) => {
    // Spec section 5: without a username and a password the click is ignored.
    if (username === '' || password === '') return;
    create.mutate(
      { username, display_name, password },
      {
        onSuccess: () => {
          showSuccess(t('users.form.created'));
          form.resetFields();
        },
      },
    );
  };

  return (
    <Card title={t('users.form.addTitle')} style={{ maxWidth: 640, margin: '0 auto' }}>
      <Form form={form} layout="vertical" onFinish={onFinish} autoComplete="off" data-testid="user-add-form">
        <Form.Item name="username" label={t('users.form.username')} required>
          <Input name="username" placeholder={t('users.form.usernamePlaceholder')} autoComplete="off" />
        </Form.Item>
        <Form.Item name="display_name" label={t('users.form.displayName')}>
          <Input name="display_name" placeholder={t('users.form.displayNamePlaceholder')} autoComplete="off" />
        </Form.Item>
        <Form.Item name="password" label={t('users.form.password')} required>
          <Input.Password name="password" placeholder={t('users.form.passwordPlaceholder')} autoComplete="new-password" />
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
