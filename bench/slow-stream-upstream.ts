import http from 'node:http';

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

export function startSlowStreamUpstream(port: number, seconds: number, intervalMs: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
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
  });
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve) => server.listen({ port, host: '127.0.0.1', backlog: 4096 }, () => resolve(server)));
}

if (process.argv[1]?.endsWith('slow-stream-upstream.ts')) {
  await startSlowStreamUpstream(Number(process.argv[2]), Number(process.argv[3]), Number(process.argv[4]));
}
