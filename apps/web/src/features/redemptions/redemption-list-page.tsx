import type { Redemption } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { ListPage } from '@/components/list-kit/list-page';
import { usePagedTable } from '@/components/list-kit/use-paged-table';
import { listRedemptions, redemptionsKey, searchRedemptions } from './api/redemption-list';
import { useRedemptionColumns } from './components/redemption-columns';
import { useRedemptionRowHandlers } from './components/use-redemption-row-handlers';

/** /redemption: the redemption codes (administrators). */
export function RedemptionListPage() {
  const { t } = useTranslation();
  const table = usePagedTable<Redemption>({ queryKey: [...redemptionsKey, 'list'], fetchPage: listRedemptions, search: searchRedemptions });
  const columns = useRedemptionColumns(useRedemptionRowHandlers(table.list, table.setKeyword));

  return (
    <ListPage
      name="redemption"
      title={t('pages.redemptionList')}
      table={table}
      columns={columns}
      searchPlaceholder={t('redemptions.searchPlaceholder')}
      add={{ to: '/redemption/add', label: t('redemptions.add') }}
      refreshable
    />
  );
}
