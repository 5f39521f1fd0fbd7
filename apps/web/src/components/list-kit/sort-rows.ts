export type SortDirection = 'ascend' | 'descend';

/** A column sort: the row field and its direction. */
export interface SortState {
  field: string;
  direction: SortDirection;
}

function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return String(a ?? '').localeCompare(String(b ?? ''));
}

/**
 * Sorts the loaded rows locally, as one-api's console does when a column header is clicked: numbers by
 * value, anything else as text. Returns a new array; without a sort the server's order is kept.
 */
export function sortRows<T extends object>(rows: readonly T[], sort: SortState | undefined): T[] {
  if (!sort) return [...rows];
  const sign = sort.direction === 'ascend' ? 1 : -1;
  const valueOf = (row: T): unknown => (row as Record<string, unknown>)[sort.field];
  return [...rows].sort((a, b) => sign * compareValues(valueOf(a), valueOf(b)));
}
