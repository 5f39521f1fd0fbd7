import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

/**
 * A fake iFlytek Spark v1 websocket host (reference providers.md 9): it checks the HMAC-signed URL of the
 * handshake against its own APISecret and APIKey (refusing with 401 as iFlytek's gateway does), reads one
 * request frame and answers with text frames ending in status 2, then closes. On the image understanding path
 * (`/v2.1/image`) the first message entry must be the image.
 */
export interface SparkBehaviour {
  /** Answer the next requests with this in-band error as the first frame. */
  inBandError?: { code: number; message: string };
  /** Answer with a function call frame. */
  functionCall?: boolean;
  /** Send the first frame, then nothing more (for timeouts and aborts). */
  stall?: boolean;
}

/** One handshake the fake accepted, and the request frame it then received. */
export interface SparkReceived {
  path: string;
  query: Record<string, string>;
  frame?: Record<string, unknown>;
}

const SID = 'cht000fake@dx1';
const frame = (status: number, seq: number, text: Record<string, unknown>, usage?: object) =>
  JSON.stringify({ header: { code: 0, message: 'Success', sid: SID, status }, payload: { choices: { status, seq, text: [{ role: 'assistant', index: 0, ...text }] }, ...(usage ? { usage: { text: usage } } : {}) } });
const USAGE = { question_tokens: 12, prompt_tokens: 12, completion_tokens: 6, total_tokens: 18 };

export class FakeSpark {
  readonly received: SparkReceived[] = [];
  behaviour: SparkBehaviour = {};
  openSockets = 0;
  private server?: WebSocketServer;

  constructor(
    readonly apiSecret: string,
    readonly apiKey: string,
  ) {}

  get baseUrl(): string {
    return `ws://127.0.0.1:${(this.server?.address() as AddressInfo).port}`;
  }

  async start(): Promise<this> {
    this.server = new WebSocketServer({ host: '127.0.0.1', port: 0, verifyClient: ({ req }, done) => (this.verified(req) ? done(true) : done(false, 401, 'HMAC signature cannot be verified')) });
    this.server.on('connection', (socket, req) => this.serve(socket, req));
    await new Promise<void>((resolve) => this.server?.once('listening', resolve));
    return this;
  }

  async stop(): Promise<void> {
    for (const client of this.server?.clients ?? []) client.terminate();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** The signature over `host`, `date` and the request line, with this fake's secret and key. */
  private verified(req: IncomingMessage): boolean {
    const url = new URL(req.url ?? '/', 'ws://fake');
    const [date, host] = [url.searchParams.get('date') ?? '', url.searchParams.get('host') ?? ''];
    if (host !== req.headers.host || Math.abs(Date.now() - Date.parse(date)) > 300_000) return false;
    const origin = Buffer.from(url.searchParams.get('authorization') ?? '', 'base64').toString('utf8');
    const signature = createHmac('sha256', this.apiSecret).update(`host: ${host}\ndate: ${date}\nGET ${url.pathname} HTTP/1.1`).digest('base64');
    const expected = Buffer.from(`api_key="${this.apiKey}", algorithm="hmac-sha256", headers="host date request-line", signature="${signature}"`);
    return expected.length === origin.length && timingSafeEqual(expected, Buffer.from(origin));
  }

  private serve(socket: WebSocket, req: IncomingMessage) {
    const url = new URL(req.url ?? '/', 'ws://fake');
    const received: SparkReceived = { path: url.pathname, query: Object.fromEntries(url.searchParams) };
    this.received.push(received);
    this.openSockets += 1;
    socket.on('close', () => (this.openSockets -= 1));
    socket.once('message', (data) => {
      received.frame = JSON.parse(String(data)) as Record<string, unknown>;
      const { inBandError, functionCall, stall } = this.behaviour;
      // The image service wants the image as its first entry (iFlytek's 10003-style parameter error otherwise).
      const [first] = (received.frame.payload as { message?: { text?: { content_type?: string }[] } } | undefined)?.message?.text ?? [];
      if (url.pathname === '/v2.1/image' && first?.content_type !== 'image') {
        socket.send(JSON.stringify({ header: { code: 10003, message: 'the first message must be the image', sid: SID, status: 2 } }));
        return socket.close();
      }
      if (inBandError) {
        socket.send(JSON.stringify({ header: { code: inBandError.code, message: inBandError.message, sid: SID, status: 2 } }));
        return socket.close();
      }
      if (functionCall) {
        socket.send(frame(2, 0, { content: '', function_call: { name: 'get_weather', arguments: '{"city":"Paris"}' } }, USAGE));
        return socket.close();
      }
      socket.send(frame(0, 0, { content: 'Hello ' }));
      if (stall) return;
      socket.send(frame(1, 1, { content: 'from ' }));
      socket.send(frame(2, 2, { content: 'spark' }, USAGE));
      socket.close();
    });
  }
}
