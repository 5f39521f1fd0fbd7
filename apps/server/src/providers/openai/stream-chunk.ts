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
