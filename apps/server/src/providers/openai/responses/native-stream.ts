import type { NativeStreamReader, Outgoing } from '../../ingress.js';
import type { ReportedUsage } from '../response-usage.js';
import { SseEventReader } from '../../sse-events.js';
import { WholeSseEvents } from '../../whole-sse-events.js';
import { storedId, type ResponseBody } from './native-answer.js';
import { reportedFromResponses } from './usage.js';

/**
 * A Responses stream passed through: the upstream's bytes go on unchanged, cut only between events so that
 * a keep-alive never lands inside one. Every event is read: the response's id from response.created, the
 * usage from the event that ends it (completed, incomplete or failed), and the deltas' text, counted when
 * no usage comes (the client left early). The answer is whole once response.completed or
 * response.incomplete came; a stream cut before either ends with response.failed from Tollgate.
 * Docs: https://platform.openai.com/docs/api-reference/responses-streaming
 */
interface StreamEvent {
  type?: string;
  delta?: unknown;
  response?: ResponseBody;
}

const TEXT_DELTAS = new Set(['response.output_text.delta', 'response.reasoning_summary_text.delta', 'response.reasoning_text.delta', 'response.function_call_arguments.delta', 'response.custom_tool_call_input.delta', 'response.refusal.delta']);
const ENDS = new Set(['response.completed', 'response.incomplete', 'response.failed']);

export function nativeResponsesStream(countText: (text: string) => void): NativeStreamReader {
  const events = new SseEventReader({ stripOneSpace: true });
  const wholeEvents = new WholeSseEvents();
  let usage: ReportedUsage | undefined;
  let answerId: string | undefined;
  let whole = false;
  /** response.failed or an `error` event went through: the stream needs no other ending. */
  let failed = false;
  let sequence = 0;

  const read = (data: string) => {
    if (!data || data === '[DONE]') return;
    let event: StreamEvent;
    try {
      event = JSON.parse(data) as StreamEvent;
    } catch {
      return;
    }
    const type = event.type ?? '';
    sequence = Math.max(sequence, Number((event as { sequence_number?: unknown }).sequence_number ?? 0) || 0);
    if (type === 'response.completed' || type === 'response.incomplete') whole = true;
    if (type === 'response.failed' || type === 'error') failed = true;
    if (TEXT_DELTAS.has(type) && typeof event.delta === 'string') countText(event.delta);
    if (type === 'response.created') answerId = storedId(event.response);
    if (ENDS.has(type)) {
      usage = reportedFromResponses(event.response?.usage) ?? usage;
      answerId = storedId(event.response) ?? answerId;
    }
  };

  return {
    push(chunk) {
      const complete = wholeEvents.push(chunk);
      const out: Outgoing = complete ? [complete] : [];
      for (const event of events.push(chunk)) read(event.data);
      return out;
    },
    end() {
      const rest = wholeEvents.end();
      const out: Outgoing = rest ? [rest] : [];
      for (const event of events.end()) read(event.data);
      return out;
    },
    usage: () => usage,
    answerId: () => answerId,
    complete: () => whole && !failed,
    interrupt(message) {
      if (failed) return '';
      const response = { id: answerId ?? '', object: 'response', status: 'failed', error: { code: 'server_error', message } };
      return `event: response.failed\ndata: ${JSON.stringify({ type: 'response.failed', sequence_number: sequence + 1, response })}\n\n`;
    },
    close: () => '',
    keepAlive: ': keep-alive\n\n',
  };
}

