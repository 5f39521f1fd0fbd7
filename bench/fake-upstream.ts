import http from 'node:http';

/**
 * The upstream every benchmark target calls: a fixed OpenAI chat answer, or a short SSE stream, as fast as
 * Node can serve it, so the numbers measure the gateway and not the model.
 */
const answer = JSON.stringify({
  id: 'chatcmpl-bench',
  object: 'chat.completion',
  created: 1,
  model: 'gpt-4o-mini',
  choices: [{ index: 0, message: { role: 'assistant', content: 'Hello! How can I help you today?' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 12, completion_tokens: 9, total_tokens: 21 },
});
const chunk = (delta: object, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
const words = ['Hello', '!', ' How', ' can', ' I', ' help', ' you', ' today', '?'];
const stream =
  chunk({ role: 'assistant', content: '' }) +
  words.map((word) => chunk({ content: word })).join('') +
  chunk({}, 'stop') +
  `data: ${JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini', choices: [], usage: { prompt_tokens: 12, completion_tokens: 9, total_tokens: 21 } })}\n\n` +
  'data: [DONE]\n\n';

export function startFakeUpstream(port: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const streaming = Buffer.concat(chunks).includes('"stream":true');
      if (streaming) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.end(stream);
      } else {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer) });
        res.end(answer);
      }
    });
  });
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
