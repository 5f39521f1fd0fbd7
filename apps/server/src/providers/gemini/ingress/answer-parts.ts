import { parseArguments } from '../../anthropic/messages.js';
import type { JsonObject } from '../../openai/request-body.js';
import { signatureOfCallId } from '../call-id.js';
import { camelCased } from './camel-case.js';

/**
 * What the converted answer and the converted stream both write: the parts of a candidate and its
 * finishReason, from the hub's (OpenAI's) message fields. Docs: https://ai.google.dev/api/generate-content#candidate
 */
export interface AnswerPart {
  text?: string;
  thought?: boolean;
  functionCall?: { name: string; args: unknown; id?: string };
  thoughtSignature?: string;
}

/** A hub tool call, whole (a stream's are assembled first). */
export interface HubToolCall {
  id?: string;
  function?: { name?: string; arguments?: string };
  extra_content?: { google?: { thought_signature?: unknown } };
}

/** Gemini says STOP after a function call too; a filtered answer is SAFETY. */
const FINISH_REASONS: Record<string, string> = { stop: 'STOP', length: 'MAX_TOKENS', tool_calls: 'STOP', function_call: 'STOP', content_filter: 'SAFETY' };

export const finishReasonOf = (reason: string): string => FINISH_REASONS[reason] ?? 'OTHER';

/**
 * A call as Gemini writes it: arguments as an object, the call's id (so that the client's functionResponse
 * names the call it answers, whatever the upstream's ids look like), and the thought signature the
 * upstream gave it (a Gemini upstream's, carried in extra_content or in the id).
 */
export function functionCallPart(call: HubToolCall): AnswerPart {
  const args = parseArguments(call.function?.arguments);
  const extra = call.extra_content?.google?.thought_signature;
  const signature = typeof extra === 'string' ? extra : signatureOfCallId(call.id);
  return {
    functionCall: { name: call.function?.name ?? '', args: args && typeof args === 'object' && !Array.isArray(args) ? args : { value: args }, ...(call.id ? { id: call.id } : {}) },
    ...(signature ? { thoughtSignature: signature } : {}),
  };
}

/** Thoughts are shown only to a client that asked for them (thinkingConfig.includeThoughts), as Gemini does. */
export function wantsThoughts(client: JsonObject): boolean {
  const config = (camelCased(client.generationConfig ?? client.generation_config) ?? {}) as { thinkingConfig?: { includeThoughts?: unknown } };
  return config.thinkingConfig?.includeThoughts === true;
}

/** A message's text, whether the hub gave a string or text parts. */
export function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return (content as { text?: unknown }[]).map((part) => (typeof part.text === 'string' ? part.text : '')).join('');
}
