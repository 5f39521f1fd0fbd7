import { useMemo, useState } from 'react';
import { needsMoreRows, pageCountOf, pageSlice } from './pager';
import { sortRows, type SortState } from './sort-rows';
import { usePagedRows, type PagedRowsOptions, type RowWithId } from './use-paged-rows';

/**
 * A paged server list as a table: local column sorting over every loaded row, then pages of ten.
 * Page and sort belong to the list shown, so a new order, filter or search starts again at page 1.
 * The search box's text is kept here too: a row action may put text in it (a copy that failed).
 */
export function usePagedTable<T extends RowWithId>(options: PagedRowsOptions<T>) {
  const list = usePagedRows(options);
  const [sortState, setSortState] = useState<{ listId: string; sort?: SortState }>({ listId: list.listId });
  const [pageState, setPageState] = useState({ listId: list.listId, page: 1 });
  const [keyword, setKeyword] = useState('');

  const sort = sortState.listId === list.listId ? sortState.sort : undefined;
  const sorted = useMemo(() => sortRows(list.rows, sort), [list.rows, sort]);
  const pageCount = pageCountOf(sorted.length, list.hasMore);
  // A deletion can empty the last page: show the last page that still exists.
  const page = Math.min(pageState.listId === list.listId ? pageState.page : 1, pageCount);

  return {
    list,
    keyword,
    setKeyword,
    sort,
    setSort: (next: SortState | undefined) => setSortState({ listId: list.listId, sort: next }),
    page,
    pageCount,
    pageRows: pageSlice(sorted, page),
    goToPage: async (next: number) => {
      if (needsMoreRows(next, sorted.length, list.hasMore)) await list.loadMore();
      setPageState({ listId: list.listId, page: next });
    },
    refresh: async () => {
      setPageState({ listId: list.listId, page: 1 });
      await list.refresh();
    },
  };
}

export type PagedTableState<T extends RowWithId> = ReturnType<typeof usePagedTable<T>>;
