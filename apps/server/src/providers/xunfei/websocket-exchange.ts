import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type WebSocket from 'ws';
import type { BuiltRequest, UpstreamIo, UpstreamRefusal } from '../adaptor.js';
import { bufferedResponse, streamedResponse, type UpstreamResponse } from '../upstream-response.js';
import { isLastFrame, parseFrame } from './response.js';
import { errorBody, isContentFilter, sparkFrameError, sparkHandshakeError } from './upstream-error.js';

/**
 * One Spark call over its websocket (reference providers.md 9): open the signed URL, send the request
 * frame, and read the answer frames until the one with status 2, re-framed as NDJSON lines.
 *
 * The relay decides retry and auto-disable from the status of what this returns, so everything that can
 * fail before the answer starts is turned into an HTTP-like error answer: a refused handshake keeps its
 * status, an error in the first frame gets the status its code stands for, no frame within the relay's
 * timeout is a 504. A stream is handed on as soon as its first frame is good; a non-stream answer once
 * all frames are in. The socket is closed when the client leaves or the relay drops the body. With
 * RELAY_PROXY set, the socket goes through it in an HTTP CONNECT tunnel, as every other upstream call does.
 */
const NDJSON = 'application/x-ndjson';

const errorAnswer = (refusal: UpstreamRefusal): UpstreamResponse => bufferedResponse(refusal.status, 'application/json', errorBody(refusal));

const TIMED_OUT: UpstreamRefusal = { status: 504, error: { message: 'Spark did not answer in time', type: 'upstream_error', code: 'do_request_failed' } };

/** The in-band error of a frame that is not a content-audit stop, which ends the answer normally. */
function frameRefusal(line: string): UpstreamRefusal | undefined {
  const header = parseFrame(line)?.header;
  const code = header?.code ?? 0;
  return code !== 0 && !isContentFilter(code) ? sparkFrameError(code, header?.message) : undefined;
}

const isFinal = (line: string): boolean => {
  const frame = parseFrame(line);
  return !frame || isLastFrame(frame) || (frame.header?.code ?? 0) !== 0;
};

async function readBody(response: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function sparkExchange(built: BuiltRequest, stream: boolean, io: UpstreamIo): Promise<UpstreamResponse> {
  // Loaded with the first Spark call: other nodes never pay for the websocket library.
  const { WebSocket: Client } = await import('ws');
  const agent = io.proxy ? new (await import('https-proxy-agent')).HttpsProxyAgent(io.proxy) : undefined;
  return new Promise<UpstreamResponse>((resolve, reject) => {
    if (io.signal.aborted) {
      reject(io.signal.reason as Error);
      return;
    }
    const socket = new Client(built.url, { handshakeTimeout: io.timeoutMs > 0 ? io.timeoutMs : undefined, perMessageDeflate: false, ...(agent ? { agent } : {}) });
    const lines: string[] = [];
    let body: Readable | undefined;
    let settled = false;
    let complete = false;
    let timer: NodeJS.Timeout | undefined;

    const finish = () => {
      clearTimeout(timer);
      io.signal.removeEventListener('abort', onAbort);
      socket.removeAllListeners('message');
      if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) socket.terminate();
    };
    const settle = (response: UpstreamResponse) => {
      if (settled) return;
      settled = true;
      resolve(response);
    };
    const fail = (error: Error) => {
      finish();
      // Once the last frame is in, a late socket error changes nothing.
      if (complete) return;
      if (body) body.destroy(error);
      else if (!settled) {
        settled = true;
        reject(error);
      }
    };
    const onAbort = () => fail(io.signal.reason instanceof Error ? io.signal.reason : new Error('the client left'));
    const armTimer = () => {
      if (io.timeoutMs <= 0) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (body || settled) fail(new Error('Spark stopped answering'));
        else {
          finish();
          settle(errorAnswer(TIMED_OUT));
        }
      }, io.timeoutMs);
    };
    io.signal.addEventListener('abort', onAbort, { once: true });

    socket.on('unexpected-response', (request, response) => {
      clearTimeout(timer);
      readBody(response)
        .catch(() => '')
        .then((text) => {
          request.destroy();
          finish();
          settle(errorAnswer(sparkHandshakeError(response.statusCode ?? 502, text)));
        }, fail);
    });
    socket.on('open', () => {
      armTimer();
      socket.send(built.body.toString('utf8'));
    });
    socket.on('message', (data: WebSocket.RawData) => {
      armTimer();
      const raw = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
      // One frame, one NDJSON line: a pretty-printed frame's newlines are only whitespace between tokens.
      const line = raw.toString('utf8').replace(/\r?\n/g, ' ');
      const final = isFinal(line);
      if (final) {
        complete = true;
        finish();
      }
      if (body) {
        body.push(`${line}\n`);
        if (final) body.push(null);
        return;
      }
      const refused = lines.length === 0 || !stream ? frameRefusal(line) : undefined;
      if (refused) return settle(errorAnswer(refused));
      lines.push(line);
      if (!stream) {
        if (final) settle(bufferedResponse(200, NDJSON, Buffer.from(lines.map((l) => `${l}\n`).join(''))));
        return;
      }
      body = new Readable({
        read() {},
        destroy(error, callback) {
          finish();
          callback(error);
        },
      });
      body.push(`${line}\n`);
      if (final) body.push(null);
      settle(streamedResponse(200, NDJSON, body));
    });
    socket.on('error', (error) => fail(error));
    socket.on('close', () => {
      if (complete || (settled && !body)) return;
      fail(new Error('Spark closed the connection before the answer ended'));
    });
  });
}
