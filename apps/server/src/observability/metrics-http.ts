import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyPluginAsync } from 'fastify';
import { describeRoutes } from '../http/openapi/route-description.js';
import type { Metrics } from './metrics.js';

/** Where /metrics is served: on the main port unless METRICS_PORT moves it; behind METRICS_TOKEN when set. */
export interface MetricsServing {
  metrics: Metrics;
  token?: string;
  port?: number;
}

/** Whether the Authorization header carries the bearer token; compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const sent = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7).trim() : '');
  const expected = Buffer.from(token);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

/** The scrape as an HTTP answer: 401 without the right token, else the Prometheus text. */
async function answer(serving: MetricsServing, authorization: string | undefined): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  if (serving.token && !bearerMatches(authorization, serving.token)) {
    return { status: 401, headers: { 'content-type': 'text/plain; charset=utf-8', 'www-authenticate': 'Bearer realm="metrics"' }, body: 'a valid METRICS_TOKEN bearer token is required\n' };
  }
  const scraped = await serving.metrics.scrape();
  return { status: 200, headers: { 'content-type': scraped.contentType }, body: scraped.body };
}

/**
 * GET /metrics on the main port. Answered 404 when metrics are disabled or served on their own port, so
 * the path never falls through to the console's pages.
 */
export const metricsRoute =
  (serving: MetricsServing): FastifyPluginAsync =>
  async (app) => {
    const here = serving.metrics.enabled && serving.port === undefined;
    app.get('/metrics', describeRoutes({ tag: 'Operations', auth: 'metrics-token', answer: 'text' })('The Prometheus scrape', { description: '404 when metrics are off or served on METRICS_PORT.' }), async (request, reply) => {
      if (!here) return reply.status(404).send({ success: false, message: 'metrics are not served here' });
      const { status, headers, body } = await answer(serving, request.headers.authorization);
      return reply.status(status).headers(headers).send(body);
    });
  };

/** METRICS_PORT: a plain HTTP server answering only GET /metrics, so the main port need not expose them. */
export async function startMetricsServer(serving: MetricsServing & { port: number }, onError: (error: unknown) => void): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    answer(serving, request.headers.authorization).then(
      ({ status, headers, body }) => response.writeHead(status, headers).end(body),
      (error: unknown) => {
        onError(error);
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics could not be collected\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(serving.port, '0.0.0.0', () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
