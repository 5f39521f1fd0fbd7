import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';

/**
 * An OpenAI-style upstream whose streams take their time, as a model's do: the first chunk at once, then one
 * chunk every `intervalMs` until `seconds` have passed, then the usage and [DONE]. Run as its own process
 * (`tsx bench/slow-stream-upstream.ts <port> <seconds> <intervalMs>`) so its work does not share the
 * benchmark client's event loop.
 */
const chunk = (content: string) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-slow', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
const ending =
  `data: ${JSON.stringify({ id: 'chatcmpl-slow', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n` +
  `data: ${JSON.stringify({ id: 'chatcmpl-slow', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini', choices: [], usage: { prompt_tokens: 12, completion_tokens: 100, total_tokens: 112 } })}\n\n` +
  'data: [DONE]\n\n';

/** The test suite's self-signed certificate for 127.0.0.1, which the TLS upstream presents. */
export const TLS_CERT_FILE = 'apps/server/test/tls/localhost.crt';
const TLS_KEY_FILE = 'apps/server/test/tls/localhost.key';

/**
 * With `tls`, the upstream speaks HTTPS, HTTP/2 or HTTP/1.1 as the client's ALPN asks, and counts the TLS
 * connections it accepted (printed on SIGUSR2 as `connections N`).
 */
export function startSlowStreamUpstream(port: number, seconds: number, intervalMs: number, tls = false): Promise<http.Server | http2.Http2SecureServer> {
  // Both servers' responses take the calls made here; typed as the HTTP/1.1 one.
  const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(chunk('Hello'));
      const endsAt = Date.now() + seconds * 1000;
      const timer = setInterval(() => {
        if (Date.now() >= endsAt) {
          clearInterval(timer);
          res.end(ending);
        } else res.write(chunk(' and more words'));
      }, intervalMs);
      res.on('close', () => clearInterval(timer));
    });
  };
  if (tls) {
    const secure = http2.createSecureServer({ cert: fs.readFileSync(TLS_CERT_FILE), key: fs.readFileSync(TLS_KEY_FILE), allowHTTP1: true }, handler as unknown as (req: http2.Http2ServerRequest, res: http2.Http2ServerResponse) => void);
    let connections = 0;
    secure.on('secureConnection', () => (connections += 1));
    process.on('SIGUSR2', () => console.log(`connections ${connections}`));
    return new Promise((resolve) => secure.listen({ port, host: '127.0.0.1', backlog: 4096 }, () => resolve(secure)));
  }
  const server = http.createServer(handler);
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve) => server.listen({ port, host: '127.0.0.1', backlog: 4096 }, () => resolve(server)));
}

if (process.argv[1]?.endsWith('slow-stream-upstream.ts')) {
  await startSlowStreamUpstream(Number(process.argv[2]), Number(process.argv[3]), Number(process.argv[4]), process.argv[5] === 'tls');
}
