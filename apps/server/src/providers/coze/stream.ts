import type { StreamEvent, StreamParser } from '../adaptor.js';
import { isAnswer } from './response.js';
import { cozeRefusal } from './upstream-error.js';
import type { CozeStreamFrame } from './wire-types.js';

/**
 * Coze v2 SSE frames (`data:{"event":"message",…}` … `data:{"event":"done"}`, reference providers.md 14.1)
 * → OpenAI chunks. Only `answer` messages are the reply: verbose, follow-up and tool messages are dropped.
 * An `error` event after the stream began becomes an OpenAI error payload, which the SDKs raise.
 */
export function cozeStreamParser(options: { model: string; created: number }): StreamParser {
  let id = 'chatcmpl-';
  let roleSent = false;
  const chunk = (delta: Record<string, unknown>, finishReason: string | null) =>
    JSON.stringify({ id, object: 'chat.completion.chunk', created: options.created, model: options.model, choices: [{ index: 0, delta, finish_reason: finishReason }] });
  const finish = (): StreamEvent => ({ forward: [chunk({}, 'stop'), '[DONE]'], text: '', done: true });
  let finished = false;
  return {
    framing: 'sse',
    event(data: string): StreamEvent {
      if (finished) return { forward: [], text: '' };
      let frame: CozeStreamFrame;
      try {
        frame = JSON.parse(data) as CozeStreamFrame;
      } catch {
        return { forward: [], text: '' };
      }
      if (frame.conversation_id) id = `chatcmpl-${frame.conversation_id}`;
      if (frame.event === 'done') {
        finished = true;
        return finish();
      }
      if (frame.event === 'error') {
        finished = true;
        const info = frame.error_information ?? {};
        const { error } = cozeRefusal(Number(info.code ?? -1), info.msg ?? '');
        return { forward: [JSON.stringify({ error })], text: '', done: true };
      }
      if (frame.event !== 'message' || !isAnswer(frame.message) || frame.message.content === '') return { forward: [], text: '' };
      const delta: Record<string, unknown> = roleSent ? { content: frame.message.content } : { role: 'assistant', content: frame.message.content };
      roleSent = true;
      return { forward: [chunk(delta, null)], text: frame.message.content };
    },
    end(): StreamEvent {
      // A stream cut before `done` still owes the client a finished answer.
      if (finished) return { forward: [], text: '' };
      finished = true;
      return finish();
    },
  };
}
