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

export interface ClientGenerationConfig {
  temperature?: number;
  topP?: number;
  topK?: number;
  maxOutputTokens?: number;
  stopSequences?: string[];
  candidateCount?: number;
  seed?: number;
  presencePenalty?: number;
  frequencyPenalty?: number;
  responseMimeType?: string;
  responseSchema?: unknown;
  responseJsonSchema?: unknown;
  thinkingConfig?: { thinkingBudget?: number; thinkingLevel?: string; includeThoughts?: boolean };
}

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
