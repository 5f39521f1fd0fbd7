import type { ChannelType, NativeProtocol } from '@tollgate/contract';
import type { RefusedParameters } from './chat-parameters.js';
import type { JsonObject } from './openai/request-body.js';
import type { ReportedUsage } from './openai/response-usage.js';
import type { UpstreamError } from './openai/upstream-error.js';
import type { UpstreamResponse } from './upstream-response.js';

/** The relay endpoints, as the client called them. */
export type RelayMode = 'chat' | 'completions' | 'embeddings' | 'moderations' | 'edits' | 'images' | 'speech' | 'transcriptions' | 'translations' | 'rerank';

/** What an adaptor knows of the channel: no database row, no Fastify, only data. */
export interface UpstreamTarget {
  type: ChannelType;
  key: string;
  baseUrl: string;
  other: string;
  config: Record<string, string>;
  /** Deployment-wide protocol settings from the environment (GEMINI_VERSION, GEMINI_SAFETY_SETTING). */
  settings: ProviderSettings;
}

export type ProviderSettings = Readonly<Record<string, string>>;

export interface AdaptorRequest {
  target: UpstreamTarget;
  mode: RelayMode;
  /** The client's path and query, e.g. `/v1/chat/completions`. */
  path: string;
  /** The model to ask the upstream for (after the channel's mapping). */
  model: string;
  stream: boolean;
  /** The body to send, already rewritten where needed; raw bytes when passed through. */
  body: Buffer;
  contentType: string;
  accept?: string;
  /** The client's request headers, for protocols that pass some on (Anthropic's version and beta flags). */
  clientHeaders?: Readonly<Record<string, string | string[] | undefined>>;
}

export interface BuiltRequest {
  url: string;
  headers: Record<string, string>;
  body: Buffer;
}

export interface ParsedAnswer {
  /** The bytes to send to the client, in OpenAI's shape. */
  body: Buffer;
  contentType: string;
  usage?: ReportedUsage;
  /** The generated text, counted locally when the upstream gives no usage. */
  text: string;
  /** The id under which the upstream keeps this answer (a stored response), for later calls about it. */
  answerId?: string;
}

export interface StreamEvent {
  /** SSE `data:` payloads to send to the client, in OpenAI's chunk shape. */
  forward: string[];
  text: string;
  /**
   * Text still inside the event, read only if the stream ends without usage; `size` bounds what waiting
   * readers may hold. Parsing every chunk of a stream whose usage comes at its end was the largest
   * cost of relaying it.
   */
  laterText?: { read: () => string; size: number };
  usage?: ReportedUsage;
  /**
   * Whether the event is a chunk that only reports usage (no choices), when the parser knows: a writer that
   * sends usage only to clients that asked for it then needs not parse the chunk again to tell.
   */
  usageReport?: boolean;
  /**
   * The upstream said its stream is complete. The relay does not need it (it ends every stream with its own
   * `[DONE]`, after a usage chunk it may owe); parsers that wrap another parser read it.
   */
  done?: boolean;
}

/**
 * Reads one streamed answer. It may keep state between events (a message id, open tool calls, usage
 * announced at the start), so the relay makes one per request.
 */
export interface StreamParser {
  /** How the upstream frames its events: SSE `data:` lines, or one JSON object per line. */
  framing: 'sse' | 'ndjson';
  event(data: string): StreamEvent;
  /** Chunks still owed to the client when the upstream ends (a final chunk, usage). */
  end?(): StreamEvent;
  /**
   * For a stream of the upstream's own OpenAI chunks: `test` tells from a payload's bytes, read one
   * character per byte (latin1) in `line[start, end)`, that `event` would forward it unchanged and find no
   * usage in it. The relay then sends those bytes on as they came, without decoding them, and reads their
   * text with `text` only if the stream ends without usage. `readDone` is called once a read's lines are
   * through: a stream waiting for its next chunk then holds nothing of the last one.
   */
  verbatim?: {
    test(line: string, start: number, end: number): boolean;
    text(payload: string): string;
    readDone(): void;
  };
}

/** An upstream refusal found outside the HTTP status: a failed credential exchange, an error in a 200 body. */
export interface UpstreamRefusal {
  /** The HTTP status the refusal stands for, which decides retry and auto-disable. */
  status: number;
  error: UpstreamError;
}

/**
 * An upstream error as the adaptor reads it. `status` is the HTTP status the error really stands for, when
 * the protocol's own status misleads: Gemini answers a bad API key with 400, Anthropic a credit balance too
 * low with 400. When given, it replaces the upstream's status for retry, auto-disable and the client.
 */
export interface ReadUpstreamError extends UpstreamError {
  status?: number;
}

/** A POST with an empty body, for credential exchanges, sent through the relay's upstream client. */
export type PostForText = (url: string) => Promise<{ status: number; body: string }>;

/** One HTTP call through the relay's upstream client (its pool, proxy and timeout), aborted with the client. */
export interface UpstreamHttpCall {
  url: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers: Record<string, string>;
  body?: Buffer | string;
}

/** What the relay lends an adaptor that talks to its upstream itself. */
export interface UpstreamIo {
  send(call: UpstreamHttpCall): Promise<UpstreamResponse>;
  /** Aborted when the client leaves or the attempt is given up. */
  signal: AbortSignal;
  /** RELAY_TIMEOUT in milliseconds (0 = none): the longest wait for a first answer or between two events. */
  timeoutMs: number;
  /** RELAY_PROXY, for the connections an adaptor opens itself (Spark's websocket): `send` already uses it. */
  proxy?: string;
}

/**
 * A client protocol the upstream serves as the client spoke it: the relay sends the client's own body
 * (only the model mapped) with the channel's URL and credentials, and relays the answer's bytes.
 */
export interface NativeEndpoint {
  /** Whether the upstream serves this model in the protocol (Bedrock and Vertex: Claude models only); every model when absent. */
  serves?(model: string): boolean;
  /** The upstream call; `request.path` is the client's path and query, `request.body` its body. */
  buildRequest(request: AdaptorRequest): BuiltRequest;
  /** How the upstream frames its stream: SSE as the client gets it, or NDJSON an `exchange` re-framed. */
  framing: 'sse' | 'ndjson';
}

/**
 * A wire protocol as pure functions. Optional operations are optional members: an adaptor without
 * `streamParser` cannot stream, and the relay says so instead of calling a stub.
 */
export interface Adaptor {
  /**
   * Client protocols this upstream takes natively, beside its conversion from the hub (OpenAI's shape).
   * A channel that declares one of them gets requests in it passed through; for a declared protocol the
   * adaptor lacks, the protocol's generic endpoint at the catalog's path is used.
   */
  native?: Partial<Record<NativeProtocol, NativeEndpoint>>;
  /**
   * The adaptor reads the hub's extension fields (thinking blocks, cache_control, `thinking`; see
   * providers/hub.ts). Adaptors without it get a plain OpenAI request: an OpenAI upstream refuses unknown fields.
   */
  hubExtensions?: boolean;
  /**
   * What the adaptor's request leaves out of a hub request whose extensions it reads (a web search it can
   * offer only without function tools, say), by name, for the client's x-tollgate-dropped header.
   */
  leftOut?(hub: JsonObject, model: string): string[];
  /**
   * The chat parameters the protocol can neither honour nor emulate (`n` above 1, `logprobs`; per upstream
   * model when its models speak different protocols): a chat request using one goes to another channel, or
   * is refused with a 400 naming it, never answered as if the parameter had not been sent.
   */
  refuses?: RefusedParameters;
  /** The relay modes the protocol serves; every mode when absent. Other modes are refused before any call. */
  modes?: readonly RelayMode[];
  /**
   * The protocol takes images only as inline data: the relay downloads the http(s) image URLs of a chat
   * request (bounded, never towards internal addresses) and hands the adaptor data URLs instead.
   */
  inlineImages?: boolean;
  buildRequest(request: AdaptorRequest): BuiltRequest;
  parseAnswer(request: AdaptorRequest, body: Buffer, contentType: string): ParsedAnswer;
  streamParser?(request: AdaptorRequest): StreamParser;
  /** Reads the protocol's own error body into OpenAI's error type and code; the generic reader when absent. */
  parseError?(status: number, body: string): ReadUpstreamError;
  /**
   * Gets what `buildRequest` needs from the network first (an access token, cached by the adaptor), since
   * `buildRequest` is synchronous. A refusal fails the call like an upstream error.
   */
  prepare?(target: UpstreamTarget, post: PostForText): Promise<UpstreamRefusal | undefined>;
  /** Finds an error the protocol reports inside a successful non-stream answer (Baidu's `error_code`). */
  answerError?(request: AdaptorRequest, body: Buffer): UpstreamRefusal | undefined;
  /**
   * Replaces the single HTTP POST of `buildRequest` when the protocol needs more: a websocket (Spark), a
   * task polled to completion (DashScope images, Replicate), binary event frames re-framed as NDJSON
   * (Bedrock). The answer it returns is read as usual: an error status goes through `parseError`, a 200
   * through `parseAnswer` or `streamParser`.
   */
  exchange?(built: BuiltRequest, request: AdaptorRequest, io: UpstreamIo): Promise<UpstreamResponse>;
  /**
   * Drops what the adaptor cached for the target's credentials (an access token) after the upstream
   * rejected them (a failure standing for 401), so that no later call reuses them. Answers whether
   * something was dropped: then the relay tries the same channel once more, with credentials obtained
   * afresh by `prepare`, before counting the failure.
   */
  forgetCredentials?(target: UpstreamTarget): boolean;
}
