import type { AnthropicMessage, CacheControl, ContentBlock, ImageBlock, TextBlock, ThinkingBlock } from './wire-types.js';

/** One OpenAI chat message, read loosely: clients send many shapes. */
export interface OpenAIMessage {
  role?: unknown;
  content?: unknown;
  tool_calls?: { id?: unknown; function?: { name?: unknown; arguments?: unknown } }[];
  tool_call_id?: unknown;
  /** Hub extensions (providers/hub.ts). */
  thinking_blocks?: unknown;
  cache_control?: CacheControl;
  is_error?: unknown;
}

export interface ContentPart {
  type?: unknown;
  text?: unknown;
  image_url?: { url?: unknown } | string;
  cache_control?: CacheControl;
}

export interface ConvertedMessages {
  /** One text block per system part, with its cache breakpoint when the hub gave one. */
  system: TextBlock[];
  messages: AnthropicMessage[];
}

/**
 * OpenAI messages as Anthropic's: system (and developer) messages go to the top-level `system`, tool
 * results become `tool_result` blocks of a user turn, and consecutive turns of one role are merged
 * because Anthropic requires user and assistant to alternate. The hub's extensions are read: an
 * assistant's `thinking_blocks` go first and unchanged, `cache_control` stays on its part (a message's on
 * its last block), a tool message's `is_error` and images go into its tool_result.
 */
export function convertMessages(input: unknown): ConvertedMessages {
  const system: TextBlock[] = [];
  const messages: AnthropicMessage[] = [];
  for (const message of Array.isArray(input) ? (input as OpenAIMessage[]) : []) {
    if (message.role === 'system' || message.role === 'developer') {
      system.push(...withMessageCache(systemBlocks(message.content), message.cache_control));
      continue;
    }
    const role = message.role === 'assistant' ? 'assistant' : 'user';
    const blocks = message.role === 'tool' ? [toolResult(message)] : [...thinkingBlocks(message), ...contentBlocks(message.content), ...toolUses(message)];
    const content = withMessageCache(blocks, message.cache_control);
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
    const cache = part.cache_control ? { cache_control: part.cache_control } : {};
    if (part.type === 'text' && typeof part.text === 'string' && part.text) blocks.push({ type: 'text', text: part.text, ...cache });
    if (part.type === 'image_url') {
      const url = typeof part.image_url === 'string' ? part.image_url : part.image_url?.url;
      const image = typeof url === 'string' ? imageBlock(url) : undefined;
      if (image) blocks.push({ ...image, ...cache });
    }
  }
  return blocks;
}

/** A system message's text, one block per part (the parts' breakpoints kept). */
function systemBlocks(content: unknown): TextBlock[] {
  if (typeof content === 'string') return content ? [{ type: 'text', text: content }] : [];
  return contentBlocks(content).filter((block): block is TextBlock => block.type === 'text');
}

/** A breakpoint on a whole message marks the end of its content: its last block. */
function withMessageCache<T extends ContentBlock>(blocks: T[], cache: CacheControl | undefined): T[] {
  const last = blocks.at(-1);
  if (!cache || !last || 'cache_control' in last || last.type === 'thinking' || last.type === 'redacted_thinking') return blocks;
  return [...blocks.slice(0, -1), { ...last, cache_control: cache }];
}

/** An assistant's thinking blocks as Anthropic gave them, signatures included; they must come back unchanged. */
function thinkingBlocks(message: OpenAIMessage): ThinkingBlock[] {
  if (message.role !== 'assistant' || !Array.isArray(message.thinking_blocks)) return [];
  return (message.thinking_blocks as ThinkingBlock[]).filter((block) => block?.type === 'thinking' || block?.type === 'redacted_thinking');
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

/** A tool's result: its text, or text and images when the tool returned images; a failed run says so. */
function toolResult(message: OpenAIMessage): ContentBlock {
  const images = Array.isArray(message.content) ? contentBlocks((message.content as ContentPart[]).filter((part) => part.type === 'image_url')) : [];
  const text = plainText(message.content);
  const content = images.length > 0 ? [...(text ? [{ type: 'text' as const, text }] : []), ...(images as ImageBlock[])] : text;
  return { type: 'tool_result', tool_use_id: String(message.tool_call_id ?? ''), content, ...(message.is_error === true ? { is_error: true } : {}) };
}

export function plainText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return (content as ContentPart[])
    .map((part) => (typeof part.text === 'string' ? part.text : ''))
    .filter(Boolean)
    .join('\n');
}
