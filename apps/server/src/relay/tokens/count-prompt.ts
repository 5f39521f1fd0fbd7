import { dataUrlImageSize, imageTokens } from './image-tokens.js';

type Counter = (text: string) => number;

interface ChatMessage {
  role?: unknown;
  name?: unknown;
  content?: unknown;
  tool_calls?: unknown;
}

/**
 * Tokens of a chat prompt the way OpenAI counts them (reference 1.7): 3 per message (4 for
 * gpt-3.5-turbo-0301, where a name costs one less), role and content tokens, 1 + name tokens when named,
 * image parts by the vision rule, and 3 to prime the reply.
 */
export function countChatPrompt(messages: unknown, model: string, count: Counter): number {
  if (!Array.isArray(messages)) return 0;
  const legacy = model === 'gpt-3.5-turbo-0301';
  let tokens = 0;
  for (const message of messages as (ChatMessage | null)[]) {
    // A client may send anything here: what is not a message (null, a number) counts as nothing, not a crash.
    if (typeof message !== 'object' || message === null) continue;
    tokens += legacy ? 4 : 3;
    if (typeof message.role === 'string') tokens += count(message.role);
    tokens += countContent(message.content, model, count);
    if (message.tool_calls) tokens += count(JSON.stringify(message.tool_calls));
    if (typeof message.name === 'string') tokens += count(message.name) + (legacy ? -1 : 1);
  }
  return tokens + 3;
}

function countContent(content: unknown, model: string, count: Counter): number {
  if (typeof content === 'string') return count(content);
  if (!Array.isArray(content)) return 0;
  let tokens = 0;
  for (const part of content as ({ type?: unknown; text?: unknown; image_url?: { url?: unknown; detail?: unknown } | string } | null)[]) {
    if (typeof part !== 'object' || part === null) continue;
    if (part.type === 'text' && typeof part.text === 'string') tokens += count(part.text);
    if (part.type === 'image_url') {
      const image = typeof part.image_url === 'string' ? { url: part.image_url } : (part.image_url ?? {});
      const url = typeof image.url === 'string' ? image.url : '';
      tokens += imageTokens(model, typeof image.detail === 'string' ? image.detail : undefined, dataUrlImageSize(url));
    }
  }
  return tokens;
}

/** A completions prompt or an embeddings/moderations input: a string or a list of strings. */
export function countTextInput(input: unknown, count: Counter): number {
  if (typeof input === 'string') return count(input);
  if (Array.isArray(input)) return input.reduce<number>((sum, item) => sum + (typeof item === 'string' ? count(item) : 0), 0);
  return 0;
}
