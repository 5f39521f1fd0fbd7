import type { SourceCatalog } from './source-catalog.js';

/** A snapshot date (`-20250929`, `-2025-09-29`, Vertex's `@20250929`) or `-latest` at the end of a name. */
const SNAPSHOT_SUFFIX = /(?:[-@]20\d{2}-?(?:0[1-9]|1[0-2])-?(?:0[1-9]|[12]\d|3[01])|-latest)$/;

/** `claude-sonnet-4-5-20250929` -> `claude-sonnet-4-5`: the model's name without its snapshot. */
export const undatedName = (model: string): string => model.replace(SNAPSHOT_SUFFIX, '');

/**
 * Whether two names are one model to its vendor: the same name but for a snapshot date (or `-latest`), and
 * the price source keeps them as one model (so `gpt-4o-2024-05-13`, priced apart from `gpt-4o`, is not).
 */
export function isSameModel(catalog: SourceCatalog, a: string, b: string): boolean {
  if (a === b) return true;
  if (undatedName(a) !== undatedName(b)) return false;
  const first = catalog.find(a, 0);
  return first !== undefined && first.model === catalog.find(b, 0)?.model;
}
