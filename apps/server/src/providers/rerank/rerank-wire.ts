import type { RankedDocument, RerankCount } from './rerank-answer.js';
import type { RerankRequest } from './rerank-request.js';

/** One vendor's rerank call: where it goes, the body it takes, and what is read back from its answer. */
export interface RerankWire {
  /** The upstream URL below the channel's base URL (trailing slashes already trimmed). */
  url(base: string): string;
  body(request: RerankRequest): unknown;
  read(answer: unknown): RerankRead;
}

/** What a vendor's answer says: its scores, its id when it gives one, and its count of the cost. */
export interface RerankRead {
  ranked: RankedDocument[];
  id?: string;
  count: RerankCount;
}

/** `{base}/v1{path}`, or `{base}{path}` when the base URL already ends with its version (`…/v1`). */
export const versionedUrl = (base: string, path: string): string => (/\/v\d+$/.test(base) ? `${base}${path}` : `${base}/v1${path}`);

/** A list in an answer, or an empty one when the vendor sent something else. */
export const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** An object's field, for answers read defensively. */
export const field = (value: unknown, key: string): unknown => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined);
