import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a fake upstream received, for tests to assert on. */
export interface Received {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  json?: Record<string, unknown>;
}

/**
 * The common part of the fake upstreams the relay tests start: a local HTTP server on a free port that
 * records every request (raw and parsed) and lets the subclass answer in its vendor's wire format.
 * `behaviour` is the knob a test turns to make the next answers fail or differ.
 */
export abstract class FakeUpstream<Behaviour extends object> {
  readonly received: Received[] = [];
  private server?: http.Server;

  constructor(
    readonly name: string,
    public behaviour: Behaviour,
  ) {}

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}`;
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** Answers one request, already recorded in `received`. */
  protected abstract respond(req: http.IncomingMessage, res: http.ServerResponse, received: Received): unknown;

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    let json: Record<string, unknown> | undefined;
    try {
      json = body ? (JSON.parse(body) as Record<string, unknown>) : undefined;
    } catch {
      json = undefined;
    }
    const received = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body, json };
    this.received.push(received);
    await this.respond(req, res, received);
  }
}

export function send(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
