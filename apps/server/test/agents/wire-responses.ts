import { send } from '../fake-upstream.js';
import { argsOf, sendEvents, textOf, USAGE, type Answer, type Entry, type Wire } from './conversation.js';

/**
 * OpenAI Responses (https://platform.openai.com/docs/api-reference/responses), JSON and the streamed
 * semantic events in the order Codex reads them: response.created, each output item added, its argument
 * or text deltas, done, then response.completed carrying the usage.
 */
interface InputItem {
  type?: string;
  role?: string;
  content?: unknown;
  call_id?: string;
  name?: string;
  arguments?: string;
  output?: unknown;
}

interface ResponsesBody {
  instructions?: string;
  input?: string | InputItem[];
  tools?: { type?: string; name?: string; tools?: { name?: string }[] }[];
}

const usage = {
  input_tokens: USAGE.input,
  input_tokens_details: { cached_tokens: 0 },
  output_tokens: USAGE.output,
  output_tokens_details: { reasoning_tokens: 0 },
  total_tokens: USAGE.input + USAGE.output,
};

function entryOf(item: InputItem): Entry[] {
  if (item.type === 'function_call') return [{ kind: 'call', id: item.call_id, name: item.name ?? '', args: argsOf(item.arguments) }];
  if (item.type === 'function_call_output') return [{ kind: 'result', id: item.call_id, text: textOf(item.output) }];
  if (item.type !== undefined && item.type !== 'message') return [];
  if (item.role === 'user') return [{ kind: 'user', text: textOf(item.content) }];
  if (item.role === 'assistant') return [{ kind: 'assistant', text: textOf(item.content) }];
  return [];
}

/** The output item an answer becomes. */
function itemOf(answer: Answer, id: string): Record<string, unknown> {
  if (answer.kind === 'call') return { id: `fc_tollgate${answer.turn}`, type: 'function_call', status: 'completed', call_id: `call_tollgate${answer.turn}`, name: answer.name, arguments: JSON.stringify(answer.args) };
  return { id: `msg_${id}`, type: 'message', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: answer.text, annotations: [] }] };
}

const itemsOf = (body: ResponsesBody): InputItem[] => (typeof body.input === 'string' ? [{ type: 'message', role: 'user', content: body.input }] : (body.input ?? []));

export const responsesWire: Wire = {
  refuse(json) {
    const items = itemsOf(json as ResponsesBody);
    const called = new Set(items.filter((item) => item.type === 'function_call').map((item) => item.call_id));
    const orphan = items.find((item) => item.type === 'function_call_output' && !called.has(item.call_id));
    if (!orphan) return undefined;
    return { status: 400, body: { error: { message: `No tool call found for function call output with call_id ${orphan.call_id}.`, type: 'invalid_request_error', param: 'input', code: null } } };
  },

  read(json) {
    const body = json as ResponsesBody;
    const items = itemsOf(body);
    const instructions = items.filter((item) => item.role === 'system' || item.role === 'developer').map((item) => textOf(item.content));
    // A namespace tool groups function tools under it: its members are offered too.
    const tools = (body.tools ?? []).flatMap((tool) => [tool.name ?? tool.type ?? '', ...(tool.tools ?? []).map((member) => member.name ?? '')]);
    return { tools, system: [body.instructions ?? '', ...instructions].filter(Boolean).join('\n'), history: items.flatMap(entryOf) };
  },

  reply(res, answer, { model, stream, id }) {
    const item = itemOf(answer, id);
    const response = { id: `resp_${id}`, object: 'response', created_at: 1, status: 'completed', error: null, incomplete_details: null, model, output: [item], usage };
    if (!stream) return send(res, 200, response);
    let sequence = 0;
    const events: string[] = [];
    const event = (type: string, fields: Record<string, unknown>) => events.push(`event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: sequence++, ...fields })}\n\n`);
    const started = { ...response, status: 'in_progress', output: [], usage: null };
    event('response.created', { response: started });
    event('response.in_progress', { response: started });
    const at = { item_id: item.id, output_index: 0 };
    if (answer.kind === 'call') {
      const args = String(item.arguments);
      event('response.output_item.added', { output_index: 0, item: { ...item, status: 'in_progress', arguments: '' } });
      for (const delta of [args.slice(0, 8), args.slice(8)]) event('response.function_call_arguments.delta', { ...at, delta });
      event('response.function_call_arguments.done', { ...at, arguments: args });
    } else {
      const part = { type: 'output_text', text: answer.text, annotations: [] };
      event('response.output_item.added', { output_index: 0, item: { ...item, status: 'in_progress', content: [] } });
      event('response.content_part.added', { ...at, content_index: 0, part: { ...part, text: '' } });
      event('response.output_text.delta', { ...at, content_index: 0, delta: answer.text, logprobs: [] });
      event('response.output_text.done', { ...at, content_index: 0, text: answer.text, logprobs: [] });
      event('response.content_part.done', { ...at, content_index: 0, part });
    }
    event('response.output_item.done', { output_index: 0, item });
    event('response.completed', { response });
    sendEvents(res, events);
  },
};
