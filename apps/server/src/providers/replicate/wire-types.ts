/**
 * Replicate's prediction, as far as Tollgate reads it (reference providers.md 17).
 * Docs: https://replicate.com/docs/reference/http#predictions.create
 */
export type PredictionStatus = 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled';

export interface PredictionMetrics {
  predict_time?: number;
  input_token_count?: number;
  output_token_count?: number;
}

export interface Prediction {
  id?: string;
  model?: string;
  status?: PredictionStatus | string;
  /** LLMs: an array of tokens; image models: a URL or an array of URLs. */
  output?: unknown;
  error?: unknown;
  metrics?: PredictionMetrics;
  urls?: { get?: string; stream?: string; cancel?: string };
}

/** The body of a prediction request: the model's own `input`, and whether to open a token stream. */
export interface PredictionRequest {
  /** Only for `/v1/predictions` (a model pinned to a version, `owner/name:version`). */
  version?: string;
  input: Record<string, unknown>;
  stream?: boolean;
}

/**
 * What the adaptor hands the relay for a streamed prediction, one object per line: Replicate's `output`,
 * `error` and `done` events (whose `event:` lines the relay's SSE splitter would drop), and the token
 * counts read from the finished prediction just before `done`.
 */
export type ReframedEvent =
  | { event: 'output'; text: string }
  | { event: 'error'; message: string }
  | { event: 'usage'; input_token_count: number; output_token_count: number }
  | { event: 'done'; reason?: string };
