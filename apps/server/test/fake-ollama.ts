import type http from 'node:http';
import { FakeUpstream, send, type Received } from './fake-upstream.js';

/**
 * A fake Ollama speaking its native API: /api/chat as one JSON object or an NDJSON stream (stream is on
 * unless the body says false), /api/embed. It answers with a tool call when the request offers tools and
 * carries no tool result yet, with text otherwise; it records what it received and fails on demand.
 */
export interface OllamaBehaviour {
  fail?: { status: number; body: unknown };
}

interface ChatBody {
  model?: string;
  stream?: boolean;
  tools?: { function: { name: string } }[];
  messages?: { role: string; content: string }[];
  input?: string | string[];
  logprobs?: boolean;
  top_logprobs?: number;
}

/** What Ollama adds when asked for log probabilities: the text as one token, and a runner-up. */
const logprobsOf = (json: ChatBody, text: string) =>
  json.logprobs ? { logprobs: [{ token: text, logprob: -0.5, bytes: [...Buffer.from(text)], top_logprobs: [{ token: text, logprob: -0.5 }, { token: '¿', logprob: -4 }].slice(0, json.top_logprobs ?? 0) }] } : {};

const DONE = { done: true, done_reason: 'stop', total_duration: 4883583458, prompt_eval_count: 12, eval_count: 6 };

export class FakeOllama extends FakeUpstream<OllamaBehaviour> {
  constructor(name: string) {
    super(name, {});
  }

  protected async respond(req: http.IncomingMessage, res: http.ServerResponse, { json: parsed }: Received) {
    const json = (parsed ?? {}) as ChatBody & Record<string, unknown>;
    if (this.behaviour.fail) return send(res, this.behaviour.fail.status, this.behaviour.fail.body);
    if (req.url === '/api/embed') {
      const inputs = Array.isArray(json.input) ? json.input : [json.input ?? ''];
      return send(res, 200, { model: json.model, embeddings: inputs.map((input, i) => [i, input.length]), prompt_eval_count: 4 });
    }
    if (req.url !== '/api/chat') return send(res, 404, { error: `no ${req.url}` });
    const result = json.messages?.find((m) => m.role === 'tool');
    const callTool = (json.tools?.length ?? 0) > 0 && !result;
    const text = result ? `Paris: ${result.content}` : `Hello from ${this.name}`;
    const call = { function: { name: json.tools?.[0]?.function.name, arguments: { city: 'Paris' } } };
    const message = (content: string, withCall = false) => ({ role: 'assistant', content, ...(withCall ? { tool_calls: [call] } : {}) });
    const line = (fields: Record<string, unknown>) => ({ model: json.model, created_at: '2023-08-04T19:22:45.499127Z', ...fields });
    if (json.stream === false) return send(res, 200, line({ message: message(callTool ? '' : text, callTool), ...logprobsOf(json, callTool ? '' : text), ...DONE }));
    res.writeHead(200, { 'content-type': 'application/x-ndjson' });
    const parts = callTool ? [line({ message: message('', true), done: false })] : [text.slice(0, 5), text.slice(5)].map((piece) => line({ message: message(piece), ...logprobsOf(json, piece), done: false }));
    for (const part of [...parts, line({ message: message(''), ...DONE })]) res.write(`${JSON.stringify(part)}\n`);
    res.end();
  }
}
