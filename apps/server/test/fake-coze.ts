import type http from 'node:http';
import { FakeUpstream, send, type Received } from './fake-upstream.js';

/**
 * A fake Coze speaking its v2 chat: one JSON answer with the reply among follow-up and verbose messages, or
 * `data:` frames with no space after the colon ending with `{"event":"done"}`. Errors come, as Coze sends
 * them, as `{"code":…,"msg":…}` with HTTP 200, or as an `error` event in the stream.
 */
export interface CozeBehaviour {
  inBandError?: { code: number; msg: string };
  /** Send one answer frame, then an error event. */
  streamError?: { code: number; msg: string };
  fail?: { status: number; body: unknown };
}

export class FakeCoze extends FakeUpstream<CozeBehaviour> {
  constructor(
    name: string,
    readonly token: string,
  ) {
    super(name, {});
  }

  protected respond(req: http.IncomingMessage, res: http.ServerResponse, { json }: Received) {
    const b = this.behaviour;
    if (b.fail) return send(res, b.fail.status, b.fail.body);
    if (req.url !== '/open_api/v2/chat') return send(res, 404, { code: 4004, msg: `no ${req.url}` });
    if (req.headers.authorization !== `Bearer ${this.token}`) return send(res, 200, { code: 4101, msg: 'token is invalid' });
    if (b.inBandError) return send(res, 200, b.inBandError);
    const text = `Hello from ${this.name}`;
    const answer = (content: string) => ({ role: 'assistant', type: 'answer', content, content_type: 'text' });
    const followUp = { role: 'assistant', type: 'follow_up', content: 'Anything else?', content_type: 'text' };
    if (!json?.stream) {
      const verbose = { role: 'assistant', type: 'verbose', content: '{"msg_type":"generate_answer_finish"}', content_type: 'text' };
      return send(res, 200, { conversation_id: 'conv1', messages: [answer(text), verbose, followUp], code: 0, msg: 'success' });
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const frame = (body: unknown) => res.write(`data:${JSON.stringify(body)}\n\n`);
    const message = (msg: unknown, isFinish: boolean, index = 0) => frame({ event: 'message', message: msg, is_finish: isFinish, index, conversation_id: 'conv1' });
    message(answer(text.slice(0, 6)), false);
    if (b.streamError) {
      frame({ event: 'error', error_information: b.streamError });
      return res.end();
    }
    message(answer(text.slice(6)), false);
    message(answer(''), true);
    message(followUp, true, 1);
    frame({ event: 'done' });
    res.end();
  }
}
