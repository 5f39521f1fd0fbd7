import { useState } from 'react';
import { Select } from 'antd';
import type { UserOrder, UserView } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { ListPage } from '@/components/list-kit/list-page';
import { usePagedTable } from '@/components/list-kit/use-paged-table';
import { listUsers, searchUsers, usersKey } from './api/user-list';
import { useManageHandler } from './components/use-manage-handler';
import { useUserColumns } from './components/user-columns';

/** /user: the administrator's user list. */
export function UserListPage() {
  const { t } = useTranslation();
  const [order, setOrder] = useState<UserOrder>('');
  const table = usePagedTable<UserView>({
    queryKey: [...usersKey, 'list', order],
    fetchPage: (page) => listUsers(page, order),
    search: searchUsers,
  });
  const columns = useUserColumns(useManageHandler(table.list));

  const orders: { value: UserOrder; label: string }[] = [
    { value: '', label: t('users.order.default') },
    { value: 'quota', label: t('users.order.quota') },
    { value: 'used_quota', label: t('users.order.usedQuota') },
    { value: 'request_count', label: t('users.order.requestCount') },
  ];

  return (
    <ListPage
      name="user"
      title={t('pages.userList')}
      table={table}
      columns={columns}
      searchPlaceholder={t('users.searchPlaceholder')}
      add={{ to: '/user/add', label: t('users.actions.add') }}
      actions={
        <Select<UserOrder> value={order} options={orders} onChange={setOrder} aria-label={t('users.order.label')} style={{ minWidth: 160 }} data-testid="user-order" />
      }
    />
  );
}
