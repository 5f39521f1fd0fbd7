import type { ServerResponse } from 'node:http';
import type { Outgoing } from '../../providers/ingress.js';
import type { Usage } from '../billing/quota.js';
import type { AnswerEnd } from '../deliver.js';
import { TurnWriter } from '../streaming/turn-writer.js';
import type { CachedAnswer } from './cache-entry.js';

/**
 * What the delivery hands the cache of an answer as it goes to the client (deliver.ts): a complete answer's
 * status, type and body, or a stream's writer, whose writes (not its keep-alives) are kept too.
 */
export interface AnswerCapture {
  answer(status: number, contentType: string, body: Buffer | string): void;
  writer(raw: ServerResponse): TurnWriter;
}

/**
 * An answer being kept for the cache while it is delivered: whole only if it was a 200, ended complete, and
 * stayed within ResponseCacheMaxBytes (a larger one stops being kept at once, holding no more memory).
 */
export class CacheFill implements AnswerCapture {
  private parts: string[] = [];
  private size = 0;
  private status = 200;
  private contentType = 'text/event-stream';
  private billed: { end: AnswerEnd; usage: Usage; quota: number; model: string } | undefined;

  constructor(
    private readonly stream: boolean,
    private readonly maxBytes: number,
  ) {}

  answer(status: number, contentType: string, body: Buffer | string): void {
    this.status = status;
    this.contentType = contentType;
    this.add(typeof body === 'string' ? body : body.toString('utf8'));
  }

  writer(raw: ServerResponse): TurnWriter {
    return new CapturingWriter(raw, (text) => this.add(text));
  }

  /** The charge of the answer, from the relay's settlement. */
  settled(end: AnswerEnd, usage: Usage, quota: number, model: string): void {
    this.billed = { end, usage, quota, model };
  }

  /** The answer to keep, or undefined when it must not be (an error, cut short, too large). */
  result(): CachedAnswer | undefined {
    const { billed } = this;
    if (!billed || billed.end !== 'complete' || this.status !== 200 || this.size > this.maxBytes) return undefined;
    return { contentType: this.contentType, stream: this.stream, body: this.parts.join(''), model: billed.model, usage: billed.usage, quota: billed.quota };
  }

  private add(text: string): void {
    if (this.size > this.maxBytes) return;
    this.size += Buffer.byteLength(text);
    if (this.size > this.maxBytes) this.parts = [];
    else this.parts.push(text);
  }
}

/** The stream's writer, keeping a copy of what it writes (keep-alive ticks aside: they are not the answer). */
class CapturingWriter extends TurnWriter {
  constructor(
    raw: ServerResponse,
    private readonly keep: (text: string) => void,
  ) {
    super(raw);
  }

  override write(parts: Outgoing): boolean {
    for (const part of parts) this.keep(typeof part === 'string' ? part : part.toString('utf8'));
    return super.write(parts);
  }

  override end(text: string): void {
    this.keep(text);
    super.end(text);
  }
}
