import { Button, Flex, Form, Input, InputNumber, Select } from 'antd';
import {
  AdminUpdateUserRequestSchema,
  DISPLAY_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  type UserView,
} from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showSuccess } from '@/app/toasts/toast';
import { numberRules, textRules } from '@/components/form-rules/field-rules';
import { markRefusedField } from '@/components/form-rules/server-field-error';
import { RateLimitFields } from '@/components/rate-limits/rate-limit-fields';
import { limitsOf, type RateLimitValues } from '@/components/rate-limits/rate-limit-values';
import { BudgetFields } from '@/components/budgets/budget-fields';
import { budgetOf, budgetValuesOf, type BudgetValues } from '@/components/budgets/budget-values';
import { readQuotaDisplay } from '@/lib/format/quota';
import { useRateLimitStatus } from '@/components/rate-limits/use-rate-limit-status';
import { useGroups } from '@/lib/api/use-groups';
import { useUpdateUser } from '../api/user-admin';
import { QuotaEquivalent } from './quota-equivalent';

interface UserEditValues extends RateLimitValues, BudgetValues {
  username: string;
  display_name: string;
  password: string;
  group: string;
  quota: number | null;
}

/**
 * The loaded user with its editable fields, each checked against the server's limits before sending (issue 35);
 * the binding fields are shown read-only.
 */
export function UserEditForm({ user }: { user: UserView }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<UserEditValues>();
  const quota = Form.useWatch('quota', form);
  const groups = useGroups();
  const update = useUpdateUser();
  const limits = useRateLimitStatus(`/api/user/${user.id}/limits`);
  const groupOptions = [...new Set([...(groups.data ?? []), user.group])].map((group) => ({ value: group, label: group }));

  const onFinish = (values: UserEditValues) => {
    // An emptied quota keeps the loaded one; a refused one never gets here.
    const edited = { ...user, ...values, quota: values.quota ?? user.quota, ...limitsOf(values), ...budgetOf(values, readQuotaDisplay()) };
    update.mutate(edited, { onSuccess: () => showSuccess(t('userEdit.success')), onError: (error) => markRefusedField(form, error) });
  };

  const readOnly = (name: 'github_id' | 'wechat_id' | 'email', label: string) => (
    <Form.Item label={label} help={t('userEdit.readOnlyHint')}>
      <Input name={name} value={user[name]} readOnly />
    </Form.Item>
  );

  return (
    <Form<UserEditValues> form={form} layout="vertical" initialValues={{ ...user, password: '', ...budgetValuesOf(user, readQuotaDisplay()) }} onFinish={onFinish} data-testid="user-edit-form">
      <Form.Item name="username" label={t('users.form.username')} rules={textRules(t, t('users.form.username'), { required: true, max: USERNAME_MAX_LENGTH })}>
        <Input name="username" placeholder={t('userEdit.usernamePlaceholder')} maxLength={USERNAME_MAX_LENGTH} showCount />
      </Form.Item>
      <Form.Item name="display_name" label={t('users.form.displayName')} rules={textRules(t, t('users.form.displayName'), { max: DISPLAY_NAME_MAX_LENGTH })}>
        <Input name="display_name" placeholder={t('userEdit.displayNamePlaceholder')} maxLength={DISPLAY_NAME_MAX_LENGTH} showCount />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('users.form.password')}
        rules={textRules(t, t('users.form.password'), { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })}
      >
        <Input.Password
          name="password"
          placeholder={t('users.form.newPasswordPlaceholder', { min: PASSWORD_MIN_LENGTH })}
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
        />
      </Form.Item>
      <Form.Item name="group" label={t('users.form.group')}>
        <Select showSearch options={groupOptions} placeholder={t('users.form.groupPlaceholder')} data-testid="user-group" />
      </Form.Item>
      <Form.Item
        name="quota"
        label={t('users.form.quota')}
        rules={numberRules(t, t('users.form.quota'), AdminUpdateUserRequestSchema.shape.quota)}
        extra={<QuotaEquivalent quota={quota ?? 0} />}>
        <InputNumber name="quota" placeholder={t('users.form.quotaPlaceholder')} style={{ width: '100%' }} />
      </Form.Item>
      <RateLimitFields usage={limits.data} />
      <BudgetFields status={limits.data?.budget} group={user.group} />
      {readOnly('github_id', t('userEdit.githubId'))}
      {readOnly('wechat_id', t('userEdit.wechatId'))}
      {readOnly('email', t('userEdit.email'))}
      <Flex gap="small">
        <Button onClick={() => void navigate('/user')}>{t('users.form.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="user-edit-submit">
          {t('common.submit')}
        </Button>
      </Flex>
    </Form>
  );
}
