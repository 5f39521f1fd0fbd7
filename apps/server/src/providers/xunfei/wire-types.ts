/**
 * iFlytek Spark v1 websocket frames, as far as Tollgate writes or reads them (reference providers.md 9.2, 9.3).
 * Docs: https://www.xfyun.cn/doc/spark/Web.html
 */
export interface SparkMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
  /** Image understanding only: the image entry (base64) is `image`, the others `text`. */
  content_type?: 'text' | 'image';
}

export interface SparkFunction {
  name: string;
  description: string;
  parameters: unknown;
}

export interface SparkRequestFrame {
  header: { app_id: string; uid?: string };
  parameter: { chat: { domain: string; temperature?: number; top_k?: number; max_tokens?: number } };
  payload: { message: { text: SparkMessage[] }; functions?: { text: SparkFunction[] } };
}

export interface SparkFunctionCall {
  name?: string;
  arguments?: string;
}

export interface SparkTextPart {
  content?: string;
  role?: string;
  index?: number;
  function_call?: SparkFunctionCall;
}

export interface SparkUsage {
  question_tokens?: number;
  prompt_tokens?: number;
  completion_tokens?: number;
  total_tokens?: number;
}

/** One text frame of the answer; `header.status` is 0 first, 1 in the middle, 2 on the last. */
export interface SparkResponseFrame {
  header?: { code?: number; message?: string; sid?: string; status?: number };
  payload?: {
    choices?: { status?: number; seq?: number; text?: SparkTextPart[] };
    usage?: { text?: SparkUsage };
  };
}
