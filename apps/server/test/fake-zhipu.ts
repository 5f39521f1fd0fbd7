import type http from 'node:http';
import { FakeOpenAI } from './fake-openai.js';
import { send, type Received } from './fake-upstream.js';

/**
 * A fake Zhipu: v4 is OpenAI's wire format on /api/paas/v4 (chat, embeddings, CogView images), answered by
 * the OpenAI fake; the legacy v3 model-api answers `invoke` with `{code, msg, success, data}` (the content
 * in literal quotes) and `sse-invoke` with its raw-text SSE: `event: add` tokens written right after
 * `data:`, then `event: finish` with the usage in a `meta:` line (reference providers.md 10.3).
 */
const V3 = /^\/api\/paas\/v3\/model-api\/([^/]+)\/(invoke|sse-invoke)$/;
const V3_USAGE = { prompt_tokens: 11, completion_tokens: 4, total_tokens: 15 };

export class FakeZhipu extends FakeOpenAI {
  /** Answer v3 calls with this error inside a 200 body. */
  v3Failure?: { code: number; msg: string };

  protected override async respond(req: http.IncomingMessage, res: http.ServerResponse, received: Received) {
    const v3 = V3.exec(req.url ?? '');
    if (!v3) return super.respond(req, res, received);
    if (this.v3Failure) return send(res, 200, { ...this.v3Failure, success: false });
    const tokens = [' Hello', ' from', ` ${this.name}`, ' v3'];
    if (v3[2] === 'invoke') {
      const data = { request_id: 'v3req', task_id: 't1', task_status: 'SUCCESS', choices: [{ role: 'assistant', content: `"${tokens.join('')}"` }], usage: V3_USAGE };
      return send(res, 200, { code: 200, msg: '操作成功', success: true, data });
    }
    res.writeHead(200, { 'content-type': 'text/event-stream;charset=UTF-8' });
    for (const token of tokens) res.write(`id: t1\nevent: add\ndata:${token}\n\n`);
    res.end(`id: t1\nevent: finish\ndata: \nmeta: ${JSON.stringify({ task_status: 'SUCCESS', usage: V3_USAGE, task_id: 't1', request_id: 'v3req' })}\n\n`);
  }
}
