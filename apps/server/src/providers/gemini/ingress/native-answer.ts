import type { ParsedAnswer } from '../../adaptor.js';
import type { GeminiResponse } from '../wire-types.js';
import { generatedText } from './native-stream.js';
import { reportedFromMetadata } from './usage-metadata.js';

/**
 * A Gemini answer passed through: sent on as the upstream wrote it, read for its usageMetadata (thoughts as
 * reasoning, cachedContentTokenCount as cache reads) and its text. Embedding answers carry no usage: their
 * input is counted.
 */
export function nativeAnswer(body: Buffer, contentType: string): ParsedAnswer {
  let response: GeminiResponse;
  try {
    response = JSON.parse(body.toString('utf8')) as GeminiResponse;
  } catch {
    return { body, contentType, text: '' };
  }
  const usage = reportedFromMetadata(response.usageMetadata);
  return { body, contentType, text: generatedText(response), ...(usage ? { usage } : {}) };
}
