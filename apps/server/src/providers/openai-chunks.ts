import { jsonNumber } from '../lib/json-number.js';
import { nowSeconds } from '../lib/random.js';
import type { AdaptorRequest } from './adaptor.js';
import { readJson } from './adaptor-json.js';
import type { OpenAIUsage } from './anthropic/usage.js';
import type { JsonObject } from './openai/request-body.js';

/**
 * OpenAI's `chat.completion.chunk` payloads, for the adaptors that convert a foreign stream. The fields are
 * written in OpenAI's order (id, object, created, model, choices, usage), so converted streams read like
 * OpenAI's own. Docs: https://platform.openai.com/docs/api-reference/chat-streaming/streaming
 */

/** What every chunk of one answer repeats; clients group chunks by `id`. */
export interface ChunkHead {
  id: string;
  created: number;
  model: string;
}

/**
 * A chunk of one choice: a delta (role, content, tool calls), and its finish reason on the last. Written as
 * text around the delta's JSON, byte for byte what JSON.stringify of the whole chunk writes (tested): a
 * converted stream makes one per token, and building the chunk as objects cost 60% more.
 */
export const chatChunk = (head: ChunkHead, delta: Record<string, unknown>, finishReason: string | null = null, index = 0, logprobs?: unknown): string =>
  `{"id":${JSON.stringify(head.id)},"object":"chat.completion.chunk","created":${jsonNumber(head.created)},"model":${JSON.stringify(head.model)},"choices":[{"index":${jsonNumber(index)},"delta":${JSON.stringify(delta)}${logprobs ? `,"logprobs":${JSON.stringify(logprobs)}` : ''},"finish_reason":${JSON.stringify(finishReason)}}]}`;


/** The chunk that closes a choice: an empty delta with the finish reason. */
export const finishChunk = (head: ChunkHead, finishReason: string, index = 0): string => chatChunk(head, {}, finishReason, index);

/** The last chunk when the client asked for `stream_options.include_usage`: no choices, only the usage. */
export const usageChunk = (head: ChunkHead, usage: OpenAIUsage): string =>
  JSON.stringify({ id: head.id, object: 'chat.completion.chunk', created: head.created, model: head.model, choices: [], usage });

/** The client asked for the usage chunk; only `true` counts, as OpenAI reads it. */
export const wantsUsage = (body: JsonObject): boolean => (body.stream_options as { include_usage?: unknown } | undefined)?.include_usage === true;

/** What a parser converting a foreign stream starts from. */
export interface ConvertedStreamOptions {
  model: string;
  created: number;
  /** The client asked for `stream_options.include_usage`: a last chunk with no choices carries usage. */
  includeUsage: boolean;
}

/** The options of a request's converted stream: its model, created now, and the usage chunk if the client asked. */
export const streamOptionsOf = (request: AdaptorRequest): ConvertedStreamOptions => ({ model: request.model, created: nowSeconds(), includeUsage: wantsUsage(readJson(request.body)) });
