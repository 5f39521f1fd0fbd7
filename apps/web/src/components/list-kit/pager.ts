import { ITEMS_PER_PAGE } from '@tollgate/contract';

/**
 * Pages the pager offers: the loaded rows, plus one more while the server may have more (its last page
 * was full). Moving to that extra page fetches it, which is how one-api's lists grow.
 */
export function pageCountOf(loaded: number, hasMore: boolean): number {
  return Math.max(1, Math.ceil(loaded / ITEMS_PER_PAGE) + (hasMore ? 1 : 0));
}

/** Whether showing `page` (1-based) needs a page that is not loaded yet. */
export function needsMoreRows(page: number, loaded: number, hasMore: boolean): boolean {
  return hasMore && page > Math.ceil(loaded / ITEMS_PER_PAGE);
}

/** The rows of one 1-based page. */
export function pageSlice<T>(rows: readonly T[], page: number): T[] {
  return rows.slice((page - 1) * ITEMS_PER_PAGE, page * ITEMS_PER_PAGE);
}
