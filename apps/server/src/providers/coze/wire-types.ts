/**
 * Coze's v2 chat wire shapes, as far as Tollgate reads or writes them (reference providers.md 14.1).
 * Docs: https://www.coze.com/docs/developer_guides/coze_api_overview
 */
export interface CozeHistoryMessage {
  role: 'user' | 'assistant';
  type?: 'answer';
  content: string;
  content_type: 'text';
}

export interface CozeChatRequest {
  bot_id: string;
  user: string;
  query: string;
  chat_history?: CozeHistoryMessage[];
  stream: boolean;
}

/** One message of an answer; only `type:"answer"` is the reply (others: function_call, tool_response, verbose, follow_up). */
export interface CozeMessage {
  role?: string;
  type?: string;
  content?: string;
  content_type?: string;
}

export interface CozeChatResponse {
  conversation_id?: string;
  messages?: CozeMessage[];
  code?: number;
  msg?: string;
}

/** One `data:` frame of a v2 stream. */
export interface CozeStreamFrame {
  event?: string;
  message?: CozeMessage;
  is_finish?: boolean;
  index?: number;
  conversation_id?: string;
  error_information?: { code?: number; msg?: string };
}
