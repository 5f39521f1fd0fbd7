/**
 * The parts of Anthropic's Messages wire format the adaptor reads and writes.
 * Docs: https://docs.anthropic.com/en/api/messages
 */
/** A prompt-cache breakpoint, kept as the client wrote it (`{type:"ephemeral", ttl?}`). */
export type CacheControl = unknown;

export interface TextBlock {
  type: 'text';
  text: string;
  cache_control?: CacheControl;
}

export interface ImageBlock {
  type: 'image';
  source: { type: 'base64'; media_type: string; data: string } | { type: 'url'; url: string };
  cache_control?: CacheControl;
}

export interface ToolUseBlock {
  type: 'tool_use';
  id: string;
  name: string;
  input: unknown;
  cache_control?: CacheControl;
}

export interface ToolResultBlock {
  type: 'tool_result';
  tool_use_id: string;
  /** Text, or text and images (a tool that returned a screenshot). */
  content: string | (TextBlock | ImageBlock)[];
  is_error?: boolean;
  cache_control?: CacheControl;
}

/** Thinking and redacted thinking, sent back unchanged and in order (their signatures are checked). */
export interface ThinkingBlock {
  type: 'thinking' | 'redacted_thinking';
  thinking?: string;
  signature?: string;
  data?: string;
}

export type ContentBlock = TextBlock | ImageBlock | ToolUseBlock | ToolResultBlock | ThinkingBlock;

export interface AnthropicMessage {
  role: 'user' | 'assistant';
  content: ContentBlock[];
}

/** A custom tool (its input_schema), or a server tool Anthropic runs (its `type`: web search). */
export interface AnthropicTool {
  type?: string;
  name: string;
  description?: string;
  input_schema?: unknown;
  cache_control?: CacheControl;
  max_uses?: number;
}

export type AnthropicToolChoice = { type: 'auto' | 'any'; disable_parallel_tool_use?: boolean } | { type: 'tool'; name: string; disable_parallel_tool_use?: boolean };

export interface AnthropicRequest {
  model: string;
  max_tokens: number;
  messages: AnthropicMessage[];
  /** A string, or text blocks when one carries a cache breakpoint. */
  system?: string | TextBlock[];
  temperature?: number;
  top_p?: number;
  top_k?: number;
  thinking?: unknown;
  stop_sequences?: string[];
  stream?: boolean;
  tools?: AnthropicTool[];
  tool_choice?: AnthropicToolChoice;
  metadata?: { user_id: string };
}

export interface AnthropicUsage {
  input_tokens?: number;
  output_tokens?: number;
  cache_creation_input_tokens?: number;
  cache_read_input_tokens?: number;
}

/** Answer blocks: besides text and tool_use there are thinking and server-tool blocks, read loosely. */
export interface ResponseBlock {
  type: string;
  text?: string;
  thinking?: string;
  signature?: string;
  data?: string;
  id?: string;
  name?: string;
  input?: unknown;
}

export interface AnthropicResponse {
  id: string;
  model: string;
  content: ResponseBlock[];
  stop_reason: string | null;
  usage?: AnthropicUsage;
}

export interface AnthropicErrorBody {
  type: 'error';
  error: { type: string; message: string };
}
