import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * Gives an upgrade request that is not a Realtime handshake back to the HTTP server, as if it had come without
 * its Upgrade header. With an `upgrade` listener Node hands it every request naming one (curl --http2 sends
 * `Upgrade: h2c` on every plain-HTTP request), where before they were served as HTTP/1.1, ignoring the header:
 * the request head is written again without it in front of what the socket still holds, and the socket goes
 * through the server's connection handling anew (pipelined and keep-alive requests included).
 */
export function redispatchAsHttp(server: Server, req: IncomingMessage, socket: Duplex, head: Buffer): void {
  const lines = [`${req.method ?? 'GET'} ${req.url ?? '/'} HTTP/${req.httpVersion}`];
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!;
    const value = raw[i + 1]!;
    const lower = name.toLowerCase();
    if (lower === 'upgrade') continue;
    if (lower === 'connection') {
      const kept = value
        .split(',')
        .map((token) => token.trim())
        .filter((token) => token && token.toLowerCase() !== 'upgrade');
      if (kept.length > 0) lines.push(`${name}: ${kept.join(', ')}`);
      continue;
    }
    lines.push(`${name}: ${value}`);
  }
  socket.unshift(Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), head]));
  server.emit('connection', socket);
}
