/**
 * Cohere's v1 chat and v2 embed wire shapes, as far as Tollgate reads or writes them (reference providers.md 12).
 * Docs: https://docs.cohere.com/v1/reference/chat and https://docs.cohere.com/reference/embed
 */
export interface CohereToolCall {
  name?: string;
  parameters?: unknown;
}

export interface CohereToolResult {
  call: { name: string; parameters: unknown };
  outputs: Record<string, unknown>[];
}

export interface CohereHistoryEntry {
  role: 'USER' | 'CHATBOT' | 'SYSTEM' | 'TOOL';
  message?: string;
  tool_calls?: CohereToolCall[];
  tool_results?: CohereToolResult[];
}

export interface CohereParameter {
  type: string;
  description?: string;
  required: boolean;
}

export interface CohereTool {
  name: string;
  description: string;
  parameter_definitions: Record<string, CohereParameter>;
}

export interface CohereChatRequest {
  model: string;
  message: string;
  stream: boolean;
  preamble?: string;
  chat_history?: CohereHistoryEntry[];
  tools?: CohereTool[];
  tool_results?: CohereToolResult[];
  connectors?: { id: string }[];
  max_tokens?: number;
  temperature?: number;
  p?: number;
  k?: number;
  seed?: number;
  frequency_penalty?: number;
  presence_penalty?: number;
  stop_sequences?: string[];
  response_format?: { type: 'json_object'; schema?: unknown };
}

export interface CohereUnits {
  input_tokens?: number;
  output_tokens?: number;
}

export interface CohereChatResponse {
  response_id?: string;
  text?: string;
  finish_reason?: string;
  tool_calls?: CohereToolCall[];
  meta?: { billed_units?: CohereUnits; tokens?: CohereUnits };
}

/** One NDJSON line of a v1 chat stream. */
export interface CohereStreamEvent {
  event_type?: string;
  is_finished?: boolean;
  generation_id?: string;
  text?: string;
  tool_calls?: CohereToolCall[];
  finish_reason?: string;
  response?: CohereChatResponse;
}

export interface CohereEmbedResponse {
  embeddings?: { float?: number[][] } | number[][];
  meta?: { billed_units?: CohereUnits };
}
