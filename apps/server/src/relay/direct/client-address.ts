import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/** The address a request came from, as `request.ip` tells it. */
export type ClientAddress = (raw: IncomingMessage) => string;

/**
 * `request.ip` as Fastify works it out under the same `trustProxy` (TRUSTED_PROXIES, a comma-separated list of
 * addresses, ranges and names such as `loopback`): the socket's peer when none is trusted, else the nearest
 * address of X-Forwarded-For that a trusted proxy did not add. The direct routes must agree with Fastify's
 * routes, since a key limited to subnets is checked against it.
 */
export function clientAddressFor(trustProxy: string): ClientAddress {
  if (!trustProxy) return (raw) => raw.socket.remoteAddress ?? '';
  const trusted = proxyAddr.compile(trustProxy.split(',').map((entry) => entry.trim()));
  return (raw) => proxyAddr.all(raw, trusted).at(-1) ?? '';
}
