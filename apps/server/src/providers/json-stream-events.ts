import type { StreamEvent } from './adaptor.js';

/** An event that sends the client nothing and counts nothing. */
export const NOTHING: StreamEvent = { forward: [], text: '' };

/**
 * The `event` member of a stream parser whose upstream sends one JSON object an event. After the answer
 * closed, and for a payload the converter cannot read (not JSON, or not the object it expects), the event
 * carries nothing: the client is better off missing one unreadable event than losing the whole stream.
 */
export function jsonStreamEvents<T>(closed: () => boolean, onEvent: (event: T) => StreamEvent): (data: string) => StreamEvent {
  return (data) => {
    if (closed()) return NOTHING;
    try {
      return onEvent(JSON.parse(data) as T);
    } catch {
      return NOTHING;
    }
  };
}
