import { useState } from 'react';
import { Button, Flex, Select, Typography } from 'antd';
import type { UserOrder, UserView } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PagedTable } from '@/components/list-kit/paged-table';
import { SearchBox } from '@/components/list-kit/search-box';
import { usePagedTable } from '@/components/list-kit/use-paged-table';
import { listUsers, searchUsers, usersKey } from './api/user-list';
import { useManageHandler } from './components/use-manage-handler';
import { useUserColumns } from './components/user-columns';

/** /user: the administrator's user list. */
export function UserListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [order, setOrder] = useState<UserOrder>('');
  const [keyword, setKeyword] = useState('');
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
    <Flex vertical gap="middle" data-testid="user-list-page">
      <Typography.Title level={3}>{t('pages.userList')}</Typography.Title>
      <SearchBox
        value={keyword}
        onChange={setKeyword}
        onSearch={table.list.searchFor}
        placeholder={t('users.searchPlaceholder')}
        loading={table.list.isFetching}
        testId="user-search"
      />
      <PagedTable
        table={table}
        columns={columns}
        testId="user-table"
        footer={
          <>
            <Button type="primary" onClick={() => void navigate('/user/add')} data-testid="user-add">
              {t('users.actions.add')}
            </Button>
            <Select<UserOrder>
              value={order}
              options={orders}
              onChange={setOrder}
              aria-label={t('users.order.label')}
              style={{ minWidth: 160 }}
              data-testid="user-order"
            />
          </>
        }
      />
    </Flex>
  );
}
