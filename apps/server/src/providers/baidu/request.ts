import type { JsonObject } from '../openai/request-body.js';

/**
 * OpenAI chat → Qianfan v1 chat (reference providers.md 7.3). System messages move to `system`, content
 * must be a string (v1 is text-only, so image parts are dropped), tools become `functions`, and the
 * parameter ranges Baidu enforces are respected. Docs: https://cloud.baidu.com/doc/WENXINWORKSHOP/s/jlil56u11
 */
interface BaiduMessage {
  role: string;
  content: string;
  name?: string;
  function_call?: { name: string; arguments: string };
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

const textOf = (content: unknown): string => {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part: JsonObject) => (part.type === 'text' && typeof part.text === 'string' ? part.text : '')).join('');
};

function toMessage(message: JsonObject, names: Map<string, string>): BaiduMessage {
  const content = textOf(message.content);
  if (message.role === 'tool') return { role: 'function', name: names.get(String(message.tool_call_id)) ?? '', content };
  const call = (message.tool_calls as { id?: string; function?: { name?: string; arguments?: string } }[] | undefined)?.[0];
  if (message.role === 'assistant' && call?.function?.name) {
    names.set(String(call.id), call.function.name);
    return { role: 'assistant', content, function_call: { name: call.function.name, arguments: call.function.arguments ?? '{}' } };
  }
  return { role: message.role === 'assistant' ? 'assistant' : 'user', content };
}

/** Baidu rejects two turns of one role in a row (error 336003); plain turns of one role are merged. */
function alternate(messages: BaiduMessage[]): BaiduMessage[] {
  const merged: BaiduMessage[] = [];
  for (const message of messages) {
    const last = merged.at(-1);
    const plain = (m: BaiduMessage) => !m.name && !m.function_call;
    if (last && last.role === message.role && plain(last) && plain(message)) last.content = `${last.content}\n${message.content}`;
    else merged.push({ ...message });
  }
  return merged;
}

export function toBaiduChat(body: JsonObject, stream: boolean): JsonObject {
  const all = Array.isArray(body.messages) ? (body.messages as JsonObject[]) : [];
  const system = all.filter((m) => m.role === 'system' || m.role === 'developer').map((m) => textOf(m.content));
  const names = new Map<string, string>();
  const out: JsonObject = { messages: alternate(all.filter((m) => m.role !== 'system' && m.role !== 'developer').map((m) => toMessage(m, names))), stream };
  if (system.length > 0) out.system = system.join('\n');
  // temperature is in (0, 1]: 0 is refused, so the closest allowed value stands for it.
  if (typeof body.temperature === 'number') out.temperature = clamp(body.temperature, 0.01, 1);
  if (typeof body.top_p === 'number') out.top_p = clamp(body.top_p, 0, 1);
  if (typeof body.frequency_penalty === 'number') out.penalty_score = clamp(body.frequency_penalty, 1, 2);
  const maxTokens = body.max_completion_tokens ?? body.max_tokens;
  if (typeof maxTokens === 'number') out.max_output_tokens = maxTokens;
  if (body.stop !== undefined) out.stop = Array.isArray(body.stop) ? body.stop : [body.stop];
  if (typeof body.user === 'string') out.user_id = body.user;
  const format = (body.response_format as { type?: unknown } | undefined)?.type;
  if (format === 'json_object' || format === 'text') out.response_format = format;
  const tools = Array.isArray(body.tools) ? (body.tools as { type?: string; function?: JsonObject }[]) : [];
  const functions = tools.filter((t) => t.type === 'function' && t.function).map((t) => t.function);
  if (functions.length > 0) out.functions = functions;
  return out;
}

/** The embeddings endpoints take a list of inputs. */
export function toBaiduEmbeddings(body: JsonObject): JsonObject {
  return { input: Array.isArray(body.input) ? body.input : [body.input] };
}
