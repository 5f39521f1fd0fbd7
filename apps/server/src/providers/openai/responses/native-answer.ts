import type { ParsedAnswer } from '../../adaptor.js';
import { reportedFromResponses, type ResponsesUsage } from './usage.js';

/**
 * A Response passed through: sent on as the upstream wrote it, read for its usage (cached and reasoning
 * tokens included), its generated text (counted only when no usage came), and its id when the upstream
 * stored it, so that later calls about it (previous_response_id, GET, DELETE) find the channel.
 */
export interface ResponseBody {
  id?: string;
  store?: boolean;
  usage?: ResponsesUsage | null;
  output?: OutputItem[];
}

interface OutputItem {
  type?: string;
  content?: { text?: unknown }[];
  summary?: { text?: unknown }[];
  arguments?: unknown;
  input?: unknown;
}

export function nativeAnswer(body: Buffer, contentType: string): ParsedAnswer {
  let response: ResponseBody;
  try {
    response = JSON.parse(body.toString('utf8')) as ResponseBody;
  } catch {
    return { body, contentType, text: '' };
  }
  const usage = reportedFromResponses(response.usage);
  const answerId = storedId(response);
  return { body, contentType, text: generatedText(response), ...(usage ? { usage } : {}), ...(answerId ? { answerId } : {}) };
}

/** The id a stored response is kept under; a response made with `store: false` is kept nowhere. */
export const storedId = (response: ResponseBody | undefined): string | undefined => (response && response.store !== false && typeof response.id === 'string' && response.id ? response.id : undefined);

/** Everything the response generated: message text, reasoning summaries, call arguments. */
export function generatedText(response: ResponseBody): string {
  let text = '';
  for (const item of response.output ?? []) {
    for (const part of [...(item.content ?? []), ...(item.summary ?? [])]) if (typeof part.text === 'string') text += part.text;
    if (typeof item.arguments === 'string') text += item.arguments;
    if (typeof item.input === 'string') text += item.input;
  }
  return text;
}
