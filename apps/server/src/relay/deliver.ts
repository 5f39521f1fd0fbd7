import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { AnswerContext, NativeStreamReader } from '../providers/ingress.js';
import { isPushed, type PushedBody, type UpstreamResponse } from '../providers/upstream-response.js';
import type { ReportedUsage } from '../providers/openai/response-usage.js';
import type { Usage } from './billing/quota.js';
import type { RelayEndpoint } from './relay-endpoint.js';
import type { RelayReply } from './relay-exchange.js';
import type { RelayPlan } from './relay-plan.js';
import { RelayError } from './relay-error.js';
import { StreamTranslation } from './streaming/stream-translation.js';
import { TurnWriter } from './streaming/turn-writer.js';
import type { TextTally } from './streaming/text-tally.js';
import type { AnswerCapture } from './cache/cache-fill.js';

/**
 * How an answer ended: whole, cut off by the upstream (it broke off, or failed mid-stream), or cut off
 * because the client left.
 */
export type AnswerEnd = 'complete' | 'upstream' | 'client';

/**
 * Settles the request with the usage the upstream reported (if any) and gives back the usage billed. It
 * runs before the answer's last byte goes out, so a client that has its answer can rely on the charge
 * and the log being recorded. An answer cut short bills the usage reported so far as partial: its input,
 * and the larger of the output reported and the output counted.
 */
export type Finish = (reported: ReportedUsage | undefined, end: AnswerEnd, answerId?: string) => Promise<Usage>;

/** What ends a stream whose upstream broke off: said in the client's protocol, never as a success. */
export const INTERRUPTED_MESSAGE = 'the upstream closed the stream before its answer was complete';

/** What an answer is written with: the plan it was served by, the client's endpoint and what its answer names. */
export interface Delivery {
  plan: RelayPlan;
  endpoint: RelayEndpoint;
  context: AnswerContext;
  tally: TextTally;
  finish: Finish;
  /** The response cache's copy of the answer as it is sent (relay/cache/); undefined when the request is not cached. */
  capture?: AnswerCapture | undefined;
}

/**
 * A complete (non-stream) answer: read, inspected for usage, settled, and sent with the upstream's status,
 * as the upstream wrote it when it passed through, else written by the client's ingress from the hub answer.
 */
export async function deliverAnswer(reply: RelayReply, response: UpstreamResponse, { plan, endpoint, context, tally, finish, capture }: Delivery): Promise<void> {
  const body = await response.body.bytes();
  const answer = plan.adaptor.parseAnswer(plan.request, body, String(response.headers['content-type'] ?? 'application/json'));
  if (!answer.usage) tally.add(answer.text);
  const billed = await finish(answer.usage, 'complete', answer.answerId);
  const { ingress } = endpoint;
  if (plan.native) {
    capture?.answer(response.statusCode, answer.contentType, answer.body);
    return void (await reply.status(response.statusCode).type(answer.contentType).send(answer.body));
  }
  const written = ingress.fromHubAnswer(answer.body, billed, answer.usage !== undefined, context);
  capture?.answer(response.statusCode, ingress.contentType ?? answer.contentType, written);
  await reply.status(response.statusCode).type(ingress.contentType ?? answer.contentType).send(written);
}

/** A keep-alive goes out after about this long without anything sent to the client (three silent ticks). */
const KEEP_ALIVE_MS = 15_000;

/**
 * A streamed answer relayed to the client as SSE, event by event as it arrives: passed through in the
 * client's protocol, or converted through the hub by the adaptor's stream parser and the client's writer.
 * Back-pressure from a slow client pauses the upstream read; a silent upstream gets keep-alives sent.
 */
export async function deliverStream(reply: RelayReply, response: UpstreamResponse, delivery: Delivery): Promise<void> {
  const stream = openStream(delivery);
  reply.hijack();
  const raw = reply.raw;
  // The reply's copy of its headers, completed in place: spreading it into a literal with four more
  // keys cost more than all the rest of this function (about 7 µs a stream in a profile).
  const headers = reply.getHeaders();
  headers['content-type'] = 'text/event-stream';
  headers['cache-control'] = 'no-cache';
  headers.connection = 'keep-alive';
  headers['x-accel-buffering'] = 'no';
  raw.writeHead(200, headers as OutgoingHttpHeaders);
  const writer = delivery.capture ? delivery.capture.writer(raw) : new TurnWriter(raw);
  let keepAlive: NodeJS.Timeout | undefined;
  const keepAliveWhileSilent = () => {
    if (stream.keepAlive) keepAlive = setInterval(() => writer.tick(stream.keepAlive ?? ''), KEEP_ALIVE_MS / 3);
  };
  try {
    const body = response.body;
    if (isPushed(body)) await pump(body, stream, writer, raw, keepAliveWhileSilent);
    else {
      keepAliveWhileSilent();
      for await (const chunk of body) {
        if (raw.destroyed) break;
        if (!writer.write(stream.push(chunk as Buffer))) await writer.drained();
      }
    }
    if (!writer.write(stream.end())) await writer.drained();
  } catch (error) {
    // The client left (we aborted the upstream) or the upstream broke off: bill what was produced.
    if (!raw.destroyed) reply.request.log.warn({ err: error }, 'upstream stream ended abnormally');
  } finally {
    clearInterval(keepAlive);
  }
  response.body.destroy();
  const end: AnswerEnd = raw.destroyed ? 'client' : stream.complete() ? 'complete' : 'upstream';
  const billed = await delivery.finish(stream.usage(), end, stream.answerId?.());
  if (raw.destroyed) return;
  writer.end(end === 'complete' ? stream.close(billed) : stream.interrupt(INTERRUPTED_MESSAGE, billed));
}

/**
 * Relays a pushed body: each chunk is read and written to the client from the upstream connection's own
 * data callback, with no promise per chunk; a client that is behind pauses the upstream until it drains.
 * Ends when the body does, or fails with it (the client leaving aborts the upstream call, which fails it).
 * `goesOn` is called once what had already arrived is relayed, if the answer is not whole yet: a short
 * answer that came in one read needs no keep-alive timer made and cancelled for it.
 */
function pump(body: PushedBody, stream: RelayedStream, writer: TurnWriter, raw: ServerResponse, goesOn: () => void): Promise<void> {
  return new Promise((resolve, reject) => {
    let over = false;
    const end = (error?: Error) => {
      over = true;
      if (error) reject(error);
      else resolve();
    };
    const resume = () => body.resume();
    body.pipeTo({
      data(chunk) {
        // The client's hang-up aborts the upstream call too; this catches a chunk already on its way.
        if (raw.destroyed) {
          body.destroy();
          return end();
        }
        let caughtUp: boolean;
        try {
          caughtUp = writer.write(stream.push(chunk));
        } catch (error) {
          // A stream the relay cannot read (a line past its limit): the upstream call is dropped.
          body.destroy();
          return end(error as Error);
        }
        if (!caughtUp) {
          body.pause();
          void writer.drained().then(resume);
        }
      },
      end: () => {
        writer.holdForEnd();
        end();
      },
      fail: end,
    });
    if (!over) goesOn();
  });
}

/** A stream as the relay reads it, whichever way it goes to the client; `interrupt` ends it instead of `close`. */
interface RelayedStream extends Omit<NativeStreamReader, 'interrupt'> {
  interrupt(message: string, billed: Usage): string;
}

/** The reader of the stream: the client protocol's own for a passthrough, else the hub conversion. */
function openStream({ plan, endpoint, context, tally }: Delivery): RelayedStream {
  const { ingress } = endpoint;
  if (plan.native) {
    if (!ingress.native) throw new RelayError(500, 'a passthrough was planned for an endpoint without passthrough readers', 'internal_error');
    return ingress.native.stream(plan.native.framing, (text) => tally.add(text), context);
  }
  const parser = plan.adaptor.streamParser?.(plan.request);
  const writer = ingress.fromHubStream?.(context);
  if (!parser || !writer) throw new RelayError(400, 'this endpoint cannot stream on this channel; send the request without stream', 'stream_not_supported', 'invalid_request_error');
  const translation = new StreamTranslation(parser, tally, writer);
  return {
    push: (chunk) => translation.push(chunk),
    end: () => translation.end(),
    usage: () => translation.usage,
    complete: () => translation.complete,
    close: (billed) => writer.close(billed, translation.usage !== undefined),
    // The hub's error payload, in the client's protocol; a writer that already sent the upstream's error adds nothing.
    interrupt: (message, billed) =>
      writer.chunk(JSON.stringify({ error: { message, type: 'upstream_error', code: 'stream_interrupted' } })) + writer.close(billed, translation.usage !== undefined),
    ...(writer.keepAlive ? { keepAlive: writer.keepAlive } : {}),
  };
}
