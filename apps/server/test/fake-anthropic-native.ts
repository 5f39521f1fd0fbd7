import type http from 'node:http';
import { FakeUpstream, send, type Received } from './fake-upstream.js';

/**
 * A fake Anthropic upstream for Anthropic clients' passthrough: /v1/messages (JSON and named SSE, with
 * thinking blocks and their signatures, cache usage, a stream that fails or dawdles on demand) and
 * /v1/messages/count_tokens. It keeps the bytes of the last stream it sent, so tests can compare what the
 * client got with them.
 */
export interface AnthropicNativeBehaviour {
  fail?: { status: number; body: unknown };
  /** Answers think first (a thinking block with FAKE_SIGNATURE). */
  thinking?: boolean;
  /** Send an `error` event after the first text delta. */
  streamError?: boolean;
  /** Stream the text in this many deltas, with this pause between them. */
  chunks?: number;
  chunkDelayMs?: number;
  /** Drop the connection after this many text deltas: no message_delta, no message_stop. */
  breakAfter?: number;
  /** Serve messages but not count_tokens (404), as some Anthropic-compatible vendors do. */
  noCountTokens?: boolean;
}

export const FAKE_THINKING = 'The user wants a greeting.';
export const FAKE_SIGNATURE = 'EqQBCkgIARABGAIiQL-signature';
export const FAKE_COUNT = 42;
export const NATIVE_USAGE = { input_tokens: 20, cache_creation_input_tokens: 100, cache_read_input_tokens: 300, output_tokens: 8 };
export const NATIVE_TOOL_USE_ID = 'toolu_01NativeFake';
export const FAKE_STREAM_ERROR = { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } };

interface Body {
  model?: string;
  stream?: boolean;
  tools?: { name: string }[];
  messages?: { role: string; content: string | { type: string }[] }[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class FakeAnthropicNative extends FakeUpstream<AnthropicNativeBehaviour> {
  lastStream = '';
  closedStreams = 0;

  constructor(name: string) {
    super(name, {});
  }

  protected async respond(req: http.IncomingMessage, res: http.ServerResponse, { json }: Received) {
    const body = (json ?? {}) as Body;
    if (this.behaviour.fail) return send(res, this.behaviour.fail.status, this.behaviour.fail.body);
    // Anthropic-compatible vendors serve the API below a path of their own (`/anthropic/v1/messages`).
    if (req.url?.endsWith('/v1/messages/count_tokens') && !this.behaviour.noCountTokens) return send(res, 200, { input_tokens: FAKE_COUNT });
    if (!req.url?.endsWith('/v1/messages')) return send(res, 404, { type: 'error', error: { type: 'not_found_error', message: `no ${req.url}` } });
    const answered = body.messages?.some((m) => Array.isArray(m.content) && m.content.some((block) => block.type === 'tool_result'));
    const callTool = (body.tools?.length ?? 0) > 0 && !answered;
    if (body.stream) return this.stream(res, body.model ?? '', callTool);
    const content: unknown[] = this.behaviour.thinking ? [{ type: 'thinking', thinking: FAKE_THINKING, signature: FAKE_SIGNATURE }] : [];
    content.push(callTool ? { type: 'tool_use', id: NATIVE_TOOL_USE_ID, name: body.tools?.[0]?.name, input: { city: 'Paris' } } : { type: 'text', text: `Hello from ${this.name}` });
    send(res, 200, { id: 'msg_native01', type: 'message', role: 'assistant', model: body.model, content, stop_reason: callTool ? 'tool_use' : 'end_turn', stop_sequence: null, usage: NATIVE_USAGE });
  }

  private async stream(res: http.ServerResponse, model: string, callTool: boolean) {
    const b = this.behaviour;
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'request-id': 'req_fake' });
    res.on('close', () => {
      this.closedStreams += 1;
    });
    this.lastStream = '';
    const write = (data: Record<string, unknown>) => {
      const text = `event: ${String(data.type)}\ndata: ${JSON.stringify(data)}\n\n`;
      this.lastStream += text;
      res.write(text);
    };
    write({ type: 'message_start', message: { id: 'msg_native02', type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage: { ...NATIVE_USAGE, output_tokens: 1 } } });
    let index = 0;
    if (b.thinking) {
      write({ type: 'content_block_start', index, content_block: { type: 'thinking', thinking: '', signature: '' } });
      write({ type: 'content_block_delta', index, delta: { type: 'thinking_delta', thinking: FAKE_THINKING } });
      write({ type: 'content_block_delta', index, delta: { type: 'signature_delta', signature: FAKE_SIGNATURE } });
      write({ type: 'content_block_stop', index });
      index += 1;
    }
    if (callTool) {
      write({ type: 'content_block_start', index, content_block: { type: 'tool_use', id: NATIVE_TOOL_USE_ID, name: 'get_weather', input: {} } });
      for (const piece of ['{"city":', ' "Paris"}']) write({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: piece } });
    } else {
      write({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
      const pieces = b.chunks ? Array.from({ length: b.chunks }, (_, i) => `part${i} `) : ['Hello from ', this.name];
      for (const [at, piece] of pieces.entries()) {
        if (res.destroyed) return;
        write({ type: 'content_block_delta', index, delta: { type: 'text_delta', text: piece } });
        if (b.streamError && at === 0) {
          write(FAKE_STREAM_ERROR);
          return void res.end();
        }
        if (b.breakAfter === at + 1) {
          // Let what was written reach the relay, then drop the connection mid-answer.
          await sleep(30);
          return void res.socket?.destroy();
        }
        if (b.chunkDelayMs) await sleep(b.chunkDelayMs);
      }
    }
    write({ type: 'content_block_stop', index });
    write({ type: 'message_delta', delta: { stop_reason: callTool ? 'tool_use' : 'end_turn', stop_sequence: null }, usage: { ...NATIVE_USAGE } });
    write({ type: 'message_stop' });
    res.end();
  }
}
