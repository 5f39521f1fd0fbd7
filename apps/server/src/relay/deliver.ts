import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { Adaptor, AdaptorRequest, StreamEvent } from '../providers/adaptor.js';
import type { UpstreamResponse } from '../providers/upstream-response.js';
import type { ReportedUsage } from '../providers/openai/response-usage.js';
import type { Usage } from './billing/quota.js';
import { corsHeaders } from './cors.js';
import { RelayError } from './relay-error.js';
import { StreamSplitter } from './streaming/sse-lines.js';
import { usageChunk, withReportedUsage } from './usage-report.js';
import type { TextTally } from './streaming/text-tally.js';

/**
 * Settles the request with the usage the upstream reported (if any) and gives back the usage billed. It
 * runs before the answer's last byte goes out, so a client that has its answer can rely on the charge
 * and the log being recorded.
 */
export type Finish = (reported: ReportedUsage | undefined) => Promise<Usage>;

/** A complete (non-stream) answer: read, inspected for usage, sent on with the upstream's status. */
export async function deliverAnswer(reply: FastifyReply, adaptor: Adaptor, request: AdaptorRequest, response: UpstreamResponse, tally: TextTally, finish: Finish): Promise<void> {
  const body = Buffer.from(await response.body.arrayBuffer());
  const answer = adaptor.parseAnswer(request, body, String(response.headers['content-type'] ?? 'application/json'));
  if (answer.usage) {
    await finish(answer.usage);
    await reply.status(response.statusCode).type(answer.contentType).send(answer.body);
    return;
  }
  tally.add(answer.text);
  const billed = await finish(undefined);
  await reply.status(response.statusCode).type(answer.contentType).send(withReportedUsage(answer.body, billed));
}

const DONE = '[DONE]';

/** What the client asked of a stream beyond its content. */
export interface StreamWishes {
  /** `stream_options.include_usage`: a last chunk with usage, made up from the billed usage if the upstream sent none. */
  includeUsage: boolean;
  /** The id of that made-up chunk. */
  id: string;
}

/**
 * A streamed answer (SSE or NDJSON) relayed to the client as SSE event by event as it arrives, converted
 * by the adaptor's stream parser, with a final `[DONE]`
 * added when the upstream left it out. Back-pressure from a slow client pauses the upstream read.
 */
export async function deliverStream(
  reply: FastifyReply,
  adaptor: Adaptor,
  request: AdaptorRequest,
  response: UpstreamResponse,
  tally: TextTally,
  finish: Finish,
  wishes: StreamWishes,
): Promise<void> {
  if (!adaptor.streamParser) throw new RelayError(400, 'this channel type cannot stream; send the request without stream', 'stream_not_supported', 'invalid_request_error');
  const parser = adaptor.streamParser(request);
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    ...corsHeaders(reply.request.headers.origin),
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  const splitter = new StreamSplitter(parser.framing);
  const writer = new TurnWriter(raw);
  let usage: ReportedUsage | undefined;
  const relayEvents = async (events: StreamEvent[]) => {
    let out = '';
    for (const event of events) {
      // The stream's own end marker is held back: a usage chunk may still be owed before it.
      for (const forward of event.forward) if (forward !== DONE) out += `data: ${forward}\n\n`;
      tally.add(event.text);
      if (event.laterText) tally.later(event.laterText);
      if (event.usage) usage = event.usage;
    }
    if (out && !writer.write(out)) await writer.drained();
  };
  const relay = (payloads: string[]) => relayEvents(payloads.map((data) => parser.event(data)));
  try {
    for await (const chunk of response.body) {
      if (raw.destroyed) break;
      await relay(splitter.push(chunk as Buffer));
    }
    await relay(splitter.end());
    const last = parser.end?.();
    if (last) await relayEvents([last]);
  } catch (error) {
    // The client left (we aborted the upstream) or the upstream broke off: bill what was produced.
    if (!raw.destroyed) reply.request.log.warn({ err: error }, 'upstream stream ended abnormally');
  }
  response.body.destroy();
  const billed = await finish(usage);
  if (!raw.destroyed) {
    const owedUsage = wishes.includeUsage && !usage ? `data: ${usageChunk(wishes.id, request.model, billed)}\n\n` : '';
    writer.end(`${owedUsage}data: ${DONE}\n\n`);
  }
}

/** Text held for the end of a turn before it is written at once. */
const PENDING_LIMIT = 16 * 1024;

/**
 * What the relay writes in one event-loop turn leaves as one chunk in one system call: an upstream read
 * often holds several events (a short answer whole, with its usage and its end), and every socket write
 * cost about as much as relaying the events it carried. Text waits for the end of the turn's I/O, or
 * until it reaches PENDING_LIMIT.
 */
class TurnWriter {
  private pending = '';
  private flush: NodeJS.Immediate | undefined;

  constructor(private readonly raw: ServerResponse) {}

  /** False when the client is behind: wait for `drained` before writing more. */
  write(text: string): boolean {
    this.pending += text;
    if (this.pending.length >= PENDING_LIMIT) return this.writePending();
    this.flush ??= setImmediate(() => this.writePending());
    return !this.raw.writableNeedDrain;
  }

  /** Resolves when the client has taken what was written, or has gone. */
  drained(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        this.raw.off('drain', done).off('close', done);
        resolve();
      };
      this.raw.on('drain', done).on('close', done);
    });
  }

  /** Ends the answer with what is pending and `text`. */
  end(text: string): void {
    this.cancelFlush();
    this.raw.end(this.pending + text);
    this.pending = '';
  }

  private writePending(): boolean {
    this.cancelFlush();
    const text = this.pending;
    this.pending = '';
    return this.raw.destroyed || this.raw.write(text);
  }

  private cancelFlush() {
    if (this.flush) clearImmediate(this.flush);
    this.flush = undefined;
  }
}
