import type { ConnectionOptions } from 'node:tls';
import { Client, buildConnector, type Agent } from 'undici';
import { FreeListPool, type PoolOptions } from './free-list-pool.js';

/** Calls one HTTP/2 connection carries at once before the pool opens another (servers commonly allow 100 to 256). */
const CALLS_PER_HTTP2_CONNECTION = 100;

/**
 * Pools for undici's Agent whose connections multiplex once they speak HTTP/2. undici gives a connection
 * one call at a time unless told otherwise (`pipelining`), and the same number would pipeline HTTP/1.1
 * connections, where a slow stream holds up every call behind it: so each connection learns its protocol
 * from its TLS handshake (ALPN), and only an HTTP/2 one takes more calls. Plain http stays HTTP/1.1.
 */
export function multiplexingPools(tlsOptions: ConnectionOptions): NonNullable<Agent.Options['factory']> {
  // Origins a connection found speaking HTTP/2: a new connection to one of them takes calls while it is
  // still connecting, instead of the pool opening a connection for each call that arrives meanwhile.
  const http2Origins = new Set<string>();
  return (origin, options) =>
    new FreeListPool(String(origin), options as PoolOptions, (clientOrigin, clientOptions) => multiplexingClient(clientOrigin, clientOptions, tlsOptions, http2Origins));
}

function multiplexingClient(origin: string, options: Client.Options, tlsOptions: ConnectionOptions, http2Origins: Set<string>): Client {
  // No handshake to learn the protocol from: a plain connection, without a connector of its own per connection.
  if (!origin.startsWith('https:')) return new Client(origin, options);
  const connector = buildConnector({ ...tlsOptions, allowH2: true } as buildConnector.BuildOptions);
  const client: Client = new Client(origin, {
    ...options,
    pipelining: http2Origins.has(origin) ? CALLS_PER_HTTP2_CONNECTION : 1,
    connect: (connectOptions, callback) =>
      connector(connectOptions, (...result) => {
        const socket = result[1] as { alpnProtocol?: string | false } | null;
        if (socket) {
          const http2 = socket.alpnProtocol === 'h2';
          if (http2) http2Origins.add(origin);
          else http2Origins.delete(origin);
          client.pipelining = http2 ? CALLS_PER_HTTP2_CONNECTION : 1;
        }
        callback(...result);
      }),
  });
  return client;
}
