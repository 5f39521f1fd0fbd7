import type http from 'node:http';
import { FakeOpenAI } from './fake-openai.js';
import { send, type Received } from './fake-upstream.js';

/**
 * FakeOpenAI that also calls tools: a chat request offering tools, with no tool result yet, is answered
 * with a call of the first tool for Paris (streamed as OpenAI streams calls: the id and name first, then
 * the arguments in pieces); one carrying a tool result is answered `Paris: <result>`. With `reasoning`,
 * answers think first (`reasoning_content`, as DeepSeek and other OpenAI-compatible vendors send it).
 */
interface ChatBody {
  model?: string;
  stream?: boolean;
  tools?: { function: { name: string } }[];
  messages?: { role: string; content?: unknown }[];
}

export const TOOL_CALL_ID = 'call_fakeopenai01';
const USAGE = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };

export class FakeOpenAITools extends FakeOpenAI {
  reasoning = false;

  protected override async respond(req: http.IncomingMessage, res: http.ServerResponse, received: Received) {
    const json = (received.json ?? {}) as ChatBody;
    if (this.behaviour.fail || !(req.url ?? '').endsWith('/chat/completions') || !json.tools?.length) return super.respond(req, res, received);
    const result = json.messages?.find((message) => message.role === 'tool');
    const name = json.tools[0]?.function.name ?? '';
    const reasoning = this.reasoning ? { reasoning_content: 'Paris is in France.' } : {};
    if (json.stream) return this.streamCall(res, json.model ?? '', result ? `Paris: ${String(result.content)}` : undefined, name);
    const message = result
      ? { role: 'assistant', content: `Paris: ${String(result.content)}`, ...reasoning }
      : { role: 'assistant', content: null, ...reasoning, tool_calls: [{ id: TOOL_CALL_ID, type: 'function', function: { name, arguments: '{"city":"Paris"}' } }] };
    send(res, 200, { id: 'chatcmpl-tools', object: 'chat.completion', created: 1, model: json.model, choices: [{ index: 0, message, finish_reason: result ? 'stop' : 'tool_calls' }], usage: USAGE });
  }

  private streamCall(res: http.ServerResponse, model: string, text: string | undefined, name: string) {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const chunk = (delta: Record<string, unknown>, finish: string | null = null, extra: Record<string, unknown> = {}) =>
      res.write(`data: ${JSON.stringify({ id: 'chatcmpl-tools', object: 'chat.completion.chunk', created: 1, model, choices: [{ index: 0, delta, finish_reason: finish }], ...extra })}\n\n`);
    chunk({ role: 'assistant', content: null });
    if (this.reasoning) chunk({ reasoning_content: 'Paris is in France.' });
    if (text === undefined) {
      chunk({ tool_calls: [{ index: 0, id: TOOL_CALL_ID, type: 'function', function: { name, arguments: '' } }] });
      for (const piece of ['{"city":', '"Paris"}']) chunk({ tool_calls: [{ index: 0, function: { arguments: piece } }] });
    } else chunk({ content: text });
    chunk({}, text === undefined ? 'tool_calls' : 'stop');
    res.write(`data: ${JSON.stringify({ id: 'chatcmpl-tools', object: 'chat.completion.chunk', created: 1, model, choices: [], usage: USAGE })}\n\n`);
    res.end('data: [DONE]\n\n');
  }
}
