import { plainText } from '../anthropic/messages.js';
import { toAnthropicRequest } from '../anthropic/request.js';
import type { AnthropicToolChoice, ContentBlock } from '../anthropic/wire-types.js';
import type { JsonObject } from '../openai/request-body.js';

/**
 * Bedrock's Converse API (reference providers.md 5.7), one format for every Bedrock model family that has
 * no InvokeModel conversion here (Mistral, Nova, Titan, Cohere, newer Llama…). The OpenAI messages are
 * first read as Anthropic's (system apart, tool results in user turns, roles alternating), which is the
 * shape Converse wants too, then written with Converse's block names.
 * Docs: https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html
 */
export type ConverseBlock =
  | { text: string }
  | { image: { format: string; source: { bytes: string } } }
  | { toolUse: { toolUseId: string; name: string; input: unknown } }
  | { toolResult: { toolUseId: string; content: { text: string }[]; status: 'success' } };

export interface ConverseRequest {
  system?: { text: string }[];
  messages: { role: 'user' | 'assistant'; content: ConverseBlock[] }[];
  inferenceConfig?: { maxTokens?: number; temperature?: number; topP?: number; stopSequences?: string[] };
  toolConfig?: { tools: { toolSpec: { name: string; description?: string; inputSchema: { json: unknown } } }[]; toolChoice: Record<string, object> };
}

/** Converse takes image bytes with a format name; a remote URL cannot go (the relay inlines those first). */
function converseBlock(block: ContentBlock): ConverseBlock | undefined {
  switch (block.type) {
    case 'text':
      return { text: block.text };
    case 'image':
      return block.source.type === 'base64' ? { image: { format: block.source.media_type.replace(/^image\//, ''), source: { bytes: block.source.data } } } : undefined;
    case 'tool_use':
      return { toolUse: { toolUseId: block.id, name: block.name, input: block.input } };
    case 'tool_result':
      return { toolResult: { toolUseId: block.tool_use_id, content: [{ text: typeof block.content === 'string' ? block.content : plainText(block.content) }], status: 'success' } };
  }
}

/** `auto` unless the client asked for a tool call (`any`) or a given tool. */
function toolChoice(choice: AnthropicToolChoice | undefined): Record<string, object> {
  if (choice?.type === 'tool') return { tool: { name: choice.name } };
  return { [choice?.type ?? 'auto']: {} };
}

export function toConverseRequest(body: JsonObject): ConverseRequest {
  const anthropic = toAnthropicRequest(body, '');
  const request: ConverseRequest = {
    messages: anthropic.messages.map((message) => ({ role: message.role, content: message.content.map(converseBlock).filter((block): block is ConverseBlock => block !== undefined) })),
  };
  if (anthropic.system) request.system = [{ text: typeof anthropic.system === 'string' ? anthropic.system : plainText(anthropic.system) }];
  // Anthropic requires max_tokens and so has a default; Converse does not, so only the client's own goes.
  const max = body.max_completion_tokens ?? body.max_tokens;
  const inference = {
    ...(typeof max === 'number' && max > 0 ? { maxTokens: Math.floor(max) } : {}),
    ...(typeof body.temperature === 'number' ? { temperature: body.temperature } : {}),
    ...(anthropic.top_p !== undefined ? { topP: anthropic.top_p } : {}),
    ...(anthropic.stop_sequences ? { stopSequences: anthropic.stop_sequences } : {}),
  };
  if (Object.keys(inference).length > 0) request.inferenceConfig = inference;
  if (anthropic.tools) {
    request.toolConfig = {
      tools: anthropic.tools.map((tool) => ({ toolSpec: { name: tool.name, ...(tool.description ? { description: tool.description } : {}), inputSchema: { json: tool.input_schema } } })),
      toolChoice: toolChoice(anthropic.tool_choice),
    };
  }
  return request;
}
