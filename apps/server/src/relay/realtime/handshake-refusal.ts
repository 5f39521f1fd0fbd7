import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { REQUEST_ID_HEADER } from '../../http/request-id.js';
import { asRelayError } from '../relay-conventions.js';

/**
 * Refuses a handshake before the upgrade: an HTTP answer in OpenAI's error shape (`{"error":{…}}`) with its real
 * status (401 bad key, 400 bad model, 404 model no channel serves, 429 limits), then the connection is closed.
 * A WebSocket client reports it as the handshake's HTTP status, and can read the body.
 */
export function refuseHandshake(socket: Duplex, error: unknown, requestId: string, headers: Record<string, string> = {}): void {
  const failure = asRelayError(error);
  const body = JSON.stringify(failure.toBody(requestId));
  const lines = [
    `HTTP/1.1 ${failure.status} ${STATUS_CODES[failure.status] ?? 'Error'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `${REQUEST_ID_HEADER}: ${requestId}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    'Connection: close',
  ];
  if (socket.writable) socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
  else socket.destroy();
}
