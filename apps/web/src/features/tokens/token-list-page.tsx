import { useState } from 'react';
import { Button, Flex, Select, Typography } from 'antd';
import type { Token, TokenOrder } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PagedTable } from '@/components/list-kit/paged-table';
import { SearchBox } from '@/components/list-kit/search-box';
import { usePagedTable } from '@/components/list-kit/use-paged-table';
import { listTokens, searchTokens, tokensKey } from './api/token-list';
import { useTokenColumns } from './components/token-columns';
import { useTokenRowHandlers } from './components/use-token-row-handlers';

/** /token: my tokens, where a normal login lands. */
export function TokenListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [order, setOrder] = useState<TokenOrder>('');
  const [keyword, setKeyword] = useState('');
  const table = usePagedTable<Token>({
    queryKey: [...tokensKey, 'list', order],
    fetchPage: (page) => listTokens(page, order),
    search: searchTokens,
  });
  const columns = useTokenColumns(useTokenRowHandlers(table.list, setKeyword));

  const orders = [
    { value: '', label: t('tokens.order.default') },
    { value: 'remain_quota', label: t('tokens.order.remainQuota') },
    { value: 'used_quota', label: t('tokens.order.usedQuota') },
  ];

  return (
    <Flex vertical gap="middle" data-testid="token-list-page">
      <Typography.Title level={3}>{t('pages.tokenList')}</Typography.Title>
      <SearchBox
        value={keyword}
        onChange={setKeyword}
        onSearch={table.list.searchFor}
        placeholder={t('tokens.searchPlaceholder')}
        loading={table.list.isFetching}
        testId="token-search"
      />
      <PagedTable
        table={table}
        columns={columns}
        testId="token-table"
        footer={
          <>
            <Button type="primary" onClick={() => void navigate('/token/add')} data-testid="token-add">
              {t('tokens.add')}
            </Button>
            <Button onClick={() => void table.refresh()} data-testid="token-refresh">
              {t('listKit.refresh')}
            </Button>
            <Select<TokenOrder>
              value={order}
              options={orders}
              onChange={setOrder}
              placeholder={t('tokens.order.placeholder')}
              style={{ minWidth: 160 }}
              data-testid="token-order"
            />
          </>
        }
      />
    </Flex>
  );
}
