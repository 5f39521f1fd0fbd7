import type { StreamEvent, StreamParser } from '../adaptor.js';
import { referencesMarkdown } from './response.js';
import { libraryRefusal } from './upstream-error.js';
import type { LibraryDocument, LibraryStreamFrame } from './wire-types.js';

/**
 * Library SSE frames (`data: {"content":"…","finish":false,…}` … a frame with `"finish":true`, reference
 * providers.md 19) → OpenAI chunks. Documents may come in any frame; they are sent as one last content
 * chunk of references before the finish chunk. A `success:false` frame becomes an OpenAI error payload.
 */
export function libraryStreamParser(options: { model: string; created: number }): StreamParser {
  let documents: LibraryDocument[] = [];
  let roleSent = false;
  let finished = false;
  const chunk = (delta: Record<string, unknown>, finishReason: string | null) =>
    JSON.stringify({ id: `chatcmpl-aiproxy-${options.created}`, object: 'chat.completion.chunk', created: options.created, model: options.model, choices: [{ index: 0, delta, finish_reason: finishReason }] });
  const content = (text: string) => {
    const delta = roleSent ? { content: text } : { role: 'assistant', content: text };
    roleSent = true;
    return chunk(delta, null);
  };
  const finish = (): StreamEvent => {
    finished = true;
    const references = referencesMarkdown(documents);
    return { forward: [...(references ? [content(references)] : []), chunk({}, 'stop'), '[DONE]'], text: '', done: true };
  };
  return {
    framing: 'sse',
    event(data: string): StreamEvent {
      if (finished) return { forward: [], text: '' };
      let frame: LibraryStreamFrame;
      try {
        frame = JSON.parse(data) as LibraryStreamFrame;
      } catch {
        return { forward: [], text: '' };
      }
      const refusal = libraryRefusal(frame);
      if (refusal) {
        finished = true;
        return { forward: [JSON.stringify({ error: refusal.error })], text: '', done: true };
      }
      if (Array.isArray(frame.documents) && frame.documents.length > 0) documents = frame.documents;
      const text = typeof frame.content === 'string' ? frame.content : '';
      const forward = text ? [content(text)] : [];
      if (!frame.finish) return { forward, text };
      const last = finish();
      return { ...last, forward: [...forward, ...last.forward], text };
    },
    end: (): StreamEvent => (finished ? { forward: [], text: '' } : finish()),
  };
}
