import { readFileSync } from 'node:fs';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

/** A self-signed certificate for 127.0.0.1 and localhost that is its own CA, for TLS servers of the tests. */
export const LOCALHOST_CERT_FILE = fileURLToPath(new URL('./tls/localhost.crt', import.meta.url));
const LOCALHOST_KEY_FILE = fileURLToPath(new URL('./tls/localhost.key', import.meta.url));

export interface FakeTlsUpstream {
  url: string;
  /** The HTTP version of each request it answered ('2.0' or '1.1'). */
  versions: string[];
  /** TLS connections it accepted. */
  connections(): number;
  close(): Promise<void>;
}

const completion = { id: 'chatcmpl-tls', object: 'chat.completion', created: 1, model: 'gpt-4o-mini', choices: [{ index: 0, message: { role: 'assistant', content: 'over TLS' }, finish_reason: 'stop' }], usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 } };
const chunk = (delta: object, finish: string | null) => `data: ${JSON.stringify({ id: 'chatcmpl-tls', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
const usageChunk = `data: ${JSON.stringify({ id: 'chatcmpl-tls', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini', choices: [], usage: completion.usage })}\n\n`;

/**
 * An OpenAI-shaped chat upstream over TLS, speaking HTTP/2 and, when `http1` is set, HTTP/1.1 too (ALPN
 * picks). Answers stay open for `holdMs` before they end, so concurrent calls overlap.
 */
export async function startFakeTlsUpstream(options: { http1: boolean; holdMs?: number }): Promise<FakeTlsUpstream> {
  const versions: string[] = [];
  const server = http2.createSecureServer({ cert: readFileSync(LOCALHOST_CERT_FILE), key: readFileSync(LOCALHOST_KEY_FILE), allowHTTP1: options.http1 }, (request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (part: string) => (body += part));
    request.on('end', () => {
      versions.push(request.httpVersion);
      const stream = (JSON.parse(body || '{}') as { stream?: boolean }).stream === true;
      setTimeout(() => {
        if (!stream) {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify(completion));
          return;
        }
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.end(`${chunk({ role: 'assistant', content: 'over ' }, null)}${chunk({ content: 'TLS' }, 'stop')}${usageChunk}data: [DONE]\n\n`);
      }, options.holdMs ?? 0);
    });
  });
  let connections = 0;
  server.on('secureConnection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    versions,
    connections: () => connections,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
