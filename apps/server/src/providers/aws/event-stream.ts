import { Transform, type TransformCallback } from 'node:stream';
import { createRequire } from 'node:module';
import type * as EventStreamCodecModule from '@smithy/eventstream-codec';
import type { EventStreamCodec } from '@smithy/eventstream-codec';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import { ndjsonLine } from '../sse-events.js';

/**
 * The binary event stream of InvokeModelWithResponseStream and ConverseStream (reference providers.md 5.5)
 * re-framed as one JSON object per line, so the relay reads it like any NDJSON upstream: a `chunk` event
 * becomes the model's own event (the base64 `bytes` decoded), a Converse event becomes
 * `{"<event-type>": <payload>}`, and an exception becomes `{"exception":{type,message}}`.
 * The codec checks both CRCs; this class only cuts the byte stream into whole messages.
 * Docs: https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_InvokeModelWithResponseStream.html
 */

/** The line an exception frame becomes; the stream parsers recognise it by its one key. */
export interface ExceptionLine {
  exception: { type: string; message: string };
}

/** Prelude (length, headers length, CRC) plus the message CRC. */
const OVERHEAD = 16;
/** A length beyond this is a corrupt prelude, not a real event. */
const MAX_MESSAGE = 16 * 1024 * 1024;

// Required on first use, synchronously (the splitter is), so nodes without Bedrock channels never load it.
const require = createRequire(import.meta.url);
let codec: EventStreamCodec | undefined;
const eventStreamCodec = () => (codec ??= new (require('@smithy/eventstream-codec') as typeof EventStreamCodecModule).EventStreamCodec(toUtf8, fromUtf8));

type Message = ReturnType<EventStreamCodec['decode']>;

const headerText = (message: Message, name: string): string => {
  const header = message.headers[name];
  return header && typeof header.value === 'string' ? header.value : '';
};

/** What one decoded message contributes to the NDJSON output: a line, or nothing. */
export function messageLine(message: Message): string | undefined {
  const body = toUtf8(message.body);
  const messageType = headerText(message, ':message-type');
  if (messageType === 'exception' || messageType === 'error') {
    const type = headerText(message, ':exception-type') || headerText(message, ':error-code') || 'internalServerException';
    return ndjsonLine({ exception: { type, message: exceptionMessage(body, headerText(message, ':error-message')) } } satisfies ExceptionLine);
  }
  if (messageType !== 'event') return undefined;
  const eventType = headerText(message, ':event-type');
  // ConverseStream: the payload is the event itself, named by its header (in camelCase, whatever the
  // wire's casing, which the reference leaves unconfirmed).
  if (eventType !== 'chunk') return eventType && body.trim() ? ndjsonLine({ [eventType.charAt(0).toLowerCase() + eventType.slice(1)]: JSON.parse(body) as unknown }) : undefined;
  const bytes = (JSON.parse(body) as { bytes?: unknown }).bytes;
  if (typeof bytes !== 'string') return undefined;
  const event = Buffer.from(bytes, 'base64').toString('utf8').trim();
  // One native event per chunk; re-serialized so a pretty-printed event still fits on one line.
  return event ? ndjsonLine(JSON.parse(event)) : undefined;
}

function exceptionMessage(body: string, fallback: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown; Message?: unknown };
    const message = parsed.message ?? parsed.Message;
    if (typeof message === 'string' && message) return message;
  } catch {
    // Not JSON: the text itself is the message.
  }
  return body || fallback || 'the Bedrock stream failed';
}

/** Cuts bytes into whole event-stream messages, however the network split them. */
export class EventStreamSplitter {
  private pending: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): Message[] {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const messages: Message[] = [];
    while (this.pending.length >= 4) {
      const length = this.pending.readUInt32BE(0);
      if (length < OVERHEAD || length > MAX_MESSAGE) throw new Error(`invalid event-stream message length ${length}`);
      if (this.pending.length < length) break;
      messages.push(eventStreamCodec().decode(this.pending.subarray(0, length)));
      this.pending = this.pending.subarray(length);
    }
    return messages;
  }

  /** Bytes left over when the stream ended: a message cut short. */
  get leftover(): number {
    return this.pending.length;
  }
}

const brokenStream = (message: string) => ndjsonLine({ exception: { type: 'internalServerException', message } } satisfies ExceptionLine);

/**
 * A Transform from the binary event stream to NDJSON text. A corrupt message (bad CRC, bad JSON) ends the
 * output with an exception line, so the client gets an error instead of a silently truncated answer.
 */
export function eventStreamToNdjson(): Transform {
  const splitter = new EventStreamSplitter();
  let broken = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (broken) return callback();
      try {
        for (const message of splitter.push(chunk)) {
          const line = messageLine(message);
          if (line) this.push(line);
        }
      } catch (error) {
        broken = true;
        this.push(brokenStream(`the Bedrock stream could not be read: ${(error as Error).message}`));
      }
      callback();
    },
    flush(callback: TransformCallback) {
      if (!broken && splitter.leftover > 0) this.push(brokenStream('the Bedrock stream ended inside an event'));
      callback();
    },
  });
}
