import type { LogCostKind } from '@tollgate/contract';
import type { Price } from './pricing.js';
import type { Usage } from './quota.js';

export interface UsagePart {
  kind: LogCostKind;
  tokens: number;
  /** The price of one such token relative to a plain input token of the model. */
  relative: number;
}

/**
 * The usage split into the kinds priced apart: cache reads, cache writes and audio come out of the prompt
 * (each at most what is left of it), reasoning and audio out of the completion; the rest is plain input
 * and output. A kind with no price of its own costs what plain tokens of its side cost.
 */
export function splitUsage(usage: Usage, price: Price): UsagePart[] {
  const cacheRead = Math.min(usage.cacheReadTokens ?? 0, usage.promptTokens);
  const cacheWrite = Math.min(usage.cacheWriteTokens ?? 0, usage.promptTokens - cacheRead);
  const audioIn = Math.min(usage.audioInputTokens ?? 0, usage.promptTokens - cacheRead - cacheWrite);
  const reasoning = Math.min(usage.reasoningTokens ?? 0, usage.completionTokens);
  const audioOut = Math.min(usage.audioOutputTokens ?? 0, usage.completionTokens - reasoning);
  return [
    { kind: 'input', tokens: usage.promptTokens - cacheRead - cacheWrite - audioIn, relative: 1 },
    { kind: 'cache_read', tokens: cacheRead, relative: price.cacheReadRatio ?? 1 },
    { kind: 'cache_write', tokens: cacheWrite, relative: price.cacheWriteRatio ?? 1 },
    { kind: 'audio_input', tokens: audioIn, relative: price.audioInputRatio ?? 1 },
    { kind: 'output', tokens: usage.completionTokens - reasoning - audioOut, relative: price.completionRatio },
    { kind: 'reasoning', tokens: reasoning, relative: price.reasoningRatio ?? price.completionRatio },
    { kind: 'audio_output', tokens: audioOut, relative: price.audioOutputRatio ?? price.completionRatio },
  ];
}
