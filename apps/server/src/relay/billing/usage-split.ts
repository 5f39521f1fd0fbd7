import type { LogCostKind } from '@tollgate/contract';
import type { Price } from './pricing.js';
import type { Usage } from './quota.js';

/** Called once per kind, in the log's order, with its tokens and its price relative to a plain input token. */
export type PartVisitor = (kind: LogCostKind, tokens: number, relative: number) => void;

/**
 * The usage split into the kinds priced apart: cache reads, cache writes and audio come out of the prompt
 * (each at most what is left of it), reasoning and audio out of the completion; the rest is plain input
 * and output. A kind with no price of its own costs what plain tokens of its side cost. A visitor rather than
 * a list: the charge runs on every request, and builds nothing for it.
 */
export function eachUsagePart(usage: Usage, price: Price, visit: PartVisitor): void {
  const cacheRead = Math.min(usage.cacheReadTokens ?? 0, usage.promptTokens);
  const cacheWrite = Math.min(usage.cacheWriteTokens ?? 0, usage.promptTokens - cacheRead);
  const audioIn = Math.min(usage.audioInputTokens ?? 0, usage.promptTokens - cacheRead - cacheWrite);
  const reasoning = Math.min(usage.reasoningTokens ?? 0, usage.completionTokens);
  const audioOut = Math.min(usage.audioOutputTokens ?? 0, usage.completionTokens - reasoning);
  visit('input', usage.promptTokens - cacheRead - cacheWrite - audioIn, 1);
  visit('cache_read', cacheRead, price.cacheReadRatio ?? 1);
  visit('cache_write', cacheWrite, price.cacheWriteRatio ?? 1);
  visit('audio_input', audioIn, price.audioInputRatio ?? 1);
  visit('output', usage.completionTokens - reasoning - audioOut, price.completionRatio);
  visit('reasoning', reasoning, price.reasoningRatio ?? price.completionRatio);
  visit('audio_output', audioOut, price.audioOutputRatio ?? price.completionRatio);
}
