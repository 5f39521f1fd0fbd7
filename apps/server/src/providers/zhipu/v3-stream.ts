import { Readable } from 'node:stream';
import type { StreamEvent, StreamParser } from '../adaptor.js';
import { reportedUsage, type OpenAIUsage } from '../anthropic/usage.js';
import { NOTHING, jsonStreamEvents } from '../json-stream-events.js';
import { newId } from '../ollama/response.js';
import { chatChunk, finishChunk, usageChunk, type ConvertedStreamOptions } from '../openai-chunks.js';
import { ndjsonLine, sseEvents } from '../sse-events.js';
import { streamedResponse, type UpstreamResponse } from '../upstream-response.js';
import { v3Usage, type V3Usage } from './v3.js';

/**
 * Zhipu v3's `sse-invoke` stream (reference providers.md 10.3): `event: add` with raw text (not JSON) in
 * its data lines, then `event: finish` whose usage is in a `meta:` line; `error` and `interrupted` end it
 * early. The relay's SSE splitter keeps only data lines, one at a time and trimmed, which would lose the
 * event names, the meta line, the line breaks of multi-line text and the spaces between tokens; so the
 * adaptor reads the events itself and re-frames each as one JSON line.
 */
export interface V3Event {
  event: string;
  data: string;
  meta?: string;
}

/** The upstream stream re-framed as NDJSON `V3Event` lines. */
export function reframeV3Stream(response: UpstreamResponse): UpstreamResponse {
  async function* lines(): AsyncGenerator<string> {
    // The token follows `data:` directly, its leading space included (as one-api reads it), so no space is stripped.
    for await (const event of sseEvents(response.body, { stripOneSpace: false })) {
      const meta = event.fields.meta;
      yield ndjsonLine({ event: event.event, data: event.data, ...(meta !== undefined ? { meta } : {}) } satisfies V3Event);
    }
  }
  return streamedResponse(200, 'application/x-ndjson', Readable.from(lines()));
}

function metaUsage(meta: string | undefined): OpenAIUsage | undefined {
  if (!meta) return undefined;
  try {
    const parsed = JSON.parse(meta) as { usage?: V3Usage };
    return parsed.usage ? v3Usage(parsed.usage) : undefined;
  } catch {
    return undefined;
  }
}

export function zhipuV3StreamParser(options: ConvertedStreamOptions): StreamParser {
  const head = { id: newId('chatcmpl-'), created: options.created, model: options.model };
  let started = false;
  let finished = false;

  const finish = (forward: string[], usage?: OpenAIUsage): StreamEvent => {
    finished = true;
    const tail = options.includeUsage && usage ? [usageChunk(head, usage)] : [];
    return { forward: [...forward, ...tail, '[DONE]'], text: '', usage: usage && reportedUsage(usage), done: true };
  };
  const opening = () => (started ? [] : [chatChunk(head, { role: 'assistant', content: '' })]);

  function onEvent(event: V3Event): StreamEvent {
    if (event.event === 'add') {
      const forward = [chatChunk(head, { ...(started ? {} : { role: 'assistant' }), content: event.data })];
      started = true;
      return { forward, text: event.data };
    }
    if (event.event === 'finish') return finish([...opening(), finishChunk(head, 'stop')], metaUsage(event.meta));
    if (event.event === 'error' || event.event === 'interrupted') {
      const message = event.data.trim() || `the Zhipu stream was ${event.event === 'error' ? 'broken off by an error' : 'interrupted'}`;
      return finish([JSON.stringify({ error: { message, type: 'upstream_error', code: event.event } })], metaUsage(event.meta));
    }
    return NOTHING;
  }

  return {
    framing: 'ndjson',
    event: jsonStreamEvents<V3Event>(() => finished, onEvent),
    end: () => (finished ? NOTHING : finish([...opening(), finishChunk(head, 'stop')])),
  };
}
