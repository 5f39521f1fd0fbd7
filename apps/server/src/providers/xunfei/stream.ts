import type { StreamEvent, StreamParser } from '../adaptor.js';
import { convertedStream } from '../converted-stream.js';
import { NOTHING } from '../json-stream-events.js';
import type { ConvertedStreamOptions } from '../openai-chunks.js';
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
  const answer = convertedStream(options);
  let finished = false;

  function onLine(line: string): StreamEvent {
    const frame = parseFrame(line);
    if (!frame) return NOTHING;
    if (!answer.started() && frame.header?.sid) answer.head.id = `chatcmpl-${frame.header.sid}`;
    const code = frame.header?.code ?? 0;
    const filtered = isContentFilter(code);
    if (code !== 0 && !filtered) {
      finished = true;
      return { forward: [JSON.stringify({ error: sparkFrameError(code, frame.header?.message).error })], text: '', done: true };
    }
    const forward: string[] = [];
    const content = frameText(frame);
    const frameToolCalls = answer.numbered(frameCalls(frame));
    if (content || frameToolCalls.length > 0) forward.push(answer.delta({ content, ...(frameToolCalls.length > 0 ? { tool_calls: frameToolCalls } : {}) }));
    const text = content + frameToolCalls.map((call) => call.function.arguments).join('');
    if (!filtered && !isLastFrame(frame)) return { forward, text };

    finished = true;
    return answer.close(forward, finishReason(filtered, answer.calledTools()), frameUsage(frame), text);
  }

  return {
    framing: 'ndjson',
    event: (data: string): StreamEvent => (finished ? NOTHING : onLine(data)),
  };
}
