import type http from 'node:http';
import { FakeUpstream, send, type Received } from './fake-upstream.js';

/**
 * A fake Anthropic upstream speaking the Messages wire format (JSON, and named SSE events with `event:` and
 * `data:` lines). It answers with a tool_use when the request offers tools and carries no tool result yet,
 * and with text otherwise; it records what it received and fails on demand.
 */
export interface AnthropicBehaviour {
  fail?: { status: number; body: unknown };
  usage?: { input_tokens: number; output_tokens: number };
}

interface MessagesBody {
  model?: string;
  stream?: boolean;
  tools?: { name: string }[];
  messages?: { role: string; content: { type: string; content?: string }[] }[];
}

const TOOL_USE_ID = 'toolu_01KFbKqPYSuAKujiL6mTfzYA';

export class FakeAnthropic extends FakeUpstream<AnthropicBehaviour> {
  constructor(name: string) {
    super(name, {});
  }

  protected async respond(req: http.IncomingMessage, res: http.ServerResponse, { json: parsed }: Received) {
    const json = (parsed ?? {}) as MessagesBody & Record<string, unknown>;
    if (this.behaviour.fail) return send(res, this.behaviour.fail.status, this.behaviour.fail.body);
    if (req.url !== '/v1/messages') return send(res, 404, { type: 'error', error: { type: 'not_found_error', message: `no ${req.url}` } });
    const usage = this.behaviour.usage ?? { input_tokens: 12, output_tokens: 6 };
    const toolResult = json.messages?.flatMap((m) => m.content).find((block) => block.type === 'tool_result');
    const callTool = (json.tools?.length ?? 0) > 0 && !toolResult;
    const text = toolResult ? `Paris: ${toolResult.content ?? ''}` : `Hello from ${this.name}`;
    if (json.stream) return this.stream(res, json.model ?? '', callTool ? undefined : text, usage, json.tools?.[0]?.name ?? 'get_weather');
    send(res, 200, {
      id: 'msg_fake01',
      type: 'message',
      role: 'assistant',
      model: json.model,
      content: callTool ? [{ type: 'tool_use', id: TOOL_USE_ID, name: json.tools?.[0]?.name, input: { city: 'Paris' } }] : [{ type: 'text', text }],
      stop_reason: callTool ? 'tool_use' : 'end_turn',
      stop_sequence: null,
      usage: { ...usage, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
    });
  }

  /** Text in two deltas, or a tool_use whose input arrives as input_json_delta pieces. */
  private stream(res: http.ServerResponse, model: string, text: string | undefined, usage: { input_tokens: number; output_tokens: number }, toolName: string) {
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
    const event = (data: Record<string, unknown>) => res.write(`event: ${String(data.type)}\ndata: ${JSON.stringify(data)}\n\n`);
    event({ type: 'message_start', message: { id: 'msg_fake02', type: 'message', role: 'assistant', model, content: [], stop_reason: null, usage: { input_tokens: usage.input_tokens, output_tokens: 1 } } });
    event({ type: 'ping' });
    if (text === undefined) {
      event({ type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: TOOL_USE_ID, name: toolName, input: {} } });
      for (const piece of ['{"city":', ' "Paris"}']) event({ type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: piece } });
    } else {
      event({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
      const middle = Math.ceil(text.length / 2);
      for (const piece of [text.slice(0, middle), text.slice(middle)]) event({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: piece } });
    }
    event({ type: 'content_block_stop', index: 0 });
    event({ type: 'message_delta', delta: { stop_reason: text === undefined ? 'tool_use' : 'end_turn', stop_sequence: null }, usage: { output_tokens: usage.output_tokens } });
    event({ type: 'message_stop' });
    res.end();
  }
}
