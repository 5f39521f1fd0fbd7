import type { ReactNode } from 'react';
import { Flex, Pagination, Table, type TableColumnsType, type TableProps } from 'antd';
import { ITEMS_PER_PAGE } from '@tollgate/contract';
import type { SortDirection, SortState } from './sort-rows';
import type { RowWithId } from './use-paged-rows';
import type { PagedTableState } from './use-paged-table';

interface PagedTableProps<T extends RowWithId> {
  table: PagedTableState<T>;
  /** A column with `sorter: true` sorts the loaded rows by the field named by its `key`. */
  columns: TableColumnsType<T>;
  /** Buttons and selects shown left of the pager. */
  footer?: ReactNode;
  testId: string;
}

/**
 * Two states only: a header click toggles the direction, as one-api's headers do. antd moves to the entry
 * after the current one and clears the sort past the end, so 'ascend' is repeated to cycle back to it.
 */
const DIRECTIONS: SortDirection[] = ['ascend', 'descend', 'ascend'];

type Sorter<T> = Parameters<NonNullable<TableProps<T>['onChange']>>[2];

function toSortState<T>(sorter: Sorter<T>): SortState | undefined {
  const single = Array.isArray(sorter) ? sorter[0] : sorter;
  if (!single?.order || single.columnKey === undefined) return undefined;
  return { field: String(single.columnKey), direction: single.order };
}

/** The table of a paged list: header sorting is local and toggles between both directions. */
export function PagedTable<T extends RowWithId>({ table, columns, footer, testId }: PagedTableProps<T>) {
  const { sort } = table;
  const controlled = columns.map((column) =>
    column.sorter ? { ...column, sortDirections: DIRECTIONS, sortOrder: sort && sort.field === column.key ? sort.direction : null } : column,
  );
  const onChange: TableProps<T>['onChange'] = (_pagination, _filters, sorter) => table.setSort(toSortState(sorter));

  return (
    <Flex vertical gap="middle">
      <Table<T>
        rowKey="id"
        size="small"
        columns={controlled}
        dataSource={table.pageRows}
        pagination={false}
        loading={table.list.isFetching}
        onChange={onChange}
        scroll={{ x: 'max-content' }}
        data-testid={testId}
      />
      <Flex wrap gap="small" justify="space-between" align="center">
        <Flex wrap gap="small" align="center">
          {footer}
        </Flex>
        <Pagination
          current={table.page}
          total={table.pageCount * ITEMS_PER_PAGE}
          pageSize={ITEMS_PER_PAGE}
          showSizeChanger={false}
          onChange={(page) => void table.goToPage(page)}
          data-testid={`${testId}-pager`}
        />
      </Flex>
    </Flex>
  );
}
