import type { StreamEvent, StreamParser } from '../adaptor.js';
import { reportedUsage } from '../anthropic/usage.js';
import { NOTHING } from '../json-stream-events.js';
import { newId } from '../ollama/response.js';
import { chatChunk, finishChunk, usageChunk, type ConvertedStreamOptions } from '../openai-chunks.js';
import { finishReason, frameCalls, frameText, frameUsage, isLastFrame, parseFrame } from './response.js';
import { isContentFilter, sparkFrameError } from './upstream-error.js';

/**
 * Spark's answer frames, re-framed by the exchange as NDJSON lines, as OpenAI chunks (reference
 * providers.md 9.3): each frame carries a text delta or a whole function call; the frame with status 2
 * ends the answer and carries the usage. An error frame after the first ends the stream with an error
 * chunk (the first frame's error is answered as an HTTP error by the exchange), a content-audit code
 * with a `content_filter` finish.
 */
export function sparkStreamParser(options: ConvertedStreamOptions): StreamParser {
  const head = { id: newId('chatcmpl-'), created: options.created, model: options.model };
  let started = false;
  let calls = 0;
  let finished = false;

  const delta = (fields: Record<string, unknown>) => {
    const first = started ? {} : { role: 'assistant' };
    started = true;
    return chatChunk(head, { ...first, ...fields });
  };

  function onLine(line: string): StreamEvent {
    const frame = parseFrame(line);
    if (!frame) return NOTHING;
    if (!started && frame.header?.sid) head.id = `chatcmpl-${frame.header.sid}`;
    const code = frame.header?.code ?? 0;
    const filtered = isContentFilter(code);
    if (code !== 0 && !filtered) {
      finished = true;
      return { forward: [JSON.stringify({ error: sparkFrameError(code, frame.header?.message).error })], text: '', done: true };
    }
    const forward: string[] = [];
    const content = frameText(frame);
    const frameToolCalls = frameCalls(frame).map((call) => ({ index: calls++, ...call }));
    if (content || frameToolCalls.length > 0) forward.push(delta({ content, ...(frameToolCalls.length > 0 ? { tool_calls: frameToolCalls } : {}) }));
    const text = content + frameToolCalls.map((call) => call.function.arguments).join('');
    if (!filtered && !isLastFrame(frame)) return { forward, text };

    finished = true;
    if (!started) forward.push(delta({ content: '' }));
    forward.push(finishChunk(head, finishReason(filtered, calls > 0)));
    const usage = frameUsage(frame);
    if (options.includeUsage && usage) forward.push(usageChunk(head, usage));
    return { forward: [...forward, '[DONE]'], text, usage: usage && reportedUsage(usage), done: true };
  }

  return {
    framing: 'ndjson',
    event: (data: string): StreamEvent => (finished ? NOTHING : onLine(data)),
  };
}
