import type http from 'node:http';
import { FakeUpstream, send, type Received } from './fake-upstream.js';

/**
 * A fake Baidu Qianfan v1 host: /oauth/2.0/token hands out an access token (and counts exchanges), the
 * wenxinworkshop chat endpoints answer one JSON body or SSE frames, the embeddings endpoints a list.
 * Like Baidu, it reports errors in-band with HTTP 200 (`error_code`, `error_msg`), also where a stream was
 * asked for, and answers a token it expired with error 111.
 */
export interface BaiduBehaviour {
  /** Refuse the token exchange as Baidu does for an unknown client. */
  refuseToken?: boolean;
  /** Answer the next calls with this in-band error, HTTP 200. */
  inBandError?: { error_code: number; error_msg: string };
}

const TOKEN = '24.fake-access-token';
const USAGE = { prompt_tokens: 12, completion_tokens: 6, total_tokens: 18 };

export class FakeBaidu extends FakeUpstream<BaiduBehaviour> {
  tokenExchanges = 0;
  /** The token the exchange hands out and the endpoints accept; the ones before it answer error 111. */
  private token = TOKEN;
  private readonly expired = new Set<string>();

  constructor(name = 'baidu') {
    super(name, {});
  }

  /** Expires the current token long before its announced 30 days (as a revoked one); the next exchange gets a new one. */
  expireToken(): void {
    this.expired.add(this.token);
    this.token = `${TOKEN}.${this.expired.size}`;
  }

  protected async respond(req: http.IncomingMessage, res: http.ServerResponse, { json: parsed }: Received) {
    const json = parsed;
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname === '/oauth/2.0/token') {
      this.tokenExchanges += 1;
      if (this.behaviour.refuseToken) return send(res, 401, { error: 'invalid_client', error_description: 'unknown client id' });
      return send(res, 200, { access_token: this.token, expires_in: 2592000, scope: 'public' });
    }
    const token = url.searchParams.get('access_token') ?? '';
    if (this.expired.has(token)) return send(res, 200, { error_code: 111, error_msg: 'Access token expired' });
    if (token !== this.token) return send(res, 200, { error_code: 110, error_msg: 'Access token invalid or no longer valid' });
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
