import type http from 'node:http';
import { FakeUpstream, send, type Received } from './fake-upstream.js';

/**
 * A fake Replicate: creating a prediction answers 201 `starting` with `urls.get`, `urls.stream` and
 * `urls.cancel` on this server; `GET urls.get` answers `processing` `pendingPolls` times, then the
 * finished prediction (token array and metrics for language models, image URLs for image models);
 * `GET urls.stream` sends the named SSE events of the reference (`event: output` … `event: done`).
 */
export interface ReplicateBehaviour {
  /** Refuse the creation with this status and RFC 7807 body. */
  fail?: { status: number; body: unknown };
  /** End every prediction as `failed` with this error. */
  failPrediction?: string;
  /** How many polls answer `processing` before the prediction is finished; 2 when absent. */
  pendingPolls?: number;
}

interface Stored {
  model: string;
  input: Record<string, unknown>;
  polls: number;
}

const IMAGE_MODEL = /flux|diffusion|ideogram|recraft/;

export class FakeReplicate extends FakeUpstream<ReplicateBehaviour> {
  private readonly predictions = new Map<string, Stored>();
  private counter = 0;

  constructor(name: string) {
    super(name, {});
  }

  private tokens() {
    return ['Hello', ' from', ` ${this.name}`];
  }

  private view(id: string, status: string, extra: object = {}) {
    const stored = this.predictions.get(id);
    return {
      id,
      model: stored?.model,
      input: stored?.input,
      status,
      output: null,
      error: null,
      urls: { get: `${this.baseUrl}/v1/predictions/${id}`, cancel: `${this.baseUrl}/v1/predictions/${id}/cancel`, stream: `${this.baseUrl}/stream/${id}` },
      ...extra,
    };
  }

  private finished(id: string, stored: Stored) {
    if (this.behaviour.failPrediction) return this.view(id, 'failed', { error: this.behaviour.failPrediction });
    if (IMAGE_MODEL.test(stored.model)) {
      const count = Number(stored.input.num_outputs ?? 1);
      return this.view(id, 'succeeded', { output: Array.from({ length: count }, (_, i) => `https://replicate.delivery/${this.name}/${id}-${i}.webp`), metrics: { predict_time: 0.5 } });
    }
    return this.view(id, 'succeeded', { output: this.tokens(), metrics: { predict_time: 0.5, input_token_count: 12, output_token_count: 3 } });
  }

  protected respond(req: http.IncomingMessage, res: http.ServerResponse, { json }: Received) {
    const url = req.url ?? '';
    if (req.headers.authorization !== 'Bearer r8_fake') return send(res, 401, { title: 'Unauthenticated', detail: 'You did not pass a valid authentication token', status: 401 });
    const create = /^\/v1\/models\/([^/]+\/[^/]+)\/predictions$/.exec(url);
    if (req.method === 'POST' && create) {
      if (this.behaviour.fail) return send(res, this.behaviour.fail.status, this.behaviour.fail.body);
      this.counter += 1;
      const id = `pred${this.counter}`;
      this.predictions.set(id, { model: create[1] ?? '', input: (json?.input ?? {}) as Record<string, unknown>, polls: 0 });
      return send(res, 201, this.view(id, 'starting'));
    }
    const poll = /^\/v1\/predictions\/([^/]+)$/.exec(url);
    const stored = poll?.[1] ? this.predictions.get(poll[1]) : undefined;
    if (req.method === 'GET' && poll?.[1] && stored) {
      stored.polls += 1;
      if (stored.polls <= (this.behaviour.pendingPolls ?? 2)) return send(res, 200, this.view(poll[1], 'processing'));
      return send(res, 200, this.finished(poll[1], stored));
    }
    const stream = /^\/stream\/([^/]+)$/.exec(url);
    if (req.method === 'GET' && stream?.[1] && this.predictions.has(stream[1])) {
      const id = stream[1];
      const entry = this.predictions.get(id);
      if (entry) entry.polls = Number.MAX_SAFE_INTEGER;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      if (this.behaviour.failPrediction) {
        res.end(`event: error\nid: 1:0\ndata: ${JSON.stringify({ detail: this.behaviour.failPrediction })}\n\n`);
        return;
      }
      // Tokens after the first keep their leading space: `data:  from` (the SSE space, then the token's).
      this.tokens().forEach((token, i) => res.write(`event: output\nid: 1:${i}\ndata: ${token}\n\n`));
      res.end(`event: done\nid: 1:9\ndata: {}\n\n`);
      return;
    }
    if (req.method === 'POST' && url.endsWith('/cancel')) return send(res, 200, { status: 'canceled' });
    return send(res, 404, { title: 'Not found', detail: `no ${url}`, status: 404 });
  }
}
