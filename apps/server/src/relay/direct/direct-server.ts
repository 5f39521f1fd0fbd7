import http from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import type { DirectRoutes } from './direct-routes.js';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/**
 * The HTTP server Fastify listens with: a request the direct routes do not take goes to Fastify's handler.
 * A server from a factory gets none of the settings Fastify gives the one it makes itself (lib/server.js),
 * so they are given here.
 */
export function serverServing(direct: DirectRoutes, fastify: Handler, options: FastifyServerOptions): http.Server {
  const server = http.createServer((req, res) => {
    if (!direct.serve(req, res)) fastify(req, res);
  });
  if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
  if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
  server.setTimeout(options.connectionTimeout ?? 0);
  if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
  return server;
}
