import type http from 'node:http';
import { FakeUpstream, send, type Received } from './fake-upstream.js';

/**
 * A fake Cohere speaking its v1 chat (one JSON answer, or an NDJSON stream when `stream` is true) and v2
 * embed. It answers with a tool call when the request offers tools and carries no tool result yet, with
 * text otherwise; it records what it received and fails on demand.
 */
export interface CohereBehaviour {
  fail?: { status: number; body: unknown };
}

interface ChatBody {
  stream?: boolean;
  tools?: { name: string }[];
  tool_results?: { outputs: unknown[] }[];
  texts?: string[];
}

const META = { api_version: { version: '1' }, billed_units: { input_tokens: 12, output_tokens: 6 }, tokens: { input_tokens: 507, output_tokens: 9 } };

export class FakeCohere extends FakeUpstream<CohereBehaviour> {
  constructor(name: string) {
    super(name, {});
  }

  protected async respond(req: http.IncomingMessage, res: http.ServerResponse, { json: parsed }: Received) {
    const json = (parsed ?? {}) as ChatBody & Record<string, unknown>;
    if (this.behaviour.fail) return send(res, this.behaviour.fail.status, this.behaviour.fail.body);
    if (req.url === '/v2/embed') {
      const texts = json.texts ?? [];
      return send(res, 200, { id: 'e1', texts, embeddings: { float: texts.map((text, i) => [i, text.length]) }, meta: { api_version: { version: '2' }, billed_units: { input_tokens: 4 } }, response_type: 'embeddings_by_type' });
    }
    if (req.url !== '/v1/chat') return send(res, 404, { message: `no ${req.url}` });
    const result = json.tool_results?.[0];
    const callTool = (json.tools?.length ?? 0) > 0 && !result;
    const text = result ? `Paris: ${JSON.stringify(result.outputs[0])}` : `Hello from ${this.name}`;
    const calls = callTool ? [{ name: json.tools?.[0]?.name, parameters: { city: 'Paris' } }] : undefined;
    const answer = { response_id: 'r1', text: callTool ? '' : text, generation_id: 'g1', finish_reason: 'COMPLETE', ...(calls ? { tool_calls: calls } : {}), meta: META };
    if (!json.stream) return send(res, 200, answer);
    res.writeHead(200, { 'content-type': 'application/stream+json' });
    const events = [
      { is_finished: false, event_type: 'stream-start', generation_id: 'g1' },
      ...(calls ? [{ is_finished: false, event_type: 'tool-calls-generation', text: 'I will check.', tool_calls: calls }] : [text.slice(0, 5), text.slice(5)].map((piece) => ({ is_finished: false, event_type: 'text-generation', text: piece }))),
      { is_finished: true, event_type: 'stream-end', finish_reason: 'COMPLETE', response: answer },
    ];
    for (const event of events) res.write(`${JSON.stringify(event)}\n`);
    res.end();
  }
}
