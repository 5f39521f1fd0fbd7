/**
 * The parts of Gemini's generateContent wire format the adaptor reads and writes (camelCase, as Google
 * answers). Docs: https://ai.google.dev/api/generate-content, https://ai.google.dev/api/caching#Content
 */
export type GeminiPart =
  | { text: string; thought?: boolean }
  | { inlineData: { mimeType: string; data: string } }
  | { fileData: { mimeType: string; fileUri: string } }
  | { functionCall: { name: string; args: unknown }; thoughtSignature?: string }
  | { functionResponse: { name: string; response: { output: string } | { error: string } } };

export interface GeminiContent {
  role: 'user' | 'model';
  parts: GeminiPart[];
}

export interface FunctionDeclaration {
  name: string;
  description?: string;
  parameters?: unknown;
}

export interface GenerationConfig {
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
  thinkingConfig?: ThinkingConfig;
  responseLogprobs?: boolean;
  logprobs?: number;
}

/** Gemini 2.5 takes a token budget (0 off, -1 dynamic), Gemini 3 a level; never both in one request. */
export interface ThinkingConfig {
  includeThoughts?: boolean;
  thinkingBudget?: number;
  thinkingLevel?: 'MINIMAL' | 'LOW' | 'MEDIUM' | 'HIGH';
}

export interface FunctionCallingConfig {
  mode: 'AUTO' | 'NONE' | 'ANY';
  allowedFunctionNames?: string[];
}

export interface GeminiRequest {
  contents: GeminiContent[];
  systemInstruction?: { parts: { text: string }[] };
  tools?: ({ functionDeclarations: FunctionDeclaration[] } | { googleSearch: Record<string, never> })[];
  toolConfig?: { functionCallingConfig: FunctionCallingConfig };
  generationConfig?: GenerationConfig;
  safetySettings: { category: string; threshold: string }[];
}

export interface UsageMetadata {
  promptTokenCount?: number;
  candidatesTokenCount?: number;
  thoughtsTokenCount?: number;
  toolUsePromptTokenCount?: number;
  cachedContentTokenCount?: number;
  totalTokenCount?: number;
}

/** Answer parts, read loosely: thought parts, signatures and newer part kinds come along. */
export interface ResponsePart {
  text?: string;
  thought?: boolean;
  functionCall?: { name?: string; args?: unknown; id?: string };
  /** Gemini 2.5+ signs its reasoning; a later request must echo the signature on the same part. */
  thoughtSignature?: string;
}

/** One token's log probability. */
export interface LogprobsCandidate {
  token?: string;
  tokenId?: number;
  logProbability?: number;
}

export interface LogprobsResult {
  /** At each position, the most likely tokens (as many as asked). */
  topCandidates?: { candidates?: LogprobsCandidate[] }[];
  /** The token chosen at each position. */
  chosenCandidates?: LogprobsCandidate[];
}

export interface Candidate {
  content?: { role?: string; parts?: ResponsePart[] };
  finishReason?: string;
  index?: number;
  logprobsResult?: LogprobsResult;
}

export interface GeminiResponse {
  candidates?: Candidate[];
  promptFeedback?: { blockReason?: string };
  usageMetadata?: UsageMetadata;
  modelVersion?: string;
  responseId?: string;
  /** A mid-stream failure arrives as a bare Google RPC error object. */
  error?: { code?: number; message?: string; status?: string };
}
