import WebSocket from 'ws';
import { RelayError } from '../relay-error.js';
import type { RealtimeTarget } from './realtime-target.js';

/** How long an upstream handshake may take before the channel counts as failed (and another is tried). */
const HANDSHAKE_TIMEOUT_MS = 15_000;
/** How much of a refused handshake's body is kept for the error message. */
const REFUSAL_BODY_LIMIT = 2048;

/** An upstream's refusal that says something about the client's request rather than the channel: not retried. */
const CLIENT_STATUSES = new Set([400, 404, 422]);

/** An upstream handshake that failed: its status (502 when there was no answer), and whether another channel may do better. */
export class UpstreamRefusal extends RelayError {
  constructor(
    readonly upstreamStatus: number,
    message: string,
    readonly retryable: boolean,
  ) {
    const status = upstreamStatus === 429 ? 429 : CLIENT_STATUSES.has(upstreamStatus) ? upstreamStatus : 502;
    super(status, message, upstreamStatus === 429 ? 'rate_limit_exceeded' : 'upstream_error', 'upstream_error');
  }
}

/** An open upstream, with the frames it sent before the client's upgrade completed (OpenAI sends `session.created` at once). */
export interface OpenUpstream {
  socket: WebSocket;
  early: { data: Buffer; isBinary: boolean }[];
}

/**
 * Opens the upstream WebSocket: resolves once it is open (its reads paused, and what it sent meanwhile kept), or rejects with an UpstreamRefusal naming the
 * upstream's status and the start of its answer (or the connection error). No compression is offered: the
 * frames pass through byte for byte, and audio does not compress.
 */
export function connectUpstream(target: RealtimeTarget, channelId: number): Promise<OpenUpstream> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(target.url, { headers: target.headers, handshakeTimeout: HANDSHAKE_TIMEOUT_MS, perMessageDeflate: false, followRedirects: false });
    socket.once('open', () => {
      socket.removeAllListeners('error');
      // Kept until the session starts: an error before then closes the socket, which the session sees.
      socket.on('error', () => undefined);
      const early: OpenUpstream['early'] = [];
      socket.on('message', (data: Buffer, isBinary) => early.push({ data, isBinary }));
      socket.pause();
      resolve({ socket, early });
    });
    socket.once('unexpected-response', (_request, response) => {
      const status = response.statusCode ?? 502;
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        if (body.length < REFUSAL_BODY_LIMIT) body += chunk;
      });
      const refuse = () => {
        socket.terminate();
        reject(new UpstreamRefusal(status, `channel #${channelId} refused the Realtime session: HTTP ${status} ${body.slice(0, REFUSAL_BODY_LIMIT).trim()}`.trim(), !CLIENT_STATUSES.has(status)));
      };
      response.once('end', refuse);
      response.once('error', refuse);
    });
    // on, not once: a socket terminated during its handshake reports an error again.
    socket.on('error', (error) => {
      reject(new UpstreamRefusal(502, `channel #${channelId} could not be reached for a Realtime session: ${error.message}`, true));
    });
  });
}
