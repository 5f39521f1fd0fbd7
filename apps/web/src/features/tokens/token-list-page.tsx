import { useState } from 'react';
import { Select } from 'antd';
import type { Token, TokenOrder } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { ListPage } from '@/components/list-kit/list-page';
import { usePagedTable } from '@/components/list-kit/use-paged-table';
import { listTokens, searchTokens, tokensKey } from './api/token-list';
import { useTokenColumns } from './components/token-columns';
import { useTokenRowHandlers } from './components/use-token-row-handlers';

/** /token: my tokens, where a normal login lands. */
export function TokenListPage() {
  const { t } = useTranslation();
  const [order, setOrder] = useState<TokenOrder>('');
  const table = usePagedTable<Token>({
    queryKey: [...tokensKey, 'list', order],
    fetchPage: (page) => listTokens(page, order),
    search: searchTokens,
  });
  const columns = useTokenColumns(useTokenRowHandlers(table.list, table.setKeyword));

  const orders = [
    { value: '', label: t('tokens.order.default') },
    { value: 'remain_quota', label: t('tokens.order.remainQuota') },
    { value: 'used_quota', label: t('tokens.order.usedQuota') },
  ];

  return (
    <ListPage
      name="token"
      title={t('pages.tokenList')}
      table={table}
      columns={columns}
      searchPlaceholder={t('tokens.searchPlaceholder')}
      add={{ to: '/token/add', label: t('tokens.add') }}
      refreshable
      actions={
        <Select<TokenOrder> value={order} options={orders} onChange={setOrder} placeholder={t('tokens.order.placeholder')} style={{ minWidth: 160 }} data-testid="token-order" />
      }
    />
  );
}
