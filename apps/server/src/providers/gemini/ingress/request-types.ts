import type { GenerationConfig, ThinkingConfig } from '../wire-types.js';

/**
 * What a Gemini client sends, as the ingress reads it once camelCased and validated (validate.ts).
 * Docs: https://ai.google.dev/api/generate-content#request-body, https://ai.google.dev/api/caching#Content
 */
export interface ClientPart {
  text?: string;
  thought?: boolean;
  thoughtSignature?: string;
  inlineData?: { mimeType: string; data: string };
  fileData?: { mimeType?: string; fileUri: string };
  functionCall?: { name: string; args?: unknown; id?: string };
  functionResponse?: { name: string; response?: unknown; id?: string; parts?: ClientPart[] };
  executableCode?: { language?: string; code?: string };
  codeExecutionResult?: { outcome?: string; output?: string };
}

export interface ClientContent {
  role?: 'user' | 'model';
  parts: ClientPart[];
}

export interface FunctionDeclaration {
  name: string;
  description?: string;
  parameters?: unknown;
  parametersJsonSchema?: unknown;
}

export type ClientTool = { functionDeclarations?: FunctionDeclaration[] } & Record<string, unknown>;

/**
 * The generationConfig a client sends: the one Tollgate sends Gemini (wire-types.ts), plus the JSON-schema
 * form of the response schema, and any thinking level a newer client names (read as text, not checked).
 */
export type ClientGenerationConfig = Omit<GenerationConfig, 'thinkingConfig'> & {
  responseJsonSchema?: unknown;
  thinkingConfig?: Omit<ThinkingConfig, 'thinkingLevel'> & { thinkingLevel?: string };
};

export interface GenerateRequest {
  contents: ClientContent[];
  systemInstruction?: { parts?: ClientPart[] } | string;
  tools?: ClientTool[];
  toolConfig?: { functionCallingConfig?: { mode?: string; allowedFunctionNames?: string[] } };
  generationConfig?: ClientGenerationConfig;
  /** A context cached on Google's side (cachedContents/…): only a Gemini upstream has it. */
  cachedContent?: string;
}

/** The part kinds a request may carry; one of them makes a part. */
export const PART_KINDS = ['text', 'inlineData', 'fileData', 'functionCall', 'functionResponse', 'executableCode', 'codeExecutionResult'] as const;
