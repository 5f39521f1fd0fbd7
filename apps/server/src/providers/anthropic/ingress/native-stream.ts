import type { NativeStreamReader, Outgoing } from '../../ingress.js';
import { soleUsageObject } from '../../usage-object.js';
import { eachEventData, WholeSseEvents } from '../../whole-sse-events.js';
import { openAIUsage, reportedUsage } from '../usage.js';
import type { AnthropicUsage } from '../wire-types.js';
import { PING, sseEvent } from './sse-event.js';

/**
 * An Anthropic stream passed through. SSE (Anthropic, Vertex, the compatible vendors) goes on as the
 * upstream sent it, cut only between events so that a ping never lands inside one; NDJSON (Bedrock,
 * whose binary frames the exchange re-framed as one event per line) is framed as Anthropic's SSE, and a
 * Bedrock exception line becomes Anthropic's `error` event. Every event is read: the usage is
 * message_start's, updated by message_delta's cumulative counts. A stream is complete at message_stop;
 * one that ends before it (the client left, the upstream broke off or sent an error) is billed the input
 * message_start reported, cache breakdown included, and the larger of the output reported and the output
 * counted (the relay's rule for a partial report). Docs: https://docs.anthropic.com/en/api/messages-streaming
 */
interface StreamEvent {
  type?: string;
  message?: { usage?: AnthropicUsage };
  usage?: AnthropicUsage;
  delta?: { text?: string; thinking?: string; partial_json?: string };
  exception?: { type?: string; message?: string };
}

/** Bedrock's stream exceptions as Anthropic's error types. */
const EXCEPTION_TYPES: Record<string, string> = {
  throttlingException: 'rate_limit_error',
  serviceUnavailableException: 'overloaded_error',
  validationException: 'invalid_request_error',
  modelTimeoutException: 'timeout_error',
};

/** How Anthropic begins an event's data: its type first. */
const TYPE_OPENING = '{"type":"';
/** An event that names an error is parsed whole, so that nothing of it is missed. */
const ERROR_KEY = 'error"';

/** The type an event's data begins with, written as Anthropic writes it; undefined for data written otherwise. */
function leadingType(data: string): string | undefined {
  if (!data.startsWith(TYPE_OPENING)) return undefined;
  const end = data.indexOf('"', TYPE_OPENING.length);
  return end === -1 ? undefined : data.slice(TYPE_OPENING.length, end);
}
/** Where a delta's counted text begins, as Anthropic writes each kind; it runs to the event's closing `"}}`. */
const DELTA_TEXT_OPENINGS = ['"delta":{"type":"text_delta","text":"', '"delta":{"type":"thinking_delta","thinking":"', '"delta":{"type":"input_json_delta","partial_json":"'];
const DELTA_CLOSING = '"}}';

/**
 * The text of a content delta read straight from its data, when the value holds neither a quote nor a
 * backslash: then the characters between the opening and the closing are the string itself, since JSON
 * escapes every quote inside a string. Undefined when the event must be parsed (escapes, other shapes).
 */
function plainDeltaText(data: string): string | undefined {
  if (!data.endsWith(DELTA_CLOSING)) return undefined;
  for (const opening of DELTA_TEXT_OPENINGS) {
    const at = data.indexOf(opening);
    if (at === -1) continue;
    const value = data.slice(at + opening.length, data.length - DELTA_CLOSING.length);
    return value.includes('"') || value.includes('\\') ? undefined : value;
  }
  return undefined;
}

export function nativeStream(framing: 'sse' | 'ndjson', countText: (text: string) => void): NativeStreamReader {
  const whole = new WholeSseEvents();
  let lineRest = '';
  let counts: AnthropicUsage | undefined;
  let complete = false;
  /** An `error` event went to the client: the stream needs no other ending. */
  let failed = false;

  const read = (data: string): StreamEvent | undefined => {
    let event: StreamEvent;
    try {
      event = JSON.parse(data) as StreamEvent;
    } catch {
      return undefined;
    }
    if (event.type === 'message_start' && event.message?.usage) counts = { ...counts, ...event.message.usage };
    if (event.type === 'message_delta' && event.usage) counts = { ...counts, ...event.usage };
    if (event.type === 'message_stop') complete = !failed;
    if (event.type === 'error' || event.exception) failed = true;
    if (event.type === 'content_block_delta') countText((event.delta?.text ?? '') + (event.delta?.thinking ?? '') + (event.delta?.partial_json ?? ''));
    return event;
  };

  /**
   * An SSE event passed through: most of a stream is content deltas, whose text is read without parsing
   * them when it is plain, and block starts, stops and pings, which say nothing the relay needs; the
   * message's start and delta are read for their usage alone, and its stop for the end.
   */
  const readPassing = (data: string): void => {
    switch (leadingType(data)) {
      case 'content_block_delta': {
        const text = plainDeltaText(data);
        if (text !== undefined) return countText(text);
        break;
      }
      case 'content_block_start':
      case 'content_block_stop':
      case 'ping':
        return;
      case 'message_stop':
        complete = !failed;
        return;
      case 'message_start':
      case 'message_delta': {
        const usage = data.includes(ERROR_KEY) ? undefined : soleUsageObject(data);
        if (usage) {
          counts = { ...counts, ...(usage as AnthropicUsage) };
          return;
        }
        break;
      }
    }
    // Anything else, or written otherwise: parsed whole.
    read(data);
  };

  /** Bedrock: each complete line is one event, framed as Anthropic frames it. */
  const lines = (text: string, out: Outgoing, last: boolean) => {
    const all = lineRest + text;
    const parts = all.split('\n');
    lineRest = last ? '' : (parts.pop() ?? '');
    for (const line of parts.map((part) => part.trim()).filter(Boolean)) {
      const event = read(line);
      if (!event) continue;
      if (event.exception) {
        const type = EXCEPTION_TYPES[event.exception.type ?? ''] ?? 'api_error';
        out.push(sseEvent({ type: 'error', error: { type, message: event.exception.message ?? 'the upstream stream failed' } }));
      } else if (event.type) out.push(`event: ${event.type}\ndata: ${line}\n\n`);
    }
  };

  return {
    push(chunk) {
      const out: Outgoing = [];
      if (framing === 'ndjson') {
        lines(chunk.toString('utf8'), out, false);
        return out;
      }
      // Only whole events go on, and only they are read: a read that ends mid-event waits for the rest.
      const complete = whole.push(chunk);
      if (complete) {
        out.push(complete);
        eachEventData(complete.toString('utf8'), readPassing);
      }
      return out;
    },
    end() {
      const out: Outgoing = [];
      if (framing === 'ndjson') {
        lines('', out, true);
        return out;
      }
      const rest = whole.end();
      if (rest) {
        out.push(rest);
        eachEventData(rest.toString('utf8'), readPassing);
      }
      return out;
    },
    usage: () => (counts ? reportedUsage(openAIUsage(counts)) : undefined),
    complete: () => complete,
    interrupt: (message) => (failed ? '' : sseEvent({ type: 'error', error: { type: 'api_error', message } })),
    close: () => '',
    keepAlive: PING,
  };
}

