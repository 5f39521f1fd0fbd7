import type { RelayMode } from '../providers/adaptor.js';
import type { TokenKinds } from '../providers/token-usage.js';
import type { Usage } from './billing/quota.js';
import type { Outcome } from './modes/mode-rules.js';
import type { RelayInput } from './request-input.js';
import { counterFor } from './tokens/encoders.js';
import { countChatPrompt, countTextInput } from './tokens/count-prompt.js';
import { readRerankRequest, rerankTokens } from '../providers/rerank/rerank-request.js';

type Counter = (text: string) => number;

/** A cheap, generous count for the reservation: a byte per third of a token, images by their tile rule. */
const estimateCounter: Counter = (text) => Math.ceil(Buffer.byteLength(text) / 3);

export function promptTokens(mode: RelayMode, input: RelayInput, model: string, count: Counter): number {
  if (mode === 'chat') return countChatPrompt(input.json.messages, model, count);
  if (mode === 'completions') return countTextInput(input.json.prompt, count);
  if (mode === 'moderations') return countTextInput(input.json.input, count);
  if (mode === 'rerank') return rerankTokens(readRerankRequest(input.json), count);
  return 0;
}

export const estimatePromptTokens = (mode: RelayMode, input: RelayInput, model: string) => promptTokens(mode, input, model, estimateCounter);

/**
 * The usage to bill (reference 1.6): the upstream's when it reports any; a prompt count of 0 with a total
 * is filled from the local count; with no usage at all, prompt and completion are both counted locally. An
 * answer cut short bills the input reported and the larger of the output reported and counted.
 */
export async function resolveUsage(
  { reported, partial, generatedTokens: completionTokens }: Pick<Outcome, 'reported' | 'partial' | 'generatedTokens'>,
  mode: RelayMode,
  input: RelayInput,
  model: string,
  approximate: boolean,
): Promise<Usage> {
  const localPrompt = async () => promptTokens(mode, input, model, await counterFor(model, approximate));
  if (reported && reported.totalTokens > 0) {
    // Cut short, the upstream's output count may lag what reached the client: the larger of the two is billed.
    const completion = async (reportedCompletion: number) => (partial ? Math.max(reportedCompletion, await completionTokens()) : reportedCompletion);
    if (reported.promptTokens > 0) return { promptTokens: reported.promptTokens, completionTokens: await completion(reported.completionTokens), ...tokenKinds(reported) };
    const prompt = await localPrompt();
    return { promptTokens: prompt, completionTokens: await completion(Math.max(0, reported.totalTokens - prompt)), ...tokenKinds(reported) };
  }
  const prompt = mode === 'embeddings' ? countTextInput(input.json.input, await counterFor(model, approximate)) : await localPrompt();
  return { promptTokens: prompt, completionTokens: mode === 'embeddings' || mode === 'moderations' ? 0 : await completionTokens() };
}

/** The breakdown the upstream reported, without the kinds it did not name. */
function tokenKinds(reported: TokenKinds): TokenKinds {
  const kinds: TokenKinds = {};
  if (reported.cacheReadTokens) kinds.cacheReadTokens = reported.cacheReadTokens;
  if (reported.cacheWriteTokens) kinds.cacheWriteTokens = reported.cacheWriteTokens;
  if (reported.reasoningTokens) kinds.reasoningTokens = reported.reasoningTokens;
  if (reported.audioInputTokens) kinds.audioInputTokens = reported.audioInputTokens;
  if (reported.audioOutputTokens) kinds.audioOutputTokens = reported.audioOutputTokens;
  return kinds;
}
