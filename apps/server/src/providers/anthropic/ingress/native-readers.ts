import type { NativeReaders } from '../../ingress.js';
import { nativeAnswer } from './native-answer.js';
import { nativeStream } from './native-stream.js';

/**
 * Reading and editing what passes through to an Anthropic-family upstream: the body changes only for the
 * channel's model mapping (`model`) and its system prompt, which replaces the client's `system`; the
 * rest (cache_control, thinking signatures, betas' fields) goes as the client wrote it.
 */
export const messagesReaders: NativeReaders = {
  rewrite(client, changes) {
    if (!changes.model && !changes.systemPrompt) return undefined;
    return { ...client, ...(changes.model ? { model: changes.model } : {}), ...(changes.systemPrompt ? { system: changes.systemPrompt } : {}) };
  },
  answer: nativeAnswer,
  stream: (framing, countText) => nativeStream(framing, countText),
};
