/**
 * The parts of a Responses API request that the conversion reads, loosely typed: the validation checks what
 * it relies on. Docs: https://platform.openai.com/docs/api-reference/responses/create
 */
export interface ContentPart {
  type?: string;
  text?: unknown;
  image_url?: unknown;
  file_id?: unknown;
  detail?: unknown;
  refusal?: unknown;
}

export interface InputItem {
  type?: string;
  role?: string;
  content?: string | ContentPart[];
  id?: string;
  call_id?: string;
  name?: string;
  /** The namespace of the tool a call names. */
  namespace?: string;
  arguments?: unknown;
  input?: unknown;
  output?: unknown;
  summary?: { type?: string; text?: unknown }[];
  encrypted_content?: unknown;
}

export interface ResponsesTool {
  type?: string;
  name?: string;
  description?: string;
  parameters?: unknown;
  strict?: unknown;
  format?: unknown;
  /** A namespace's tools. */
  tools?: ResponsesTool[];
}

export interface ResponsesRequest {
  model?: unknown;
  input?: string | InputItem[];
  instructions?: unknown;
  tools?: ResponsesTool[];
  tool_choice?: unknown;
  reasoning?: { effort?: unknown; summary?: unknown };
  text?: { format?: { type?: string; name?: string; schema?: unknown; strict?: unknown; description?: unknown } };
  max_output_tokens?: unknown;
  temperature?: unknown;
  top_p?: unknown;
  user?: unknown;
  parallel_tool_calls?: unknown;
  stream?: unknown;
  store?: unknown;
  previous_response_id?: unknown;
  conversation?: unknown;
  prompt?: unknown;
  background?: unknown;
}
