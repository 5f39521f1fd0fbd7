import { parseArguments } from '../messages.js';
import type { AnswerContext } from '../../ingress.js';
import type { TokenUsage } from '../../token-usage.js';
import { anthropicUsage, messageId, stopReasonOf, toolUseId } from './answer-usage.js';

/**
 * A converted answer: the hub's `chat.completion` as Anthropic's Message. Its content is the thinking
 * (the upstream's own thinking blocks when an Anthropic-family upstream gave them, signatures included,
 * else the reasoning text as a thinking block without a signature), the text, then the tool calls; the
 * usage is what Tollgate billed. Only the first choice: Anthropic answers one.
 * Docs: https://docs.anthropic.com/en/api/messages#response-content
 */
interface HubMessage {
  content?: unknown;
  reasoning_content?: unknown;
  thinking_blocks?: unknown;
  refusal?: unknown;
  tool_calls?: { id?: string; function?: { name?: string; arguments?: string } }[];
}

interface HubCompletion {
  id?: unknown;
  choices?: { message?: HubMessage; finish_reason?: string | null }[];
}

export function messageAnswer(body: Buffer, usage: TokenUsage, context: AnswerContext): Buffer {
  let completion: HubCompletion;
  try {
    completion = JSON.parse(body.toString('utf8')) as HubCompletion;
  } catch {
    return body;
  }
  const choice = completion.choices?.[0];
  const message = choice?.message ?? {};
  const calls = message.tool_calls ?? [];
  const answer = {
    id: messageId(completion.id, context.requestId),
    type: 'message',
    role: 'assistant',
    model: context.model,
    content: [
      ...thinkingBlocks(message),
      ...textBlocks(message),
      ...calls.map((call, index) => ({ type: 'tool_use', id: toolUseId(call.id, context.requestId, index), name: call.function?.name ?? '', input: toolInput(call.function?.arguments) })),
    ],
    stop_reason: stopReasonOf(choice?.finish_reason, calls.length > 0),
    stop_sequence: null,
    usage: anthropicUsage(usage),
  };
  return Buffer.from(JSON.stringify(answer));
}

function thinkingBlocks(message: HubMessage): unknown[] {
  if (Array.isArray(message.thinking_blocks) && message.thinking_blocks.length > 0) return message.thinking_blocks as unknown[];
  const reasoning = textOf(message.reasoning_content);
  return reasoning ? [{ type: 'thinking', thinking: reasoning, signature: '' }] : [];
}

function textBlocks(message: HubMessage): unknown[] {
  const text = textOf(message.content) || textOf(message.refusal);
  return text ? [{ type: 'text', text }] : [];
}

/** Anthropic's input is an object; arguments that are not one are wrapped. */
export function toolInput(args: string | undefined): unknown {
  const input = parseArguments(args);
  return input && typeof input === 'object' && !Array.isArray(input) ? input : { value: input };
}

export function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return (content as { text?: unknown }[]).map((part) => (typeof part.text === 'string' ? part.text : '')).join('');
}
