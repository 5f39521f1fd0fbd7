import type { ReactNode } from 'react';
import { Button, Flex, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PagedTable } from './paged-table';
import { SearchBox } from './search-box';
import type { RowWithId } from './use-paged-rows';
import type { PagedTableState } from './use-paged-table';

interface ListPageProps<T extends RowWithId> {
  /** Names the page's test ids: `{name}-search`, `{name}-table`, `{name}-add`, `{name}-refresh`. */
  name: string;
  /** The page's own test id, `{name}-list-page` unless given. */
  pageTestId?: string;
  title: string;
  table: PagedTableState<T>;
  columns: TableColumnsType<T>;
  searchPlaceholder: string;
  /** The primary button under the table, to the page that adds a row. */
  add?: { to: string; label: string };
  /** A button that fetches the list again. */
  refreshable?: boolean;
  /** More controls under the table, after add and refresh (an order select, a download). */
  actions?: ReactNode;
  /** What sits between the title and the search box (the log page's filters). */
  children?: ReactNode;
  /** What sits between the search box and the table (the channel page's test hint). */
  notice?: ReactNode;
}

/**
 * The shape every paged list of the console shares (keys, users, redemption codes, logs): a title, the search
 * box, the table with its pager, and the page's buttons under it. Pages keep what is theirs (columns, row
 * actions, filters, orders) and pass it in.
 */
export function ListPage<T extends RowWithId>(props: ListPageProps<T>) {
  const { name, table, add, refreshable, actions } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();

  return (
    <Flex vertical gap="middle" data-testid={props.pageTestId ?? `${name}-list-page`}>
      <Typography.Title level={3}>{props.title}</Typography.Title>
      {props.children}
      <SearchBox
        value={table.keyword}
        onChange={table.setKeyword}
        onSearch={table.list.searchFor}
        placeholder={props.searchPlaceholder}
        loading={table.list.isFetching}
        testId={`${name}-search`}
      />
      {props.notice}
      <PagedTable
        table={table}
        columns={props.columns}
        testId={`${name}-table`}
        footer={
          <>
            {add && (
              <Button type="primary" onClick={() => void navigate(add.to)} data-testid={`${name}-add`}>
                {add.label}
              </Button>
            )}
            {refreshable && (
              <Button onClick={() => void table.refresh()} data-testid={`${name}-refresh`}>
                {t('listKit.refresh')}
              </Button>
            )}
            {actions}
          </>
        }
      />
    </Flex>
  );
}
