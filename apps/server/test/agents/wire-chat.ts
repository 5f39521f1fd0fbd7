import { send } from '../fake-upstream.js';
import { argsOf, sendEvents, textOf, USAGE, type Entry, type Wire } from './conversation.js';

/** OpenAI Chat Completions (https://platform.openai.com/docs/api-reference/chat), JSON and streamed chunks. */
interface ChatMessage {
  role: string;
  content?: unknown;
  tool_calls?: { id?: string; function?: { name?: string; arguments?: string } }[];
  tool_call_id?: string;
}

interface ChatBody {
  messages?: ChatMessage[];
  tools?: { function?: { name?: string } }[];
}

const usage = { prompt_tokens: USAGE.input, completion_tokens: USAGE.output, total_tokens: USAGE.input + USAGE.output };

const invalid = (message: string) => ({ status: 400, body: { error: { message, type: 'invalid_request_error', param: 'messages', code: null } } });

export const chatWire: Wire = {
  refuse(json) {
    const called = new Set<string>();
    for (const message of (json as ChatBody).messages ?? []) {
      for (const call of message.tool_calls ?? []) called.add(call.id ?? '');
      if (message.role === 'tool' && !called.has(message.tool_call_id ?? '')) {
        return invalid("Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.");
      }
    }
    return undefined;
  },

  read(json) {
    const body = json as ChatBody;
    const messages = body.messages ?? [];
    const history = messages.flatMap((message): Entry[] => {
      if (message.role === 'tool') return [{ kind: 'result', id: message.tool_call_id, text: textOf(message.content) }];
      if (message.role === 'user') return [{ kind: 'user', text: textOf(message.content) }];
      if (message.role !== 'assistant') return [];
      const text = textOf(message.content);
      const calls = (message.tool_calls ?? []).map((call): Entry => ({ kind: 'call', id: call.id, name: call.function?.name ?? '', args: argsOf(call.function?.arguments) }));
      return [...(text ? [{ kind: 'assistant' as const, text }] : []), ...calls];
    });
    const system = messages.filter((m) => m.role === 'system' || m.role === 'developer').map((m) => textOf(m.content)).join('\n');
    return { tools: (body.tools ?? []).map((tool) => tool.function?.name ?? ''), system, history };
  },

  reply(res, answer, { model, stream, id }) {
    const call = answer.kind === 'call' ? { id: `call_tollgate${answer.turn}`, type: 'function', function: { name: answer.name, arguments: JSON.stringify(answer.args) } } : undefined;
    const finish = call ? 'tool_calls' : 'stop';
    const base = { id: `chatcmpl-${id}`, created: 1, model };
    if (!stream) {
      const message = call ? { role: 'assistant', content: null, tool_calls: [call] } : { role: 'assistant', content: answer.kind === 'text' ? answer.text : '' };
      return send(res, 200, { ...base, object: 'chat.completion', choices: [{ index: 0, message, finish_reason: finish }], usage });
    }
    const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) =>
      `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`;
    const events = [chunk({ role: 'assistant', content: '' })];
    if (call) {
      // As OpenAI streams a call: the id and name first, then the arguments in pieces.
      const args = call.function.arguments;
      events.push(chunk({ tool_calls: [{ index: 0, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }] }));
      for (const piece of [args.slice(0, 8), args.slice(8)]) events.push(chunk({ tool_calls: [{ index: 0, function: { arguments: piece } }] }));
    } else if (answer.kind === 'text') events.push(chunk({ content: answer.text }));
    events.push(chunk({}, finish));
    events.push(`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [], usage })}\n\n`, 'data: [DONE]\n\n');
    sendEvents(res, events);
  },
};
