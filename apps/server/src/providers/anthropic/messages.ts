import type { AnthropicMessage, ContentBlock, ImageBlock } from './wire-types.js';

/** One OpenAI chat message, read loosely: clients send many shapes. */
export interface OpenAIMessage {
  role?: unknown;
  content?: unknown;
  tool_calls?: { id?: unknown; function?: { name?: unknown; arguments?: unknown } }[];
  tool_call_id?: unknown;
}

export interface ContentPart {
  type?: unknown;
  text?: unknown;
  image_url?: { url?: unknown } | string;
}

export interface ConvertedMessages {
  system: string[];
  messages: AnthropicMessage[];
}

/**
 * OpenAI messages as Anthropic's: system (and developer) messages go to the top-level `system`, tool
 * results become `tool_result` blocks of a user turn, and consecutive turns of one role are merged
 * because Anthropic requires user and assistant to alternate.
 */
export function convertMessages(input: unknown): ConvertedMessages {
  const system: string[] = [];
  const messages: AnthropicMessage[] = [];
  for (const message of Array.isArray(input) ? (input as OpenAIMessage[]) : []) {
    if (message.role === 'system' || message.role === 'developer') {
      const text = plainText(message.content);
      if (text) system.push(text);
      continue;
    }
    const role = message.role === 'assistant' ? 'assistant' : 'user';
    const content = message.role === 'tool' ? [toolResult(message)] : [...contentBlocks(message.content), ...toolUses(message)];
    if (content.length === 0) continue;
    const last = messages.at(-1);
    if (last?.role === role) last.content.push(...content);
    else messages.push({ role, content });
  }
  return { system, messages };
}

function contentBlocks(content: unknown): ContentBlock[] {
  if (typeof content === 'string') return content ? [{ type: 'text', text: content }] : [];
  if (!Array.isArray(content)) return [];
  const blocks: ContentBlock[] = [];
  for (const part of content as ContentPart[]) {
    if (part.type === 'text' && typeof part.text === 'string' && part.text) blocks.push({ type: 'text', text: part.text });
    if (part.type === 'image_url') {
      const url = typeof part.image_url === 'string' ? part.image_url : part.image_url?.url;
      const image = typeof url === 'string' ? imageBlock(url) : undefined;
      if (image) blocks.push(image);
    }
  }
  return blocks;
}

/** Data URLs are inlined; remote URLs are passed as URL sources, which Anthropic fetches itself. */
export function imageBlock(url: string): ImageBlock | undefined {
  const data = /^data:([^;,]+);base64,(.*)$/s.exec(url);
  if (data) return { type: 'image', source: { type: 'base64', media_type: data[1] ?? '', data: data[2] ?? '' } };
  if (/^https?:\/\//i.test(url)) return { type: 'image', source: { type: 'url', url } };
  return undefined;
}

function toolUses(message: OpenAIMessage): ContentBlock[] {
  if (message.role !== 'assistant' || !Array.isArray(message.tool_calls)) return [];
  return message.tool_calls.map((call) => ({ type: 'tool_use', id: String(call.id ?? ''), name: String(call.function?.name ?? ''), input: parseArguments(call.function?.arguments) }));
}

/** Tool arguments as an object (Anthropic and Gemini want one); models sometimes emit arguments that are not valid JSON. */
export function parseArguments(value: unknown): unknown {
  if (typeof value !== 'string' || value.trim() === '') return {};
  try {
    return JSON.parse(value);
  } catch {
    return {};
  }
}

const toolResult = (message: OpenAIMessage): ContentBlock => ({ type: 'tool_result', tool_use_id: String(message.tool_call_id ?? ''), content: plainText(message.content) });

export function plainText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return (content as ContentPart[])
    .map((part) => (typeof part.text === 'string' ? part.text : ''))
    .filter(Boolean)
    .join('\n');
}
