import type { IncomingHttpHeaders } from 'node:http';
import { RelayError } from '../relay-error.js';

/** The per-request switch: `on` reads and stores, `refresh` stores a new answer without reading, `off` does neither. */
export const CACHE_HEADER = 'x-tollgate-cache';

/** What the cache may do for one request: serve a stored answer, and store this one. */
export interface CacheMode {
  read: boolean;
  write: boolean;
}

const ON: CacheMode = { read: true, write: true };
const REFRESH: CacheMode = { read: false, write: true };

/**
 * Whether a request uses the cache: its key's switch, or its own header, which wins (`off` on a key that
 * caches, `on` on one that does not). The client's `Cache-Control: no-store` turns it off, `no-cache` makes
 * it a refresh. A request whose key does not cache and that sends no header reads one header and nothing
 * else: the cache costs it nothing. Any other header value is a 400 naming the header.
 */
export function cacheModeOf(keyCaches: boolean, headers: IncomingHttpHeaders): CacheMode | undefined {
  const asked = headers[CACHE_HEADER];
  if (asked === undefined && !keyCaches) return undefined;
  let mode = ON;
  if (asked !== undefined) {
    const value = (Array.isArray(asked) ? asked.join(',') : asked).trim().toLowerCase();
    if (value === 'off') return undefined;
    if (value === 'refresh') mode = REFRESH;
    else if (value !== 'on') throw new RelayError(400, `${CACHE_HEADER} must be on, off or refresh`, 'invalid_cache_header', 'invalid_request_error', CACHE_HEADER);
  }
  const control = headers['cache-control']?.toLowerCase();
  if (control?.includes('no-store')) return undefined;
  if (control?.includes('no-cache')) return REFRESH;
  return mode;
}
