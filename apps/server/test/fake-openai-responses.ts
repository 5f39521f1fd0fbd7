import type http from 'node:http';
import { FakeOpenAITools } from './fake-openai-tools.js';
import { send, type Received } from './fake-upstream.js';

/**
 * A fake OpenAI upstream that also serves the Responses API (POST /v1/responses, and Azure's
 * /openai/v1/responses), with stored responses (GET, DELETE, /cancel, /input_items), as JSON and as the
 * streamed semantic events. A request offering a function tool with no function_call_output yet gets a
 * call for Paris (its arguments streamed in pieces); one with an output gets `Paris: <output>`; a web_search
 * tool gets a web_search_call item then text; previous_response_id must name a response this fake stored.
 */
interface Behaviour {
  /** The usage to report (OpenAI's shape, with cached and reasoning tokens). */
  usage?: { input_tokens: number; output_tokens: number; cached?: number; reasoning?: number };
  /** Stop mid-stream with an `error` event and response.failed. */
  failMidStream?: boolean;
  /** Stream this many text deltas, with this pause between them. */
  deltas?: number;
  deltaDelayMs?: number;
}

export const RESPONSES_CALL_ID = 'call_fakeresponses01';
export const ARGUMENT_PIECES = ['{"ci', 'ty":', ' "Par', 'is"}'];

interface ResponsesBody {
  model?: string;
  stream?: boolean;
  store?: boolean;
  previous_response_id?: string;
  input?: string | { type?: string; output?: unknown }[];
  tools?: { type: string; name?: string }[];
}

export class FakeOpenAIResponses extends FakeOpenAITools {
  readonly stored = new Map<string, Record<string, unknown>>();
  responsesBehaviour: Behaviour = {};
  /** Response streams that ended because the other side hung up. */
  closedResponseStreams = 0;
  private counter = 0;

  protected override async respond(req: http.IncomingMessage, res: http.ServerResponse, received: Received) {
    const path = (req.url ?? '').split('?')[0] ?? '';
    const at = path.indexOf('/responses');
    if (at === -1 || this.behaviour.fail) return super.respond(req, res, received);
    const rest = path.slice(at + '/responses'.length);
    if (rest === '' && req.method === 'POST') return this.create(res, (received.json ?? {}) as ResponsesBody);
    const [, id = '', action = ''] = rest.split('/');
    const response = this.stored.get(id);
    if (!response) return send(res, 404, { error: { message: `No response found with id '${id}'.`, type: 'invalid_request_error', param: null, code: null } });
    if (req.method === 'DELETE') {
      this.stored.delete(id);
      return send(res, 200, { id, object: 'response', deleted: true });
    }
    if (action === 'cancel') return send(res, 200, { ...response, status: 'cancelled' });
    if (action === 'input_items') return send(res, 200, { object: 'list', data: [{ id: 'msg_in', type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hi' }] }], has_more: false });
    return send(res, 200, response);
  }

  private create(res: http.ServerResponse, body: ResponsesBody) {
    if (body.previous_response_id && !this.stored.has(body.previous_response_id)) {
      return send(res, 400, { error: { message: `Previous response with id '${body.previous_response_id}' not found.`, type: 'invalid_request_error', param: 'previous_response_id', code: 'previous_response_not_found' } });
    }
    this.counter += 1;
    const id = `resp_${this.name}${this.counter}`;
    const items = Array.isArray(body.input) ? body.input : [];
    const result = items.find((item) => item.type === 'function_call_output');
    const functionTool = body.tools?.find((tool) => tool.type === 'function');
    const webSearch = body.tools?.some((tool) => tool.type.startsWith('web_search'));
    const text = result ? `Paris: ${String(result.output)}` : body.previous_response_id ? `Continuing ${body.previous_response_id}` : `Hello from ${this.name}`;
    const output: Record<string, unknown>[] = [];
    if (webSearch) output.push({ id: `ws_${id}`, type: 'web_search_call', status: 'completed', action: { type: 'search', query: 'weather' } });
    if (functionTool && !result) output.push({ id: `fc_${id}`, type: 'function_call', status: 'completed', call_id: RESPONSES_CALL_ID, name: functionTool.name, arguments: ARGUMENT_PIECES.join('') });
    else output.push({ id: `msg_${id}`, type: 'message', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text, annotations: [] }] });
    const u = this.responsesBehaviour.usage ?? { input_tokens: 20, output_tokens: 8 };
    const usage = {
      input_tokens: u.input_tokens,
      input_tokens_details: { cached_tokens: u.cached ?? 0 },
      output_tokens: u.output_tokens,
      output_tokens_details: { reasoning_tokens: u.reasoning ?? 0 },
      total_tokens: u.input_tokens + u.output_tokens,
    };
    const response = { id, object: 'response', created_at: 1, status: 'completed', error: null, incomplete_details: null, model: body.model, output, store: body.store !== false, usage };
    if (body.store !== false) this.stored.set(id, response);
    if (body.stream) return this.streamResponse(res, response, output);
    return send(res, 200, response);
  }

  private async streamResponse(res: http.ServerResponse, response: Record<string, unknown>, output: Record<string, unknown>[]) {
    const b = this.responsesBehaviour;
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
    res.on('close', () => {
      if (!res.writableFinished) this.closedResponseStreams += 1;
    });
    let sequence = 0;
    const event = (type: string, fields: Record<string, unknown>) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: sequence++, ...fields })}\n\n`);
    const started = { ...response, status: 'in_progress', output: [], usage: null };
    event('response.created', { response: started });
    event('response.in_progress', { response: started });
    for (const [index, item] of output.entries()) {
      const id = String(item.id);
      if (item.type === 'function_call') {
        event('response.output_item.added', { output_index: index, item: { ...item, status: 'in_progress', arguments: '' } });
        for (const piece of ARGUMENT_PIECES) event('response.function_call_arguments.delta', { item_id: id, output_index: index, delta: piece });
        event('response.function_call_arguments.done', { item_id: id, output_index: index, arguments: item.arguments });
      } else if (item.type === 'message') {
        const text = String((item.content as { text: string }[])[0]?.text);
        event('response.output_item.added', { output_index: index, item: { ...item, status: 'in_progress', content: [] } });
        event('response.content_part.added', { item_id: id, output_index: index, content_index: 0, part: { type: 'output_text', text: '', annotations: [] } });
        const pieces = b.deltas ? Array.from({ length: b.deltas }, (_, i) => `part${i} `) : [text.slice(0, 5), text.slice(5)];
        for (const piece of pieces) {
          if (res.destroyed) return;
          event('response.output_text.delta', { item_id: id, output_index: index, content_index: 0, delta: piece, logprobs: [] });
          if (b.failMidStream) {
            event('error', { code: 'server_error', message: 'The model crashed.', param: null });
            event('response.failed', { response: { ...started, status: 'failed', error: { code: 'server_error', message: 'The model crashed.' } } });
            return res.end();
          }
          if (b.deltaDelayMs) await new Promise((resolve) => setTimeout(resolve, b.deltaDelayMs));
        }
        event('response.output_text.done', { item_id: id, output_index: index, content_index: 0, text, logprobs: [] });
        event('response.content_part.done', { item_id: id, output_index: index, content_index: 0, part: { type: 'output_text', text, annotations: [] } });
      } else event('response.output_item.added', { output_index: index, item });
      event('response.output_item.done', { output_index: index, item });
    }
    event('response.completed', { response });
    res.end();
  }
}
