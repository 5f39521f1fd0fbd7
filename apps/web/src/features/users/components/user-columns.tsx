import type { TableColumnsType } from 'antd';
import type { ManageAction, UserView } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { GroupTags } from '@/components/group-tags';
import { RoleTag, UserStatusTag } from './user-badges';
import { UserNameCell } from './user-name-cell';
import { UserRowActions } from './user-row-actions';
import { UserStatsCell } from './user-stats-cell';

/** The user table; the sortable columns sort the loaded rows by the field named by their key. */
export function useUserColumns(onManage: (user: UserView, action: ManageAction) => void): TableColumnsType<UserView> {
  const { t } = useTranslation();
  return [
    { key: 'id', dataIndex: 'id', title: t('users.columns.id'), sorter: true },
    { key: 'username', title: t('users.columns.username'), sorter: true, render: (_, user) => <UserNameCell user={user} /> },
    { key: 'group', title: t('users.columns.group'), sorter: true, render: (_, user) => <GroupTags groups={user.group} /> },
    // The statistics header sorts by remaining quota, as one-api's does.
    { key: 'quota', title: t('users.columns.statistics'), sorter: true, render: (_, user) => <UserStatsCell user={user} /> },
    { key: 'role', title: t('users.columns.role'), sorter: true, render: (_, user) => <RoleTag role={user.role} /> },
    { key: 'status', title: t('users.columns.status'), sorter: true, render: (_, user) => <UserStatusTag status={user.status} /> },
    { key: 'actions', title: t('users.columns.actions'), render: (_, user) => <UserRowActions user={user} onManage={onManage} /> },
  ];
}
