import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface FakeAnswer {
  status?: number;
  body: unknown;
}

type Handler = (request: FakeRequest) => FakeAnswer | unknown;

/**
 * A local JSON server standing in for a third-party API (GitHub, Lark, an OIDC issuer, the WeChat server):
 * routes by method and path, records every request, answers 404 to anything else. A handler returns the
 * body, or `{ status, body }` for another status than 200.
 */
export class FakeJsonServer {
  readonly requests: FakeRequest[] = [];
  private readonly routes = new Map<string, Handler>();
  private readonly server = http.createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://fake');
      const request = { method: incoming.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: incoming.headers, body: Buffer.concat(chunks).toString('utf8') };
      this.requests.push(request);
      const handler = this.routes.get(`${request.method} ${request.path}`);
      const answer = handler ? handler(request) : { status: 404, body: { message: 'Not Found' } };
      const { status, body } = isAnswer(answer) ? answer : { status: 200, body: answer };
      response.statusCode = status ?? 200;
      response.setHeader('content-type', 'application/json');
      response.end(typeof body === 'string' ? body : JSON.stringify(body));
    });
  });
  url = '';

  on(method: string, path: string, handler: Handler): this {
    this.routes.set(`${method} ${path}`, handler);
    return this;
  }

  /** The requests received on one path, oldest first. */
  received(path: string): FakeRequest[] {
    return this.requests.filter((request) => request.path === path);
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const isAnswer = (value: unknown): value is FakeAnswer =>
  value !== null && typeof value === 'object' && 'body' in value && Object.keys(value).every((key) => key === 'status' || key === 'body');
