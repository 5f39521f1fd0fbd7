import type { IncomingMessage } from 'node:http';
import { Transform, type TransformCallback } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** A refusal of a body's encoding, with the status and code the relay's and the console's error handlers answer with. */
export class BodyEncodingError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const DECODERS: Record<string, () => Transform> = {
  gzip: () => zlib.createGunzip(),
  'x-gzip': () => zlib.createGunzip(),
  deflate: () => zlib.createInflate(),
  br: () => zlib.createBrotliDecompress(),
};

const ENCODING_NAMES: Record<string, string> = { 'x-gzip': 'gzip' };

/**
 * Decodes compressed request bodies (Content-Encoding gzip, deflate or br) as they arrive, for every route,
 * before any body parser reads them: the decoded body is what the routes see, what passes through to an
 * upstream and what a retry replays. Decoding streams through zlib off the main thread, and the decoded size is
 * held to the same limit as a plain body: a small body that inflates to gigabytes is refused with a 413 as
 * soon as it passes the limit, instead of being inflated whole in memory while the event loop waits.
 * A body that is not what its encoding says is the client's mistake: a 400 naming the encoding.
 */
export function decodeCompressedBodies(app: FastifyInstance, limit: number): void {
  app.addHook('preParsing', (request, _reply, payload, done) => {
    const header = request.headers['content-encoding'];
    if (header === undefined) return done(null, payload);
    const encoding = header.trim().toLowerCase();
    if (encoding === '' || encoding === 'identity') return done(null, payload);
    const decoder = DECODERS[encoding];
    if (!decoder) return done(new BodyEncodingError(415, 'unsupported_content_encoding', `the content-encoding "${header}" is not supported: send the body as gzip, deflate, br or uncompressed`));
    // The body the routes see is no longer encoded.
    delete request.headers['content-encoding'];
    done(null, decoded(payload as IncomingMessage, decoder(), ENCODING_NAMES[encoding] ?? encoding, limit));
  });
}

/**
 * The decoded stream Fastify's body reader takes in place of the request. It reports the encoded bytes read
 * (`receivedEncodedLength`), against which Fastify checks the Content-Length, and stops the decoder at the limit.
 */
function decoded(source: IncomingMessage, decoder: Transform, encoding: string, limit: number): Transform & { receivedEncodedLength: number } {
  let decodedLength = 0;
  const output = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      decodedLength += chunk.length;
      if (decodedLength > limit) return callback(new BodyEncodingError(413, 'request_too_large', `the request body decodes to more than ${limit} bytes, the largest body accepted`));
      callback(null, chunk);
    },
  }) as Transform & { receivedEncodedLength: number };
  output.receivedEncodedLength = 0;
  source.on('data', (chunk: Buffer) => {
    output.receivedEncodedLength += chunk.length;
  });
  decoder.on('error', (error: Error) => output.destroy(new BodyEncodingError(400, 'invalid_body_encoding', `the request body is not valid ${encoding}: ${error.message}`)));
  output.on('error', () => {
    // Past the limit or broken: stop decoding and reading what is left of the body.
    source.unpipe(decoder);
    decoder.destroy();
  });
  source.pipe(decoder).pipe(output);
  return output;
}
