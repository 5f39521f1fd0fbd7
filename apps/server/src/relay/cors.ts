const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({});

/**
 * /v1 and the billing emulation allow every origin with credentials (reference 1.1), so browser clients
 * can call the gateway directly. The origin is echoed because `*` is not allowed with credentials. A
 * request without an Origin is not a CORS request (an SDK, a server): like one-api's CORS middleware,
 * Tollgate sends it no CORS headers, which no browser would read.
 */
export function corsHeaders(origin: string | undefined, requestedHeaders?: string): Readonly<Record<string, string>> {
  if (origin === undefined) return NO_HEADERS;
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-credentials': 'true',
    'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
    'access-control-allow-headers': requestedHeaders ?? '*',
    'access-control-expose-headers': '*',
    vary: 'Origin',
  };
}
