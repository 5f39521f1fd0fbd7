import { Button, Flex, Popconfirm } from 'antd';
import { Role, UserStatus, type ManageAction, type UserView } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

interface UserRowActionsProps {
  user: UserView;
  onManage: (user: UserView, action: ManageAction) => void;
}

/** Promote, demote, delete and enable/disable; none of them applies to the super administrator. */
export function UserRowActions({ user, onManage }: UserRowActionsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locked = user.role === Role.Root;
  const enabled = user.status === UserStatus.Enabled;

  return (
    <Flex wrap gap={4}>
      <Button size="small" disabled={locked} onClick={() => onManage(user, 'promote')} data-testid="user-promote">
        {t('users.actions.promote')}
      </Button>
      <Button size="small" disabled={locked} onClick={() => onManage(user, 'demote')} data-testid="user-demote">
        {t('users.actions.demote')}
      </Button>
      <Popconfirm
        title={t('users.actions.confirmDelete', { username: user.username })}
        okText={t('users.actions.confirmDelete', { username: user.username })}
        okButtonProps={{ danger: true }}
        showCancel={false}
        disabled={locked}
        onConfirm={() => onManage(user, 'delete')}
      >
        <Button size="small" danger disabled={locked} data-testid="user-delete">
          {t('users.actions.delete')}
        </Button>
      </Popconfirm>
      <Button size="small" disabled={locked} onClick={() => onManage(user, enabled ? 'disable' : 'enable')} data-testid="user-toggle">
        {enabled ? t('users.actions.disable') : t('users.actions.enable')}
      </Button>
      <Button size="small" onClick={() => void navigate(`/user/edit/${user.id}`)} data-testid="user-edit">
        {t('users.actions.edit')}
      </Button>
    </Flex>
  );
}
