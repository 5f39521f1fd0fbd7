/**
 * The Messages request as a client sends it, after validate.ts checked its shape: blocks are read loosely
 * beyond the fields the conversion needs. Docs: https://docs.anthropic.com/en/api/messages
 */
export interface CacheControl {
  type: string;
  ttl?: string;
}

export interface ClientBlock {
  type: string;
  text?: string;
  source?: { type: string; media_type?: string; data?: string; url?: string; file_id?: string };
  title?: string;
  id?: string;
  name?: string;
  input?: unknown;
  tool_use_id?: string;
  content?: string | ClientBlock[];
  is_error?: boolean;
  thinking?: string;
  signature?: string;
  data?: string;
  cache_control?: CacheControl;
}

export interface ClientMessage {
  /** `system`: an instruction at its place in the conversation (Anthropic's mid-conversation system beta). */
  role: 'user' | 'assistant' | 'system';
  content: string | ClientBlock[];
}

export interface ClientTool {
  type?: string;
  /** Required of custom tools; a server tool of a newer type may have none. */
  name?: string;
  description?: string;
  input_schema?: unknown;
  cache_control?: CacheControl;
  /** A server tool's limit on its uses (web search). */
  max_uses?: number;
}

export interface ClientToolChoice {
  /** `auto`, `any`, `tool` or `none`; a newer type passes through and is left out of a conversion. */
  type: string;
  name?: string;
  disable_parallel_tool_use?: boolean;
}

export interface MessagesRequest {
  model: string;
  max_tokens?: number;
  messages: ClientMessage[];
  system?: string | ClientBlock[];
  tools?: ClientTool[];
  tool_choice?: ClientToolChoice;
  thinking?: { type: string; budget_tokens?: number };
  /** How hard the model works (`low`, `medium`, `high`, `max`), beside adaptive thinking. */
  output_config?: { effort?: string };
  /** Server-side context editing (clearing old tool results and thinking): Anthropic's alone. */
  context_management?: unknown;
  stop_sequences?: string[];
  metadata?: { user_id?: string };
  temperature?: number;
  top_p?: number;
  top_k?: number;
  stream?: boolean;
}
