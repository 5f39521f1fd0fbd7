import { send } from '../fake-upstream.js';
import { sendEvents, textOf, USAGE, type Entry, type Wire } from './conversation.js';

/**
 * Anthropic Messages (https://docs.anthropic.com/en/api/messages), JSON and the named event stream:
 * message_start, a text or tool_use block (its input as input_json_delta pieces), message_delta with the
 * stop reason and usage, message_stop.
 */
interface Block {
  type: string;
  text?: string;
  id?: string;
  name?: string;
  input?: Record<string, unknown>;
  tool_use_id?: string;
  content?: unknown;
}

interface MessagesBody {
  system?: string | Block[];
  messages?: { role: string; content: string | Block[] }[];
  tools?: { name?: string }[];
}

const blocksOf = (content: string | Block[]): Block[] => (typeof content === 'string' ? [{ type: 'text', text: content }] : content);

function entryOf(role: string, block: Block): Entry[] {
  if (block.type === 'tool_result') return [{ kind: 'result', id: block.tool_use_id, text: textOf(block.content) }];
  if (block.type === 'tool_use') return [{ kind: 'call', id: block.id, name: block.name ?? '', args: block.input ?? {} }];
  if (block.type !== 'text') return [];
  if (role === 'user') return [{ kind: 'user', text: block.text ?? '' }];
  if (role === 'assistant') return [{ kind: 'assistant', text: block.text ?? '' }];
  return [];
}

const invalid = (message: string) => ({ status: 400, body: { type: 'error', error: { type: 'invalid_request_error', message } } });

export const messagesWire: Wire = {
  refuse(json) {
    const messages = (json as MessagesBody).messages ?? [];
    for (const [index, message] of messages.entries()) {
      if (message.role !== 'user' && message.role !== 'assistant') return invalid(`messages.${index}.role: Input should be 'user' or 'assistant'`);
      const before = index > 0 && messages[index - 1]?.role === 'assistant' ? blocksOf(messages[index - 1]?.content ?? []) : [];
      const orphan = blocksOf(message.content).find((block) => block.type === 'tool_result' && !before.some((use) => use.type === 'tool_use' && use.id === block.tool_use_id));
      if (orphan) {
        return invalid(`messages.${index}.content: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${orphan.tool_use_id}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`);
      }
    }
    return undefined;
  },

  read(json) {
    const body = json as MessagesBody;
    const history = (body.messages ?? []).flatMap((message) => blocksOf(message.content).flatMap((block) => entryOf(message.role, block)));
    return { tools: (body.tools ?? []).map((tool) => tool.name ?? ''), system: body.system ? textOf(blocksOf(body.system).map((block) => block.text ?? '')) : '', history };
  },

  reply(res, answer, { model, stream, id }) {
    const block = answer.kind === 'call' ? { type: 'tool_use', id: `toolu_tollgate${answer.turn}`, name: answer.name, input: answer.args } : { type: 'text', text: answer.text };
    const stopReason = answer.kind === 'call' ? 'tool_use' : 'end_turn';
    const usage = { input_tokens: USAGE.input, output_tokens: USAGE.output, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
    const message = { id: `msg_${id}`, type: 'message', role: 'assistant', model, stop_sequence: null };
    if (!stream) return send(res, 200, { ...message, content: [block], stop_reason: stopReason, usage });
    const event = (data: Record<string, unknown>) => `event: ${String(data.type)}\ndata: ${JSON.stringify(data)}\n\n`;
    const events = [event({ type: 'message_start', message: { ...message, content: [], stop_reason: null, usage: { ...usage, output_tokens: 1 } } })];
    if (answer.kind === 'call') {
      const input = JSON.stringify(answer.args);
      events.push(event({ type: 'content_block_start', index: 0, content_block: { ...block, input: {} } }));
      for (const piece of [input.slice(0, 8), input.slice(8)]) events.push(event({ type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: piece } }));
    } else {
      events.push(event({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }));
      events.push(event({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: answer.text } }));
    }
    events.push(event({ type: 'content_block_stop', index: 0 }));
    events.push(event({ type: 'message_delta', delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: USAGE.output } }));
    events.push(event({ type: 'message_stop' }));
    sendEvents(res, events);
  },
};
