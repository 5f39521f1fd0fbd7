import type http from 'node:http';
import { FakeUpstream, send, type Received } from './fake-upstream.js';

/**
 * A fake AI Proxy library: `POST /api/library/ask` answers `{"success":true,"answer":…,"documents":[…]}`
 * or streams `data: {"content":…,"finish":…}` frames, documents in the last content frame. Errors come as
 * `{"success":false,"errCode":…,"message":…}` with HTTP 200, as the service sends them.
 */
export interface AiProxyBehaviour {
  inBandError?: { errCode: number; message: string };
  fail?: { status: number; body: unknown };
}

export const LIBRARY_DOCUMENTS = [{ title: 'Handbook', url: 'https://kb.example/handbook' }];

export class FakeAiProxyLibrary extends FakeUpstream<AiProxyBehaviour> {
  constructor(readonly token: string) {
    super('aiproxy', {});
  }

  protected respond(req: http.IncomingMessage, res: http.ServerResponse, { json }: Received) {
    const b = this.behaviour;
    if (b.fail) return send(res, b.fail.status, b.fail.body);
    if (req.url !== '/api/library/ask') return send(res, 404, { success: false, errCode: 404, message: `no ${req.url}` });
    if (req.headers.authorization !== `Bearer ${this.token}`) return send(res, 200, { success: false, errCode: 401, message: 'Invalid API key' });
    if (b.inBandError) return send(res, 200, { success: false, ...b.inBandError });
    const answer = `Answer from library ${String(json?.libraryId)}`;
    const model = String(json?.model ?? '');
    if (!json?.stream) return send(res, 200, { success: true, answer, documents: LIBRARY_DOCUMENTS });
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const frame = (content: string, finish: boolean, documents: unknown[] = []) => res.write(`data: ${JSON.stringify({ content, finish, model, documents })}\n\n`);
    frame(answer.slice(0, 7), false);
    frame(answer.slice(7), false, LIBRARY_DOCUMENTS);
    frame('', true);
    res.end();
  }
}
