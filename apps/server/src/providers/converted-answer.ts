import type { ParsedAnswer } from './adaptor.js';
import { reportedUsage, type OpenAIUsage } from './anthropic/usage.js';
import type { EmbeddingList } from './openai/embedding-list.js';
import type { ReportedUsage } from './openai/response-usage.js';

/**
 * What is read of a `chat.completion` an adaptor built from a foreign answer (the rest is only sent on);
 * `usage` is left out by protocols that count nothing.
 */
export interface ConvertedCompletion {
  choices: { message: { content: string | null; tool_calls?: unknown } }[];
  usage?: OpenAIUsage;
}

/** The text the answer generated, tool call arguments included, for counting when the upstream gives no usage. */
export const generatedText = (completion: Pick<ConvertedCompletion, 'choices'>): string =>
  completion.choices.map((choice) => (choice.message.content ?? '') + (choice.message.tool_calls ? JSON.stringify(choice.message.tool_calls) : '')).join('');

/** What the relay bills instead, when the protocol knows better than the completion's own usage and text. */
export interface AnswerCount {
  usage?: ReportedUsage;
  text: string;
}

/**
 * A converted completion as the relay's answer: JSON bytes for the client, with the usage to bill (none
 * when the upstream counted nothing, so the relay counts the text) and the generated text.
 */
export function convertedAnswer(completion: ConvertedCompletion, count?: AnswerCount): ParsedAnswer {
  const usage = count ? count.usage : completion.usage && reportedUsage(completion.usage);
  return { body: Buffer.from(JSON.stringify(completion)), contentType: 'application/json', usage, text: count ? count.text : generatedText(completion) };
}

/** A converted embedding list as the relay's answer, billed by the tokens the upstream counted (if any). */
export function embeddingAnswer(list: EmbeddingList): ParsedAnswer {
  const tokens = list.usage.prompt_tokens;
  const usage = tokens > 0 ? { promptTokens: tokens, completionTokens: 0, totalTokens: tokens } : undefined;
  return { body: Buffer.from(JSON.stringify(list)), contentType: 'application/json', usage, text: '' };
}
