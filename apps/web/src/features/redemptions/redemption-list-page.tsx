import { useState } from 'react';
import { Button, Flex, Typography } from 'antd';
import type { Redemption } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PagedTable } from '@/components/list-kit/paged-table';
import { SearchBox } from '@/components/list-kit/search-box';
import { usePagedTable } from '@/components/list-kit/use-paged-table';
import { listRedemptions, redemptionsKey, searchRedemptions } from './api/redemption-list';
import { useRedemptionColumns } from './components/redemption-columns';
import { useRedemptionRowHandlers } from './components/use-redemption-row-handlers';

/** /redemption: the redemption codes (administrators). */
export function RedemptionListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const table = usePagedTable<Redemption>({ queryKey: [...redemptionsKey, 'list'], fetchPage: listRedemptions, search: searchRedemptions });
  const columns = useRedemptionColumns(useRedemptionRowHandlers(table.list, setKeyword));

  return (
    <Flex vertical gap="middle" data-testid="redemption-list-page">
      <Typography.Title level={3}>{t('pages.redemptionList')}</Typography.Title>
      <SearchBox
        value={keyword}
        onChange={setKeyword}
        onSearch={table.list.searchFor}
        placeholder={t('redemptions.searchPlaceholder')}
        loading={table.list.isFetching}
        testId="redemption-search"
      />
      <PagedTable
        table={table}
        columns={columns}
        testId="redemption-table"
        footer={
          <>
            <Button type="primary" onClick={() => void navigate('/redemption/add')} data-testid="redemption-add">
              {t('redemptions.add')}
            </Button>
            <Button onClick={() => void table.refresh()} data-testid="redemption-refresh">
              {t('listKit.refresh')}
            </Button>
          </>
        }
      />
    </Flex>
  );
}
