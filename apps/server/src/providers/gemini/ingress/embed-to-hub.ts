import type { JsonObject } from '../../openai/request-body.js';
import { camelCased } from './camel-case.js';
import { InvalidArgument } from './invalid-argument.js';
import type { ClientPart } from './request-types.js';
import { validateParts } from './validate.js';

/**
 * Gemini's embedContent (one content) and batchEmbedContents (`requests`, one embedding each) as an OpenAI
 * embeddings request: the text of each content (its parts joined by lines) is one input, outputDimensionality
 * is `dimensions`. taskType and title tune Gemini's own embedding models only and are left out.
 * Docs: https://ai.google.dev/api/embeddings
 */
interface EmbedRequest {
  content?: { parts?: ClientPart[] };
  outputDimensionality?: number;
}

export function readEmbedRequest(body: JsonObject, model: string, batch: boolean): JsonObject {
  const request = camelCased(body) as { requests?: unknown } & EmbedRequest;
  const requests = batch ? batchRequests(request.requests) : [checked(request, '')];
  const dimensions = requests.find((item) => typeof item.outputDimensionality === 'number')?.outputDimensionality;
  const texts = requests.map((item) => contentText(item));
  return { model, input: batch ? texts : (texts[0] ?? ''), ...(dimensions ? { dimensions } : {}) };
}

function batchRequests(requests: unknown): EmbedRequest[] {
  if (!Array.isArray(requests) || requests.length === 0) throw new InvalidArgument('requests', 'must be a non-empty list of EmbedContentRequest');
  return requests.map((item, index) => checked(item, `requests[${index}].`));
}

function checked(request: unknown, prefix: string): EmbedRequest {
  if (!request || typeof request !== 'object') throw new InvalidArgument(prefix.slice(0, -1) || 'content', 'must be an object');
  const { content, outputDimensionality } = request as EmbedRequest;
  if (!content || typeof content !== 'object') throw new InvalidArgument(`${prefix}content`, 'content is required');
  validateParts(content.parts, `${prefix}content.parts`);
  if (outputDimensionality !== undefined && (!Number.isInteger(outputDimensionality) || outputDimensionality <= 0)) {
    throw new InvalidArgument(`${prefix}outputDimensionality`, 'must be a positive integer');
  }
  return request as EmbedRequest;
}

function contentText(request: EmbedRequest): string {
  return (request.content?.parts ?? [])
    .map((part) => (typeof part.text === 'string' ? part.text : ''))
    .filter(Boolean)
    .join('\n');
}
