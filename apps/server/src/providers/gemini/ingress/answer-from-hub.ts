import type { AnswerContext } from '../../ingress.js';
import type { TokenUsage } from '../../token-usage.js';
import { finishReasonOf, functionCallPart, textOf, wantsThoughts, type AnswerPart, type HubToolCall } from './answer-parts.js';
import { metadataFromUsage } from './usage-metadata.js';

/**
 * A converted answer: the hub's `chat.completion` as Gemini's GenerateContentResponse, one candidate per
 * choice (thought parts, text, function calls), with the usage Tollgate billed as its usageMetadata.
 * Docs: https://ai.google.dev/api/generate-content#generatecontentresponse
 */
interface HubChoice {
  index?: number;
  message?: { content?: unknown; reasoning_content?: unknown; refusal?: unknown; tool_calls?: HubToolCall[] };
  finish_reason?: string | null;
}

export function generateAnswer(body: Buffer, usage: TokenUsage, context: AnswerContext): Buffer {
  let completion: { id?: unknown; choices?: HubChoice[] };
  try {
    completion = JSON.parse(body.toString('utf8')) as typeof completion;
  } catch {
    return body;
  }
  const thoughts = wantsThoughts(context.client);
  const candidates = (completion.choices ?? []).map((choice, position) => ({
    content: { parts: choiceParts(choice, thoughts), role: 'model' },
    finishReason: finishReasonOf(choice.finish_reason ?? 'stop'),
    index: choice.index ?? position,
  }));
  const answer = { candidates, usageMetadata: metadataFromUsage(usage), modelVersion: context.model, responseId: typeof completion.id === 'string' ? completion.id : context.requestId };
  return Buffer.from(JSON.stringify(answer));
}

function choiceParts(choice: HubChoice, thoughts: boolean): AnswerPart[] {
  const message = choice.message ?? {};
  const parts: AnswerPart[] = [];
  const reasoning = textOf(message.reasoning_content);
  if (thoughts && reasoning) parts.push({ text: reasoning, thought: true });
  const text = textOf(message.content) || textOf(message.refusal);
  if (text) parts.push({ text });
  for (const call of message.tool_calls ?? []) parts.push(functionCallPart(call));
  // The SDKs' chats drop a turn without parts.
  return parts.length > 0 ? parts : [{ text: '' }];
}
