/**
 * Tencent Hunyuan (API 3.0, version 2023-09-01) wire shapes, as far as Tollgate writes or reads them:
 * PascalCase throughout (reference providers.md 11.3, 11.4).
 * Docs: https://cloud.tencent.com/document/api/1729/105701
 */
export interface HunyuanToolCall {
  Id?: string;
  Type?: string;
  Index?: number;
  Function?: { Name?: string; Arguments?: string };
}

export interface HunyuanContent {
  Type: 'text' | 'image_url';
  Text?: string;
  ImageUrl?: { Url: string };
}

export interface HunyuanMessage {
  Role: string;
  Content?: string;
  /** Text and images, for the vision models; `Content` otherwise. */
  Contents?: HunyuanContent[];
  ToolCalls?: HunyuanToolCall[];
  ToolCallId?: string;
}

export interface HunyuanTool {
  Type: 'function';
  /** `Parameters` is the JSON Schema as a JSON-encoded string. */
  Function: { Name: string; Description?: string; Parameters: string };
}

export interface HunyuanChatRequest {
  Model: string;
  Messages: HunyuanMessage[];
  Stream: boolean;
  Temperature?: number;
  TopP?: number;
  Tools?: HunyuanTool[];
  ToolChoice?: 'none' | 'auto' | 'custom';
  CustomTool?: HunyuanTool;
}

export interface HunyuanUsage {
  PromptTokens?: number;
  CompletionTokens?: number;
  TotalTokens?: number;
}

export interface HunyuanChoice {
  FinishReason?: string;
  Message?: { Role?: string; Content?: string; ToolCalls?: HunyuanToolCall[] };
  Delta?: { Role?: string; Content?: string; ToolCalls?: HunyuanToolCall[] };
}

export interface HunyuanError {
  Code?: string;
  Message?: string;
}

/** A chat answer: the `Response` of a non-stream body, or one SSE event of a stream (no wrapper there). */
export interface HunyuanAnswer {
  Id?: string;
  Created?: number;
  Choices?: HunyuanChoice[];
  Usage?: HunyuanUsage;
  Error?: HunyuanError;
  RequestId?: string;
}

export interface HunyuanEmbeddings {
  Data?: { Embedding?: number[]; Index?: number }[];
  Usage?: HunyuanUsage;
  Error?: HunyuanError;
}
