const SLASH = 0x2f;

/**
 * The path a relay call is planned with: the client's, without trailing slashes (its query kept). Fastify
 * serves `/v1/chat/completions/` as `/v1/chat/completions` (`ignoreTrailingSlash`), and one-api's router
 * redirected it there; sent on with the slash, the path is one an upstream may not know (a 404 from most
 * OpenAI-compatible servers), and adaptors that read the path (Azure's deployments) would misread it.
 */
export function relayPath(url: string): string {
  const query = url.indexOf('?');
  const end = query === -1 ? url.length : query;
  let kept = end;
  while (kept > 1 && url.charCodeAt(kept - 1) === SLASH) kept -= 1;
  return kept === end ? url : url.slice(0, kept) + url.slice(end);
}
