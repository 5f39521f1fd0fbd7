import type http from 'node:http';
import { FakeUpstream, send, type Received } from './fake-upstream.js';

/**
 * A fake Alibaba DashScope speaking its native API: text-generation as one JSON answer, or its SSE frames
 * (no spaces, an id counter, a `:HTTP_STATUS/200` comment, no [DONE]) when `X-DashScope-SSE: enable` is
 * sent, and text-embedding. It calls the first tool when offered one and no tool result is present yet.
 */
export interface DashScopeBehaviour {
  fail?: { status: number; body: unknown };
}

interface Body {
  model?: string;
  input?: { messages?: { role: string; content: string }[]; texts?: string[] };
  parameters?: { tools?: { function: { name: string } }[]; incremental_output?: boolean };
}

const USAGE = { input_tokens: 12, output_tokens: 6, total_tokens: 18 };

export class FakeDashScope extends FakeUpstream<DashScopeBehaviour> {
  constructor(name: string) {
    super(name, {});
  }

  protected async respond(req: http.IncomingMessage, res: http.ServerResponse, { json: parsed }: Received) {
    const json = (parsed ?? {}) as Body & Record<string, unknown>;
    if (this.behaviour.fail) return send(res, this.behaviour.fail.status, this.behaviour.fail.body);
    if (req.url === '/api/v1/services/embeddings/text-embedding/text-embedding') {
      const embeddings = (json.input?.texts ?? []).map((text, i) => ({ text_index: i, embedding: [i, text.length] })).reverse();
      return send(res, 200, { output: { embeddings }, usage: { total_tokens: 4 }, request_id: 'e1' });
    }
    if (req.url !== '/api/v1/services/aigc/text-generation/generation') return send(res, 404, { code: 'NotFound', message: `no ${req.url}` });
    const messages = json.input?.messages ?? [];
    const result = messages.find((m) => m.role === 'tool');
    const tool = result ? undefined : json.parameters?.tools?.[0];
    const text = result ? `Paris: ${result.content}` : `Hello from ${this.name}`;
    const call = { index: 0, id: 'call_ds1', type: 'function', function: { name: tool?.function.name, arguments: '{"city":"Paris"}' } };
    const frame = (content: string, finish: string, calls?: unknown[]) => ({
      output: { choices: [{ message: { role: 'assistant', content, ...(calls ? { tool_calls: calls } : {}) }, finish_reason: finish }] },
      usage: USAGE,
      request_id: 'req-1',
    });
    if (req.headers['x-dashscope-sse'] !== 'enable') return send(res, 200, tool ? frame('', 'tool_calls', [call]) : frame(text, 'stop'));
    res.writeHead(200, { 'content-type': 'text/event-stream;charset=UTF-8' });
    const frames = tool ? [frame('', 'null', [call]), frame('', 'tool_calls')] : [frame(text.slice(0, 5), 'null'), frame(text.slice(5), 'stop')];
    frames.forEach((data, i) => res.write(`id:${i + 1}\nevent:result\n:HTTP_STATUS/200\ndata:${JSON.stringify(data)}\n\n`));
    res.end();
  }
}
