import { useMemo, useState } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { ITEMS_PER_PAGE } from '@tollgate/contract';

export interface RowWithId {
  id: number;
}

export interface PagedRowsOptions<T> {
  /** Names the list; include every server-side parameter (order, filters) so a change fetches afresh. */
  queryKey: readonly unknown[];
  /** One page of the list; `page` starts at 0. */
  fetchPage: (page: number) => Promise<T[]>;
  /** The server search; the paged list is shown while the keyword is ''. */
  search?: (keyword: string) => Promise<T[]>;
}

/** Server answers to row actions, kept beside the cached pages so page lengths (and "more pages") stay true. */
interface Overrides<T> {
  hidden: ReadonlySet<number>;
  patches: ReadonlyMap<number, Partial<T>>;
}

const noOverrides = { hidden: new Set<number>(), patches: new Map() };

/**
 * The rows of a paged server list: pages of ten fetched on demand and appended, or the answer of a search.
 * A deleted row is hidden and a toggled row takes the server's answer, without refetching the list.
 */
export function usePagedRows<T extends RowWithId>({ queryKey, fetchPage, search }: PagedRowsOptions<T>) {
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [overrides, setOverrides] = useState<Overrides<T>>(noOverrides);
  const searching = keyword !== '' && search !== undefined;
  const pagesKey = [...queryKey, 'pages'];

  const pages = useInfiniteQuery({
    queryKey: pagesKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: 0,
    getNextPageParam: (last: T[], all: T[][]) => (last.length === ITEMS_PER_PAGE ? all.length : undefined),
    enabled: !searching,
  });
  const found = useQuery({
    queryKey: [...queryKey, 'search', keyword],
    queryFn: () => (search ? search(keyword) : Promise.resolve([])),
    enabled: searching,
  });

  const loaded = searching ? found.data : pages.data?.pages.flat();
  const rows = useMemo(
    () => (loaded ?? []).filter((row) => !overrides.hidden.has(row.id)).map((row) => ({ ...row, ...overrides.patches.get(row.id) })),
    [loaded, overrides],
  );

  return {
    rows,
    /** Names what is shown: the pager goes back to page 1 when it changes. */
    listId: JSON.stringify([...queryKey, searching ? keyword : '']),
    hasMore: !searching && pages.hasNextPage,
    isFetching: searching ? found.isFetching : pages.isFetching,
    loadMore: async () => {
      await pages.fetchNextPage();
    },
    /** Shows the server's matches for a trimmed keyword; '' goes back to the paged list. */
    searchFor: (text: string) => setKeyword(text.trim()),
    /** Reloads from the first page (or repeats the search). */
    refresh: async () => {
      setOverrides(noOverrides);
      if (searching) await found.refetch();
      else await queryClient.resetQueries({ queryKey: pagesKey, exact: true });
    },
    patchRow: (id: number, patch: Partial<T>) =>
      setOverrides((current) => ({ ...current, patches: new Map(current.patches).set(id, { ...current.patches.get(id), ...patch }) })),
    hideRow: (id: number) => setOverrides((current) => ({ ...current, hidden: new Set(current.hidden).add(id) })),
  };
}

export type PagedRows<T extends RowWithId> = ReturnType<typeof usePagedRows<T>>;
