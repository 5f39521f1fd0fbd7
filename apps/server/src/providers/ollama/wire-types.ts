/**
 * The parts of Ollama's /api/chat and /api/embed wire format the adaptor reads and writes.
 * Docs: https://github.com/ollama/ollama/blob/main/docs/api.md
 */
export interface OllamaToolCall {
  function: { name: string; arguments: unknown };
}

export interface OllamaMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string;
  /** Raw base64, no data-URL prefix. */
  images?: string[];
  tool_calls?: OllamaToolCall[];
  /** A tool result names its function: Ollama's calls have no ids. */
  tool_name?: string;
}

export interface OllamaOptions {
  temperature?: number;
  top_p?: number;
  top_k?: number;
  seed?: number;
  frequency_penalty?: number;
  presence_penalty?: number;
  num_predict?: number;
  num_ctx?: number;
  stop?: string[];
}

export interface OllamaChatRequest {
  model: string;
  messages: OllamaMessage[];
  stream: boolean;
  options?: OllamaOptions;
  tools?: unknown[];
  format?: unknown;
  logprobs?: boolean;
  top_logprobs?: number;
}

/** One generated token's log probability (Ollama 0.12.11 and later), with the runners-up when asked. */
export interface OllamaLogprob {
  token?: string;
  logprob?: number;
  bytes?: number[];
  top_logprobs?: { token?: string; logprob?: number; bytes?: number[] }[];
}

/** One answer object: the whole non-stream answer, or one NDJSON line of a stream. */
export interface OllamaChatResponse {
  model?: string;
  message?: { role?: string; content?: string; thinking?: string; tool_calls?: { function?: { name?: string; arguments?: unknown } }[] };
  done?: boolean;
  done_reason?: string;
  prompt_eval_count?: number;
  eval_count?: number;
  logprobs?: OllamaLogprob[];
  /** A failure, also mid-stream after HTTP 200. */
  error?: string;
}
