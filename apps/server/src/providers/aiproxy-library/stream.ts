import type { StreamEvent, StreamParser } from '../adaptor.js';
import { NOTHING } from '../json-stream-events.js';
import { chatChunk, finishChunk } from '../openai-chunks.js';
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
  const head = { id: `chatcmpl-aiproxy-${options.created}`, created: options.created, model: options.model };
  const content = (text: string) => {
    const delta = roleSent ? { content: text } : { role: 'assistant', content: text };
    roleSent = true;
    return chatChunk(head, delta);
  };
  const finish = (): StreamEvent => {
    finished = true;
    const references = referencesMarkdown(documents);
    return { forward: [...(references ? [content(references)] : []), finishChunk(head, 'stop'), '[DONE]'], text: '', done: true };
  };
  return {
    framing: 'sse',
    event(data: string): StreamEvent {
      if (finished) return NOTHING;
      let frame: LibraryStreamFrame;
      try {
        frame = JSON.parse(data) as LibraryStreamFrame;
      } catch {
        return NOTHING;
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
    end: (): StreamEvent => (finished ? NOTHING : finish()),
  };
}
