import { Readable } from 'node:stream';

/** The body of an upstream answer as the relay reads it: whole, as text, or chunk by chunk. */
export interface UpstreamBody extends AsyncIterable<Uint8Array> {
  /** The whole body; an answer that came in one read is that read, not a copy of it. */
  bytes(): Promise<Buffer>;
  text(): Promise<string>;
  destroy(): void;
}

/** Where a pushed body's chunks go as they arrive. Called from the connection's own callbacks: it must not throw. */
export interface BodySink {
  data(chunk: Buffer): void;
  end(): void;
  fail(error: Error): void;
}

/**
 * A body that can hand its chunks to a sink as they arrive, instead of one promise per chunk to a reader
 * that awaits them: a stream of a thousand chunks is a thousand calls, not a thousand turns of the
 * microtask queue. The sink pauses it while its own client is behind.
 */
export interface PushedBody extends UpstreamBody {
  /** Resolves true once a chunk came (it stays queued for the sink), false if the body ended empty; rejects if it failed. */
  firstBytes(): Promise<boolean>;
  /** Hands the queued chunks, then each new one, to `sink`. */
  pipeTo(sink: BodySink): void;
  /** Holds chunks back (and the connection once they pile up) until `resume`. */
  pause(): void;
  resume(): void;
}

export const isPushed = (body: UpstreamBody): body is PushedBody => typeof (body as Partial<PushedBody>).pipeTo === 'function';

/**
 * An upstream answer: what undici returns for a plain HTTP call, or what an adaptor that talks to its
 * upstream itself (a websocket, a task polled to completion, binary frames re-framed) makes up.
 */
export interface UpstreamResponse {
  statusCode: number;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  body: UpstreamBody;
}

/** An answer whose whole body is already known. */
export function bufferedResponse(statusCode: number, contentType: string, body: Buffer): UpstreamResponse {
  const readable = Readable.from([body]);
  return {
    statusCode,
    headers: { 'content-type': contentType },
    body: Object.assign(readable, {
      bytes: () => Promise.resolve(body),
      text: () => Promise.resolve(body.toString('utf8')),
    }),
  };
}

/** An answer whose body is still arriving (a stream re-framed by the adaptor). */
export function streamedResponse(statusCode: number, contentType: string, body: Readable): UpstreamResponse {
  const whole = async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
    return Buffer.concat(chunks);
  };
  return {
    statusCode,
    headers: { 'content-type': contentType },
    body: Object.assign(body, {
      bytes: whole,
      text: async () => (await whole()).toString('utf8'),
    }),
  };
}
