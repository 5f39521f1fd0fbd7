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
  /**
   * Break every answer off after this many body writes (a stream's first events), as an upstream whose
   * connection drops mid-stream: later writes are dropped and the socket is destroyed. Answers written whole
   * with `end` (JSON, token exchanges) are untouched. Any fake gets it, whatever its wire format.
   */
  breakAfterWrites?: number;
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
    if (this.breakAfterWrites !== undefined) breakOff(res, this.breakAfterWrites);
    await this.respond(req, res, received);
  }
}

/** Lets `writes` body writes through, then drops the rest and destroys the connection once they have left. */
function breakOff(res: http.ServerResponse, writes: number): void {
  let written = 0;
  const write = res.write.bind(res) as (chunk: unknown) => boolean;
  const end = res.end.bind(res) as (chunk?: unknown) => http.ServerResponse;
  res.write = ((chunk: unknown) => {
    if (written >= writes) return true;
    written += 1;
    // A pause lets what was written reach the relay before the connection drops.
    if (written === writes) setTimeout(() => res.socket?.destroy(), 30);
    return write(chunk);
  }) as typeof res.write;
  res.end = ((chunk?: unknown) => (written >= writes ? res : end(chunk))) as typeof res.end;
}

export function send(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
