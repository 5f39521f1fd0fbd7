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

/** The same answer as Anthropic's Messages API gives it, for the passthrough and conversion scenarios. */
const message = JSON.stringify({
  id: 'msg_bench',
  type: 'message',
  role: 'assistant',
  model: 'claude-bench',
  content: [{ type: 'text', text: 'Hello! How can I help you today?' }],
  stop_reason: 'end_turn',
  stop_sequence: null,
  usage: { input_tokens: 12, output_tokens: 9 },
});
const event = (type: string, data: object) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
const messageStream =
  event('message_start', { message: { id: 'msg_bench', type: 'message', role: 'assistant', model: 'claude-bench', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 12, output_tokens: 1 } } }) +
  event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }) +
  words.map((word) => event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: word } })).join('') +
  event('content_block_stop', { index: 0 }) +
  event('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 9 } }) +
  event('message_stop', {});

export function startFakeUpstream(port: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const streaming = Buffer.concat(chunks).includes('"stream":true');
      const anthropic = req.url === '/v1/messages';
      if (streaming) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.end(anthropic ? messageStream : stream);
      } else {
        const body = anthropic ? message : answer;
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
        res.end(body);
      }
    });
  });
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
