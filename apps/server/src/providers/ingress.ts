import type { ClientProtocol } from '@tollgate/contract';
import type { ParsedAnswer } from './adaptor.js';
import type { JsonObject } from './openai/request-body.js';
import type { ReportedUsage } from './openai/response-usage.js';
import type { TokenUsage } from './token-usage.js';

/**
 * The ingress half of a protocol: what a client speaking it sends and expects back. The mirror of the
 * egress `Adaptor`: pure functions, no Fastify, no database. A protocol has one `IngressProtocol` (its
 * credentials and its error shape) and an `IngressEndpoint` per relayed endpoint (Anthropic's messages,
 * Gemini's generateContent and embedContent...), which reads nothing itself: the endpoint's ModeRules read
 * the request, the relay routes it, and the endpoint writes the answer in the client's protocol, either from
 * the hub (a converted answer, providers/hub.ts) or from the upstream's own bytes (passthrough).
 */
export interface IngressProtocol {
  protocol: ClientProtocol;
  /** The API key the client sent, in the form of an Authorization header (`Bearer sk-...`); undefined when none. */
  credential(headers: Readonly<Record<string, string | string[] | undefined>>, query: Readonly<Record<string, unknown>>): string | undefined;
  /** A refusal or failure in the protocol's own shape and with its statuses. */
  error(error: RelayFailure, requestId: string): IngressError;
}

/** What the relay knows of a failure: OpenAI's error fields and the HTTP status it stands for. */
export interface RelayFailure {
  status: number;
  message: string;
  type: string;
  code: string;
  param: string;
}

export interface IngressError {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** What a converted answer or stream needs to know of its request. */
export interface AnswerContext {
  /** The model the upstream was asked for (after the channel's mapping), which a converted answer names. */
  model: string;
  /** Tollgate's request id, for the ids a protocol's answer must carry when the upstream gave none. */
  requestId: string;
  /** The prompt's size as estimated before the call, for protocols that announce it first (Anthropic's message_start). */
  estimatedPromptTokens(): number;
  /** The client's request body. */
  client: JsonObject;
}

/** What leaves for the client from one upstream read: the upstream's own bytes where they pass unchanged, and text. */
export type Outgoing = (Buffer | string)[];

/** Writes a converted stream in the client's protocol from hub stream payloads (providers/hub.ts). */
export interface HubStreamWriter {
  /**
   * The client's events for one hub payload: a `chat.completion.chunk`, or `{"error":…}` when the upstream
   * failed mid-stream. May be empty (a chunk that only starts what a later one says). `usageReport` says
   * whether the payload is a chunk that only reports usage, when the stream's parser knew.
   */
  chunk(payload: string, usageReport?: boolean): string;
  /**
   * What ends the stream once the charge is known: `usage` is what was billed, `reported` whether the upstream
   * reported it (else it was counted locally).
   */
  close(usage: TokenUsage, reported: boolean): string;
  /**
   * `data:` payloads of OpenAI chunks are sent as `data: <payload>\n\n`, unchanged: the relay may then forward
   * the upstream's own bytes without decoding them. Only the OpenAI Chat ingress writes so.
   */
  verbatim?: boolean;
  /** Sent when the stream has been silent for a while, so that clients that give up on silent streams wait. */
  keepAlive?: string;
}

/**
 * Reads a stream that passes through in the client's own protocol: forwards it, and finds its usage. What
 * it has learnt is read through methods, not getters: an object literal with getters of its own closures
 * gets a hidden class of its own from V8, allocated old, which holds the request's objects through every
 * young collection; at a few thousand requests a second that promoted kilobytes per request (see the
 * README's benchmarks).
 */
export interface NativeStreamReader {
  push(chunk: Buffer): Outgoing;
  /** The upstream ended: what is still owed (a last line without its newline). */
  end(): Outgoing;
  /**
   * Usage the upstream reported so far: final once the stream is complete; before that what it announced
   * (Anthropic's input in message_start, Gemini's running counts), which bills a stream cut short.
   */
  usage(): ReportedUsage | undefined;
  /** The upstream ended its answer the way its protocol ends a whole one: not cut off, not failed. */
  complete(): boolean;
  /**
   * What ends the client's stream when the upstream broke off without completing it: the protocol's error
   * event, so the client can tell a truncated answer from a whole one (nothing when the upstream's own
   * error event already went through).
   */
  interrupt(message: string): string;
  /** The id under which the upstream keeps the answer (a stored response), once the stream has named it. */
  answerId?(): string | undefined;
  /** What ends the client's stream once the charge is known; usually nothing, the upstream's own end went through. */
  close(usage: TokenUsage): string;
  keepAlive?: string;
}

/** The changes the relay makes to a body it passes through. */
export interface NativeChanges {
  /** The upstream model, when the channel maps the client's model to another. */
  model?: string;
  /** The channel's system prompt, replacing the client's. */
  systemPrompt?: string;
}

/** Reading and editing what passes through in the endpoint's protocol. */
export interface NativeReaders {
  /** The client's body as it goes upstream, or undefined when nothing changes (the raw bytes go). */
  rewrite(client: JsonObject, changes: NativeChanges): JsonObject | undefined;
  /** An answer in the protocol: sent on unchanged, read for usage (and text, counted when it has none). */
  answer(body: Buffer, contentType: string): ParsedAnswer;
  /**
   * A stream in the protocol, framed as the native endpoint says (NDJSON when an exchange re-framed binary
   * frames): forwarded as the client expects it; `countText` is given the generated text, counted locally
   * when no usage comes.
   */
  stream(framing: 'sse' | 'ndjson', countText: (text: string) => void, context: AnswerContext): NativeStreamReader;
}

/** One relayed endpoint of a client protocol: how its answers are written. */
export interface IngressEndpoint {
  /** The content type of a converted answer; the upstream's answer's when absent (OpenAI's own shapes). */
  contentType?: string;
  /** A hub answer (an OpenAI `chat.completion`, or the mode's OpenAI answer) as the client's answer. */
  fromHubAnswer(body: Buffer, usage: TokenUsage, reported: boolean, context: AnswerContext): Buffer;
  /** A writer of the converted stream; absent when the endpoint does not stream. */
  fromHubStream?(context: AnswerContext): HubStreamWriter;
  /** Passthrough; absent when the endpoint is always converted (OpenAI Chat, whose hub is its own shape). */
  native?: NativeReaders;
}
