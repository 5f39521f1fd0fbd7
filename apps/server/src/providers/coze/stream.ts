import type { StreamEvent, StreamParser } from '../adaptor.js';
import { NOTHING } from '../json-stream-events.js';
import { chatChunk, finishChunk } from '../openai-chunks.js';
import { isAnswer } from './response.js';
import { cozeRefusal } from './upstream-error.js';
import type { CozeStreamFrame } from './wire-types.js';

/**
 * Coze v2 SSE frames (`data:{"event":"message",…}` … `data:{"event":"done"}`, reference providers.md 14.1)
 * → OpenAI chunks. Only `answer` messages are the reply: verbose, follow-up and tool messages are dropped.
 * An `error` event after the stream began becomes an OpenAI error payload, which the SDKs raise.
 */
export function cozeStreamParser(options: { model: string; created: number }): StreamParser {
  // The id is the conversation's, which every frame names.
  const head = { id: 'chatcmpl-', created: options.created, model: options.model };
  let roleSent = false;
  const finish = (): StreamEvent => ({ forward: [finishChunk(head, 'stop'), '[DONE]'], text: '', done: true });
  let finished = false;
  return {
    framing: 'sse',
    event(data: string): StreamEvent {
      if (finished) return NOTHING;
      let frame: CozeStreamFrame;
      try {
        frame = JSON.parse(data) as CozeStreamFrame;
      } catch {
        return NOTHING;
      }
      if (frame.conversation_id) head.id = `chatcmpl-${frame.conversation_id}`;
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
      if (frame.event !== 'message' || !isAnswer(frame.message) || frame.message.content === '') return NOTHING;
      const delta: Record<string, unknown> = roleSent ? { content: frame.message.content } : { role: 'assistant', content: frame.message.content };
      roleSent = true;
      return { forward: [chatChunk(head, delta)], text: frame.message.content };
    },
    end(): StreamEvent {
      // A stream cut before `done` still owes the client a finished answer.
      if (finished) return NOTHING;
      finished = true;
      return finish();
    },
  };
}
