import type { StreamEvent, StreamParser } from '../adaptor.js';
import { usageChunk } from '../openai-chunks.js';
import type { ReportedUsage } from '../openai/response-usage.js';
import { baiduUsage, openAIUsage, toChunk, type BaiduAnswer } from './response.js';

/**
 * Qianfan v1 SSE frames (`data: {…,"result":"…","is_end":…}`, usage cumulative, no `[DONE]`) → OpenAI
 * chunks (reference providers.md 7.5). The last frame closes the stream, with a usage chunk when asked.
 */
export function baiduStreamParser(options: { model: string; includeUsage: boolean }): StreamParser {
  let usage: ReportedUsage | undefined;
  return {
    framing: 'sse',
    event(data: string): StreamEvent {
      let frame: BaiduAnswer;
      try {
        frame = JSON.parse(data) as BaiduAnswer;
      } catch {
        return { forward: [], text: '' };
      }
      usage = baiduUsage(frame) ?? usage;
      const chunk = toChunk(frame, options.model);
      const forward = [JSON.stringify(chunk)];
      const text = (frame.result ?? '') + (frame.function_call?.arguments ?? '');
      // Each frame's usage is reported, so a stream cut short bills what the upstream counted so far.
      if (!frame.is_end) return { forward, text, ...(usage ? { usage } : {}) };
      if (options.includeUsage && usage) forward.push(usageChunk(chunk, openAIUsage(usage)));
      forward.push('[DONE]');
      return { forward, text, usage, done: true };
    },
  };
}
