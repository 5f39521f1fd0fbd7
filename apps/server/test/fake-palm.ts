import type http from 'node:http';
import { FakeUpstream, send, type Received } from './fake-upstream.js';

/**
 * A fake PaLM 2 API (generativelanguage v1beta2 generateMessage): it checks the key, answers one
 * candidate echoing the conversation, or only `filters` when told to, records what it received and fails
 * on demand with Google's RPC error shape. PaLM never streamed and reported no usage.
 */
export interface PalmBehaviour {
  fail?: { status: number; body: unknown };
  filtered?: boolean;
}

const ROUTE = /^\/v1beta2\/models\/([^:/]+):generateMessage$/;

export class FakePalm extends FakeUpstream<PalmBehaviour> {
  constructor(
    name = 'palm',
    readonly key = 'AIza-palm',
  ) {
    super(name, {});
  }

  protected respond(req: http.IncomingMessage, res: http.ServerResponse, { json }: Received) {
    if (req.headers['x-goog-api-key'] !== this.key) {
      const details = [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com' }];
      return send(res, 400, { error: { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT', details } });
    }
    if (this.behaviour.fail) return send(res, this.behaviour.fail.status, this.behaviour.fail.body);
    if (!ROUTE.test(req.url ?? '')) return send(res, 404, { error: { code: 404, message: `no ${req.url}`, status: 'NOT_FOUND' } });
    const messages = ((json?.prompt as { messages?: unknown[] } | undefined)?.messages ?? []) as { author: string; content: string }[];
    if (this.behaviour.filtered) return send(res, 200, { messages, filters: [{ reason: 'OTHER', message: 'The prompt was blocked.' }] });
    const candidate = { author: '1', content: `Hello from ${this.name}` };
    send(res, 200, { candidates: [candidate], messages: [...messages, candidate] });
  }
}
