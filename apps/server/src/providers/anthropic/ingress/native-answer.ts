import type { ParsedAnswer } from '../../adaptor.js';
import { openAIUsage, reportedUsage } from '../usage.js';
import type { AnthropicResponse, ResponseBlock } from '../wire-types.js';

/**
 * An Anthropic Message passed through: sent on as the upstream wrote it, read for its usage (cache writes
 * and reads included, reference providers.md 2.6) and its generated text, counted when it has no usage.
 */
export function nativeAnswer(body: Buffer, contentType: string): ParsedAnswer {
  let message: Partial<AnthropicResponse>;
  try {
    message = JSON.parse(body.toString('utf8')) as Partial<AnthropicResponse>;
  } catch {
    return { body, contentType, text: '' };
  }
  const usage = message.usage ? reportedUsage(openAIUsage(message.usage)) : undefined;
  const text = Array.isArray(message.content) ? message.content.map(blockText).join('') : '';
  return { body, contentType, text, ...(usage ? { usage } : {}) };
}

/** What a block generated: its text or thinking, or a call's input. */
export function blockText(block: ResponseBlock): string {
  if (block.type === 'tool_use') return JSON.stringify(block.input ?? {});
  return (block.text ?? '') + (block.thinking ?? '');
}
