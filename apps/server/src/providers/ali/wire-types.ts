/**
 * DashScope's native text-generation and text-embedding shapes, as far as Tollgate reads or writes them
 * (reference providers.md 8). Docs: https://www.alibabacloud.com/help/en/model-studio/use-qwen-by-calling-api
 */
export interface DashScopeToolCall {
  index?: number;
  id?: string;
  type?: string;
  function?: { name?: string; arguments?: string };
}

/** One item of a multimodal message: a text, or an image as an https, oss:// or data URL. */
export type DashScopeContentItem = { text: string } | { image: string };

export interface DashScopeMessage {
  role: string;
  /** A string on the text endpoint, a list of items on the multimodal one (reference 8.2). */
  content: string | DashScopeContentItem[];
  tool_calls?: unknown[];
  tool_call_id?: string;
  name?: string;
}

export interface DashScopeParameters {
  result_format: 'message';
  incremental_output?: boolean;
  max_tokens?: number;
  temperature?: number;
  top_p?: number;
  top_k?: number;
  seed?: number;
  stop?: string[];
  presence_penalty?: number;
  repetition_penalty?: number;
  enable_search?: boolean;
  tools?: unknown[];
  tool_choice?: unknown;
  parallel_tool_calls?: boolean;
  response_format?: { type: 'json_object' } | { type: 'json_schema'; json_schema: unknown };
}

export interface DashScopeChatRequest {
  model: string;
  input: { messages: DashScopeMessage[] };
  parameters: DashScopeParameters;
}

export interface DashScopeUsage {
  input_tokens?: number;
  output_tokens?: number;
  total_tokens?: number;
}

export interface DashScopeChoice {
  finish_reason?: string | null;
  message?: { role?: string; content?: string | { text?: string }[]; reasoning_content?: string; tool_calls?: DashScopeToolCall[] };
}

export interface DashScopeChatResponse {
  output?: { choices?: DashScopeChoice[]; text?: string; finish_reason?: string };
  usage?: DashScopeUsage;
  request_id?: string;
  /** Present on error bodies and `event:error` stream frames. */
  code?: string;
  message?: string;
}

export interface DashScopeEmbedResponse {
  output?: { embeddings?: { text_index: number; embedding: number[] }[] };
  usage?: { total_tokens?: number };
}

/** Image synthesis, an async task (reference providers.md 8.7). */
export interface ImageSynthesisRequest {
  model: string;
  input: { prompt: string; negative_prompt?: string };
  parameters: { size?: string; n?: number; seed?: number; style?: string };
}

export type TaskStatus = 'PENDING' | 'RUNNING' | 'SUSPENDED' | 'SUCCEEDED' | 'FAILED' | 'CANCELED' | 'UNKNOWN';

export interface DashScopeTask {
  output?: {
    task_id?: string;
    task_status?: TaskStatus | string;
    /** Succeeded images carry `url`; failed ones `code` and `message`. */
    results?: { url?: string; b64_image?: string; code?: string; message?: string }[];
    code?: string;
    message?: string;
  };
  usage?: { image_count?: number };
  request_id?: string;
  code?: string;
  message?: string;
}
