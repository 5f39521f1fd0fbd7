import { finishReason } from './finish-reason.js';
import { STRUCTURED_OUTPUT_TOOL } from './structured-output.js';
import { openAIUsage, type OpenAIUsage } from './usage.js';
import type { AnthropicResponse, ResponseBlock } from './wire-types.js';

export interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** The hub's assistant message: OpenAI's, with the thinking as `reasoning_content` and Anthropic's blocks as `thinking_blocks` (providers/hub.ts). */
export interface ChatMessage {
  role: 'assistant';
  content: string | null;
  reasoning_content?: string;
  thinking_blocks?: ResponseBlock[];
  tool_calls?: ToolCall[];
  refusal?: string;
}

export interface ChatCompletion {
  id: string;
  object: 'chat.completion';
  created: number;
  model: string;
  /** `logprobs` only from protocols that report them (Gemini's). */
  choices: { index: number; message: ChatMessage; logprobs?: unknown; finish_reason: string | null }[];
  usage: OpenAIUsage;
}

/**
 * An Anthropic message as OpenAI's `chat.completion` (reference providers.md 2.3 and 2.7). With `structured`
 * (a json_schema answered through the forced tool, structured-output.ts) the tool's input is the content.
 */
export function toChatCompletion(message: AnthropicResponse, created: number, structured = false): ChatCompletion {
  const answer = structured ? message.content.find((block) => block.type === 'tool_use' && block.name === STRUCTURED_OUTPUT_TOOL) : undefined;
  if (answer) return toChatCompletion({ ...message, content: [{ type: 'text', text: JSON.stringify(answer.input ?? {}) }], stop_reason: 'end_turn' }, created);
  const text = message.content
    .filter((block) => block.type === 'text')
    .map((block) => block.text ?? '')
    .join('');
  const toolCalls: ToolCall[] = message.content
    .filter((block) => block.type === 'tool_use')
    .map((block) => ({ id: block.id ?? '', type: 'function', function: { name: block.name ?? '', arguments: JSON.stringify(block.input ?? {}) } }));
  const content = text === '' && toolCalls.length > 0 ? null : text;
  const thinking = message.content.filter((block) => block.type === 'thinking' || block.type === 'redacted_thinking');
  const reasoning = thinking.map((block) => block.thinking ?? '').join('');
  const thoughts = thinking.length > 0 ? { ...(reasoning ? { reasoning_content: reasoning } : {}), thinking_blocks: thinking } : {};
  return {
    id: message.id,
    object: 'chat.completion',
    created,
    model: message.model,
    choices: [{ index: 0, message: { role: 'assistant', content, ...thoughts, ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}) }, finish_reason: finishReason(message.stop_reason) }],
    usage: openAIUsage(message.usage ?? {}),
  };
}
