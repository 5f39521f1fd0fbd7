import type http from 'node:http';
import { FakeUpstream, send, type Received } from './fake-upstream.js';

/**
 * A fake Cloudflare Workers AI speaking its OpenAI-compatible endpoints under
 * `/client/v4/accounts/{account}/ai/v1/…` (SSE chunks without usage, as Workers AI often sends them), the
 * API envelope `{"success":false,"errors":[…]}` for a wrong token or account, and failures on demand.
 */
export interface CloudflareBehaviour {
  fail?: { status: number; body: unknown };
}

const PATH = /^\/client\/v4\/accounts\/([^/]+)\/ai\/v1\/(chat\/completions|embeddings)$/;

export const cloudflareEnvelope = (code: number, message: string) => ({ result: null, success: false, errors: [{ code, message }], messages: [] });

export class FakeCloudflare extends FakeUpstream<CloudflareBehaviour> {
  constructor(
    name: string,
    readonly accountId: string,
    readonly token: string,
  ) {
    super(name, {});
  }

  protected respond(req: http.IncomingMessage, res: http.ServerResponse, { json }: Received) {
    if (this.behaviour.fail) return send(res, this.behaviour.fail.status, this.behaviour.fail.body);
    const match = PATH.exec(req.url ?? '');
    if (!match) return send(res, 404, cloudflareEnvelope(7000, 'No route for that URI'));
    if (req.headers.authorization !== `Bearer ${this.token}` || match[1] !== this.accountId) return send(res, 401, cloudflareEnvelope(10000, 'Authentication error'));
    const model = String(json?.model ?? '');
    if (match[2] === 'embeddings') {
      const inputs = Array.isArray(json?.input) ? (json.input as unknown[]) : [json?.input];
      return send(res, 200, { object: 'list', data: inputs.map((_, index) => ({ object: 'embedding', index, embedding: [index, 0.5] })), model, usage: { prompt_tokens: 3, total_tokens: 3 } });
    }
    const messages = (json?.messages ?? []) as { role?: string }[];
    const callTool = Array.isArray(json?.tools) && messages.at(-1)?.role !== 'tool';
    const text = callTool ? '' : `Hello from ${this.name}`;
    const toolCalls = callTool ? [{ id: 'chatcmpl-tool-1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] : undefined;
    const finish = callTool ? 'tool_calls' : 'stop';
    if (!json?.stream) {
      return send(res, 200, {
        id: 'id-1',
        object: 'chat.completion',
        created: 1,
        model,
        choices: [{ index: 0, message: { role: 'assistant', content: text, ...(toolCalls ? { tool_calls: toolCalls } : {}) }, finish_reason: finish }],
        usage: { prompt_tokens: 21, completion_tokens: 4, total_tokens: 25 },
      });
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) =>
      `data: ${JSON.stringify({ id: 'id-1', object: 'chat.completion.chunk', created: 1, model, choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`;
    if (toolCalls) res.write(chunk({ role: 'assistant', tool_calls: toolCalls.map((call, index) => ({ index, ...call })) }));
    else for (const piece of [text.slice(0, 6), text.slice(6)]) res.write(chunk({ content: piece }));
    res.write(chunk({}, finish));
    res.end('data: [DONE]\n\n');
  }
}
