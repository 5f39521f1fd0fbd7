import { useState } from 'react';
import { Alert, Flex, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/app/session/use-current-user';
import { useSignOut } from '@/app/session/use-sign-out';
import { showError, showSuccess } from '@/app/toasts/toast';
import { useDeleteSelf } from '../api/delete-self';

/** Deleting one's own account needs the account name typed out, so it cannot happen by a stray click. */
export function DeleteAccountModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const user = useCurrentUser();
  const [typed, setTyped] = useState('');
  const deleteSelf = useDeleteSelf();

  const confirm = () => {
    if (!user || typed !== user.username) {
      showError(t('setting.deleteMismatch'));
      return;
    }
    deleteSelf.mutate(undefined, {
      onSuccess: () => {
        showSuccess(t('setting.deleted'));
        void signOut();
      },
    });
  };

  return (
    <Modal
      open={open}
      title={t('setting.deleteTitle')}
      onOk={confirm}
      onCancel={onClose}
      okButtonProps={{ danger: true, loading: deleteSelf.isPending }}
      destroyOnHidden
    >
      <Flex vertical gap="middle">
        <Alert type="error" showIcon title={t('setting.deleteWarning')} />
        <Typography.Text>{t('setting.deletePrompt', { username: user?.username ?? '' })}</Typography.Text>
        <Input
          name="confirm_username"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          data-testid="delete-confirm-input"
        />
      </Flex>
    </Modal>
  );
}
