import { nowSeconds } from '../../lib/random.js';
import type { ReportedUsage } from '../openai/response-usage.js';

/**
 * Qianfan v1 answers → OpenAI's shapes (reference providers.md 7.4, 7.5, 7.7).
 * Docs: https://cloud.baidu.com/doc/WENXINWORKSHOP/s/jlil56u11
 */
export interface BaiduAnswer {
  id?: string;
  created?: number;
  result?: string;
  is_end?: boolean;
  finish_reason?: string;
  function_call?: { name: string; arguments: string };
  usage?: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number };
}

const FINISH_REASONS: Record<string, string> = { normal: 'stop', stop: 'stop', length: 'length', content_filter: 'content_filter', function_call: 'tool_calls' };

export const finishReason = (answer: BaiduAnswer): string => (answer.function_call ? 'tool_calls' : (FINISH_REASONS[answer.finish_reason ?? ''] ?? 'stop'));

/** Stream usage is cumulative; one-api counts completion tokens as total − prompt. */
export function baiduUsage(answer: BaiduAnswer): ReportedUsage | undefined {
  const usage = answer.usage;
  if (!usage?.total_tokens) return undefined;
  const prompt = usage.prompt_tokens ?? 0;
  return { promptTokens: prompt, completionTokens: usage.total_tokens - prompt, totalTokens: usage.total_tokens };
}

export const openAIUsage = (usage: ReportedUsage) => ({ prompt_tokens: usage.promptTokens, completion_tokens: usage.completionTokens, total_tokens: usage.totalTokens });

const toolCalls = (answer: BaiduAnswer) =>
  answer.function_call ? [{ id: `call_${answer.id ?? ''}`, type: 'function', function: { name: answer.function_call.name, arguments: answer.function_call.arguments } }] : undefined;

export function toChatCompletion(answer: BaiduAnswer, model: string) {
  const usage = baiduUsage(answer);
  return {
    id: `chatcmpl-${answer.id ?? ''}`,
    object: 'chat.completion',
    created: answer.created ?? nowSeconds(),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: answer.result ?? '', tool_calls: toolCalls(answer) }, finish_reason: finishReason(answer) }],
    usage: usage ? openAIUsage(usage) : undefined,
  };
}

export function toChunk(answer: BaiduAnswer, model: string) {
  return {
    id: `chatcmpl-${answer.id ?? ''}`,
    object: 'chat.completion.chunk',
    created: answer.created ?? nowSeconds(),
    model,
    choices: [{ index: 0, delta: { content: answer.result ?? '', tool_calls: toolCalls(answer) }, finish_reason: answer.is_end ? finishReason(answer) : null }],
  };
}

export interface BaiduEmbeddings {
  data?: { embedding: number[]; index: number }[];
  usage?: { prompt_tokens?: number; total_tokens?: number };
}

export function toEmbeddingList(answer: BaiduEmbeddings, model: string) {
  const prompt = answer.usage?.prompt_tokens ?? 0;
  return {
    object: 'list',
    data: (answer.data ?? []).map((d) => ({ object: 'embedding', index: d.index, embedding: d.embedding })),
    model,
    usage: { prompt_tokens: prompt, total_tokens: answer.usage?.total_tokens ?? prompt },
  };
}
