import type { IngressEndpoint } from '../../ingress.js';
import { generateAnswer } from './answer-from-hub.js';
import { embedAnswer } from './embed-answer.js';
import { hubStreamWriter } from './hub-stream-writer.js';
import { countTokensReaders, embedReaders, generateReaders } from './native-readers.js';
import type { StreamMode } from './stream-framing.js';

/**
 * The relayed endpoints of the Gemini API: how each writes its answers, converted from the hub or passed
 * through. A stream's framing is the client's choice (`alt=sse` or the JSON array), so each has an endpoint.
 */
const JSON_TYPE = 'application/json; charset=UTF-8';

/** generateContent, and streamGenerateContent framed as `mode`. */
export function generateEndpoint(mode: StreamMode): IngressEndpoint {
  return {
    contentType: JSON_TYPE,
    fromHubAnswer: (body, usage, _reported, context) => generateAnswer(body, usage, context),
    fromHubStream: (context) => hubStreamWriter(mode, context),
    native: generateReaders(mode),
  };
}

/** embedContent (one embedding) or batchEmbedContents. */
export function embedEndpoint(batch: boolean): IngressEndpoint {
  return { contentType: JSON_TYPE, fromHubAnswer: (body) => embedAnswer(body, batch), native: embedReaders(batch) };
}

/** countTokens: passed through, or counted by Tollgate; its answer is never converted from a hub answer. */
export const countTokensEndpoint: IngressEndpoint = { ...generateEndpoint('sse'), native: countTokensReaders };
