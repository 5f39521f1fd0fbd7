import type { FastifyReply } from 'fastify';
import type { Adaptor, AdaptorRequest } from '../providers/adaptor.js';
import type { UpstreamResponse } from '../providers/upstream-response.js';
import type { ReportedUsage } from '../providers/openai/response-usage.js';
import type { Usage } from './billing/quota.js';
import { RelayError } from './relay-error.js';
import { StreamTranslation } from './streaming/stream-translation.js';
import { TurnWriter } from './streaming/turn-writer.js';
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
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  const translation = new StreamTranslation(parser, tally);
  const writer = new TurnWriter(raw);
  try {
    for await (const chunk of response.body) {
      if (raw.destroyed) break;
      if (!writer.write(translation.push(chunk as Buffer))) await writer.drained();
    }
    if (!writer.write(translation.end())) await writer.drained();
  } catch (error) {
    // The client left (we aborted the upstream) or the upstream broke off: bill what was produced.
    if (!raw.destroyed) reply.request.log.warn({ err: error }, 'upstream stream ended abnormally');
  }
  response.body.destroy();
  const billed = await finish(translation.usage);
  if (!raw.destroyed) {
    const owedUsage = wishes.includeUsage && !translation.usage ? `data: ${usageChunk(wishes.id, request.model, billed)}\n\n` : '';
    writer.end(`${owedUsage}data: ${DONE}\n\n`);
  }
}
