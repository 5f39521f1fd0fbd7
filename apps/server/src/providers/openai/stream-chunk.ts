import { objectAt, quotedAt, USAGE_KEY } from '../usage-object.js';
import { readUsage, type ReportedUsage } from './response-usage.js';

export interface ChunkInfo {
  /** Azure sends a prompt-filter chunk with no choices and no usage first; clients choke on it. */
  drop: boolean;
  text: string;
  usage?: ReportedUsage;
  /** A chunk with usage and no choices, as `stream_options.include_usage` makes upstreams send last. */
  usageReport?: boolean;
}

/**
 * What the relay needs from one `data:` payload of an OpenAI stream: the text it adds (chat delta content,
 * tool call arguments, or completion text) and usage when the upstream reports it.
 */
export function inspectChunk(data: string): ChunkInfo {
  const reported = usageReport(data);
  if (reported) return { drop: false, text: '', usage: reported, usageReport: true };
  let chunk: { choices?: { delta?: { content?: unknown; reasoning_content?: unknown; tool_calls?: { function?: { arguments?: unknown } }[] }; text?: unknown }[]; usage?: unknown };
  try {
    chunk = JSON.parse(data);
  } catch {
    return { drop: false, text: '' };
  }
  const usage = readUsage(chunk.usage);
  const choices = Array.isArray(chunk.choices) ? chunk.choices : [];
  // An error mid-stream goes to the client, which must not take what came before for a whole answer.
  if ((chunk as { error?: unknown }).error) return { drop: false, text: '' };
  if (choices.length === 0 && !usage) return { drop: true, text: '' };
  let text = '';
  for (const choice of choices) {
    const delta = choice.delta;
    if (typeof delta?.content === 'string') text += delta.content;
    if (typeof delta?.reasoning_content === 'string') text += delta.reasoning_content;
    for (const call of delta?.tool_calls ?? []) if (typeof call.function?.arguments === 'string') text += call.function.arguments;
    if (typeof choice.text === 'string') text += choice.text;
  }
  return { drop: false, text, usage, ...(usage && choices.length === 0 ? { usageReport: true } : {}) };
}

// Keys without their opening quote, which is checked where they are found: V8 finds a pattern by looking for its
// first character, and a quote is every few characters of JSON (verbatim-chunk.ts).
const EMPTY_CHOICES = 'choices":[]';
const ERROR_KEY = 'error"';

/**
 * The usage of a usage report, the payload `stream_options.include_usage` makes an upstream send last
 * (`"choices":[]` and a usage object), read from its usage object alone (usage-object.ts): parsing the
 * whole payload, ids and all, was the costliest line of the relay on a short stream (which has a usage
 * report, since the relay asks for one). Undefined for any other payload, or one written otherwise
 * (spaced, with an error, a usage that is not such an object): it is parsed whole.
 */
function usageReport(data: string): ReportedUsage | undefined {
  const key = data.lastIndexOf(USAGE_KEY);
  if (!quotedAt(data, key)) return undefined;
  if (!quotedAt(data, data.lastIndexOf(EMPTY_CHOICES, key)) || data.includes(ERROR_KEY)) return undefined;
  const usage = objectAt(data, key + USAGE_KEY.length);
  return usage && readUsage(usage);
}
