/**
 * /v1 and the billing emulation allow every origin with credentials (reference 1.1), so browser clients
 * can call the gateway directly. The origin is echoed because `*` is not allowed with credentials.
 */
export function corsHeaders(origin: string | undefined, requestedHeaders?: string): Readonly<Record<string, string>> {
  // Server-to-server clients (the SDKs) send no Origin: their headers are always the same object.
  if (origin === undefined && requestedHeaders === undefined) return ANY_ORIGIN;
  return {
    'access-control-allow-origin': origin ?? '*',
    'access-control-allow-credentials': 'true',
    'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
    'access-control-allow-headers': requestedHeaders ?? '*',
    'access-control-expose-headers': '*',
    ...(origin ? { vary: 'Origin' } : {}),
  };
}

const ANY_ORIGIN: Readonly<Record<string, string>> = Object.freeze({
  'access-control-allow-origin': '*',
  'access-control-allow-credentials': 'true',
  'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
  'access-control-allow-headers': '*',
  'access-control-expose-headers': '*',
});
