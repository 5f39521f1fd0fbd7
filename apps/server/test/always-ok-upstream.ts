import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An upstream of every protocol (OpenAI, Anthropic, Gemini) that answers every request 200, with a short
 * answer of the kind its path asks for (JSON or a stream), whatever the body: behind the ingress fuzzer, an
 * answer of 500 or a broken connection is then never the upstream's, so any 5xx the client sees is Tollgate's.
 */
const USAGE = { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 };

function sse(res: http.ServerResponse, events: (string | [string, unknown])[]) {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  for (const event of events) res.write(typeof event === 'string' ? event : `${event[0] ? `event: ${event[0]}\n` : ''}data: ${JSON.stringify(event[1])}\n\n`);
  res.end();
}

const json = (res: http.ServerResponse, body: unknown) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

function answerOpenAI(path: string, body: Record<string, unknown>, res: http.ServerResponse) {
  const model = typeof body.model === 'string' ? body.model : 'model';
  const stream = body.stream === true;
  if (path.endsWith('/chat/completions')) {
    const chunk = (delta: unknown, finish: string | null, usage?: unknown) => ['', { id: 'chatcmpl-ok', object: 'chat.completion.chunk', created: 1, model, choices: usage ? [] : [{ index: 0, delta, finish_reason: finish }], ...(usage ? { usage } : {}) }] as [string, unknown];
    if (stream) return sse(res, [chunk({ role: 'assistant', content: 'ok' }, null), chunk({}, 'stop'), chunk(undefined, null, USAGE), 'data: [DONE]\n\n']);
    return json(res, { id: 'chatcmpl-ok', object: 'chat.completion', created: 1, model, choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }], usage: USAGE });
  }
  if (path.endsWith('/completions')) {
    const answer = { id: 'cmpl-ok', object: 'text_completion', created: 1, model, choices: [{ index: 0, text: 'ok', finish_reason: 'stop' }], usage: USAGE };
    return stream ? sse(res, [['', answer], 'data: [DONE]\n\n']) : json(res, answer);
  }
  if (path.endsWith('/embeddings')) return json(res, { object: 'list', data: [{ object: 'embedding', index: 0, embedding: [0.1, 0.2] }], model, usage: { prompt_tokens: 3, total_tokens: 3 } });
  if (path.endsWith('/moderations')) return json(res, { id: 'modr-ok', model, results: [{ flagged: false, categories: {}, category_scores: {} }] });
  if (path.endsWith('/images/generations')) return json(res, { created: 1, data: [{ url: 'https://images.example/ok.png' }] });
  if (path.endsWith('/audio/speech')) {
    res.writeHead(200, { 'content-type': 'audio/mpeg' });
    return res.end(Buffer.from('ID3'));
  }
  return json(res, { ok: true });
}

function answerAnthropic(path: string, body: Record<string, unknown>, res: http.ServerResponse) {
  if (path.endsWith('/count_tokens')) return json(res, { input_tokens: 3 });
  const model = typeof body.model === 'string' ? body.model : 'claude';
  const usage = { input_tokens: 3, output_tokens: 2 };
  if (body.stream !== true) return json(res, { id: 'msg_ok', type: 'message', role: 'assistant', model, content: [{ type: 'text', text: 'ok' }], stop_reason: 'end_turn', stop_sequence: null, usage });
  return sse(res, [
    ['message_start', { type: 'message_start', message: { id: 'msg_ok', type: 'message', role: 'assistant', model, content: [], stop_reason: null, usage: { input_tokens: 3, output_tokens: 1 } } }],
    ['content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }],
    ['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'ok' } }],
    ['content_block_stop', { type: 'content_block_stop', index: 0 }],
    ['message_delta', { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 2 } }],
    ['message_stop', { type: 'message_stop' }],
  ]);
}

function answerGemini(url: string, body: Record<string, unknown>, res: http.ServerResponse) {
  const method = /:([a-zA-Z]+)/.exec(url)?.[1] ?? '';
  const answer = { candidates: [{ content: { role: 'model', parts: [{ text: 'ok' }] }, finishReason: 'STOP', index: 0 }], usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 2, totalTokenCount: 5 }, modelVersion: 'gemini' };
  if (method === 'countTokens') return json(res, { totalTokens: 3 });
  if (method === 'embedContent') return json(res, { embedding: { values: [0.1, 0.2] } });
  if (method === 'batchEmbedContents') return json(res, { embeddings: (Array.isArray(body.requests) ? body.requests : [0]).map(() => ({ values: [0.1, 0.2] })) });
  if (method === 'streamGenerateContent') return url.includes('alt=sse') ? sse(res, [['', answer]]) : json(res, [answer]);
  return json(res, answer);
}

export class AlwaysOkUpstream {
  private server?: http.Server;
  requests = 0;

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}`;
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        this.requests += 1;
        let body: Record<string, unknown> = {};
        try {
          const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
          if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
        } catch {
          // Not JSON (an upload): answered all the same.
        }
        const url = req.url ?? '';
        const path = url.split('?')[0] ?? '';
        if (path.includes('/models/') && path.includes(':')) answerGemini(url, body, res);
        else if (path.startsWith('/v1/messages')) answerAnthropic(path, body, res);
        else answerOpenAI(path, body, res);
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}
