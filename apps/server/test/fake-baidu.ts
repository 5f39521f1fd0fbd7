import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Received } from './fake-openai.js';

/**
 * A fake Baidu Qianfan v1 host: /oauth/2.0/token hands out an access token (and counts exchanges), the
 * wenxinworkshop chat endpoints answer one JSON body or SSE frames, the embeddings endpoints a list.
 * Like Baidu, it reports errors in-band with HTTP 200 (`error_code`, `error_msg`).
 */
export interface BaiduBehaviour {
  /** Refuse the token exchange as Baidu does for an unknown client. */
  refuseToken?: boolean;
  /** Answer the next calls with this in-band error, HTTP 200. */
  inBandError?: { error_code: number; error_msg: string };
}

const TOKEN = '24.fake-access-token';
const USAGE = { prompt_tokens: 12, completion_tokens: 6, total_tokens: 18 };

export class FakeBaidu {
  readonly received: Received[] = [];
  tokenExchanges = 0;
  behaviour: BaiduBehaviour = {};
  private server?: http.Server;

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

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const json = body ? (JSON.parse(body) as Record<string, unknown>) : undefined;
    this.received.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body, json });
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname === '/oauth/2.0/token') {
      this.tokenExchanges += 1;
      if (this.behaviour.refuseToken) return send(res, 401, { error: 'invalid_client', error_description: 'unknown client id' });
      return send(res, 200, { access_token: TOKEN, expires_in: 2592000, scope: 'public' });
    }
    if (url.searchParams.get('access_token') !== TOKEN) return send(res, 200, { error_code: 110, error_msg: 'Access token invalid or no longer valid' });
    if (this.behaviour.inBandError) return send(res, 200, this.behaviour.inBandError);
    if (url.pathname.includes('/wenxinworkshop/embeddings/')) {
      const inputs = (json?.input as string[] | undefined) ?? [];
      return send(res, 200, { id: 'as-emb', object: 'embedding_list', created: 1, data: inputs.map((_, index) => ({ object: 'embedding', embedding: [index, 0.5], index })), usage: { prompt_tokens: 5, total_tokens: 5 } });
    }
    if (json?.stream) {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const frame = (n: number, result: string, end: boolean, usage: object) =>
        `data: ${JSON.stringify({ id: 'as-stream', object: 'chat.completion', created: 2, sentence_id: n, is_end: end, result, finish_reason: 'normal', usage })}\n\n`;
      res.write(frame(0, 'Hello from ', false, { prompt_tokens: 12, completion_tokens: 0, total_tokens: 12 }));
      return res.end(frame(1, 'baidu', true, USAGE));
    }
    return send(res, 200, { id: 'as-chat', object: 'chat.completion', created: 1, result: 'Hello from baidu', is_truncated: false, need_clear_history: false, finish_reason: 'normal', usage: USAGE });
  }
}

function send(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
