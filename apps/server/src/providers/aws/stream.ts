import type { StreamEvent, StreamParser } from '../adaptor.js';
import { NOTHING } from '../json-stream-events.js';
import type { ExceptionLine } from './event-stream.js';
import { streamExceptionError } from './upstream-error.js';

const exceptionOf = (data: string): ExceptionLine['exception'] | undefined => {
  try {
    const parsed = JSON.parse(data) as Partial<ExceptionLine>;
    return parsed.exception && typeof parsed.exception === 'object' ? parsed.exception : undefined;
  } catch {
    return undefined;
  }
};

/**
 * A model's stream parser, reading the re-framed event stream (NDJSON), that also ends the answer on an
 * exception frame: the usage so far (as the inner parser closes it), then OpenAI's error object as the
 * last event, so the client sees the failure instead of an answer that merely stops.
 */
export function withStreamExceptions(inner: StreamParser): StreamParser {
  let failed = false;
  return {
    framing: 'ndjson',
    event(data: string): StreamEvent {
      if (failed) return NOTHING;
      const exception = exceptionOf(data);
      if (!exception) return inner.event(data);
      failed = true;
      const closing = inner.end?.() ?? NOTHING;
      const error = streamExceptionError(String(exception.type), String(exception.message));
      return { ...closing, forward: [...closing.forward, JSON.stringify({ error })], done: true };
    },
    end: () => (failed ? NOTHING : (inner.end?.() ?? NOTHING)),
  };
}
