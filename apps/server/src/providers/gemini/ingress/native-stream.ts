import type { NativeStreamReader, Outgoing } from '../../ingress.js';
import type { ReportedUsage } from '../../openai/response-usage.js';
import { SseEventReader } from '../../sse-events.js';
import { WholeSseEvents } from '../../whole-sse-events.js';
import type { GeminiResponse } from '../wire-types.js';
import { googleError } from './google-error.js';
import { streamFraming, type StreamMode } from './stream-framing.js';
import { reportedFromMetadata } from './usage-metadata.js';

/**
 * A Gemini stream passed through (asked of the upstream with `alt=sse`). For an `alt=sse` client the
 * upstream's bytes go on unchanged, cut only between events, so that a keep-alive never lands inside one;
 * for a client that asked without `alt=sse`, each event's response becomes the next element of the JSON
 * array it expects. Either way every event is read: usageMetadata is cumulative, so the last one is the
 * usage (and bills a stream cut short); the text (thoughts and call arguments included) is counted when
 * none comes. The answer is complete once a candidate has its finishReason; an `error` object ends it failed.
 */
export function nativeStream(mode: StreamMode, countText: (text: string) => void): NativeStreamReader {
  const framing = streamFraming(mode);
  const events = new SseEventReader({ stripOneSpace: true });
  const whole = new WholeSseEvents();
  let usage: ReportedUsage | undefined;
  let finished = false;
  let failed = false;

  const read = (data: string, out: Outgoing) => {
    if (!data) return;
    let response: GeminiResponse;
    try {
      response = JSON.parse(data) as GeminiResponse;
    } catch {
      return;
    }
    usage = reportedFromMetadata(response.usageMetadata) ?? usage;
    if (response.candidates?.some((candidate) => candidate.finishReason)) finished = true;
    if ((response as { error?: unknown }).error) failed = true;
    countText(generatedText(response));
    if (mode === 'array') out.push(framing.event(data));
  };

  return {
    push(chunk) {
      const out: Outgoing = [];
      const complete = mode === 'sse' ? whole.push(chunk) : undefined;
      if (complete) out.push(complete);
      for (const event of events.push(chunk)) read(event.data, out);
      return out;
    },
    end() {
      // In array mode nothing was held: every event was re-framed as it was read.
      const rest = whole.end();
      const out: Outgoing = rest ? [rest] : [];
      for (const event of events.end()) read(event.data, out);
      return out;
    },
    usage: () => usage,
    complete: () => finished && !failed,
    interrupt: (message) => (failed ? '' : framing.event(JSON.stringify(googleError(500, message)))) + framing.close(),
    close: () => framing.close(),
    keepAlive: framing.keepAlive,
  };
}


/** Everything a response generated: text and thought parts, and the arguments of its calls. */
export function generatedText(response: GeminiResponse): string {
  let text = '';
  for (const candidate of response.candidates ?? []) {
    for (const part of candidate.content?.parts ?? []) {
      if (typeof part.text === 'string') text += part.text;
      if (part.functionCall) text += JSON.stringify(part.functionCall.args ?? {});
    }
  }
  return text;
}
