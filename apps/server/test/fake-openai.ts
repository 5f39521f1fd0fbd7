import type http from 'node:http';
import { FakeUpstream, send, type Received } from './fake-upstream.js';

/**
 * A fake OpenAI upstream for the relay tests: answers chat, completions, embeddings, moderations, images and
 * audio in OpenAI's wire format (JSON and SSE), records what it received, and fails on demand.
 */
export interface Behaviour {
  /** Answer every request with this status and body instead. */
  fail?: { status: number; body: unknown };
  /** Leave usage out of answers (non-stream) and of the stream. */
  omitUsage?: boolean;
  /** End the stream without `data: [DONE]`. */
  omitDone?: boolean;
  /** Send Azure's prompt-filter chunk (no choices, no usage) first. */
  azureFilterChunk?: boolean;
  /** Send the headers and half a JSON body, then drop the connection. */
  breakBody?: boolean;
  /** Wait before answering, in ms. */
  delayMs?: number;
  /** Stream this many content chunks (default 3), with this pause between them. */
  chunks?: number;
  chunkDelayMs?: number;
  /** Send the stream's headers, then drop the connection before any event. */
  dropAfterHeaders?: boolean;
  /** After the content chunks, drop the connection: no finish reason, no usage, no `[DONE]`. */
  breakStream?: boolean;
  /** After the content chunks, send an error payload (as OpenAI does mid-stream) and end. */
  streamError?: boolean;
  /** The usage to report, with OpenAI's breakdown of cached and reasoning tokens when given. */
  usage?: {
    prompt_tokens: number;
    completion_tokens: number;
    prompt_tokens_details?: { cached_tokens?: number; audio_tokens?: number };
    completion_tokens_details?: { reasoning_tokens?: number; audio_tokens?: number };
  };
}

export class FakeOpenAI extends FakeUpstream<Behaviour> {
  /** Streams the client or the relay hung up on, so a test can see the upstream request was stopped. */
  closedStreams = 0;

  constructor(name: string) {
    super(name, {});
  }

  protected async respond(req: http.IncomingMessage, res: http.ServerResponse, { body, json }: Received) {
    const b = this.behaviour;
    if (b.delayMs) await sleep(b.delayMs);
    if (b.fail) return send(res, b.fail.status, b.fail.body);
    if (b.breakBody) {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"id":"chatcmpl-broken","choi');
      return void setTimeout(() => res.destroy(), 20);
    }
    const path = (req.url ?? '').split('?')[0] ?? '';
    const usage = b.usage ?? { prompt_tokens: 10, completion_tokens: 5 };
    const fullUsage = { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens };
    const model = String(json?.model ?? '');
    if (path.endsWith('/dashboard/billing/subscription')) return send(res, 200, { object: 'billing_subscription', has_payment_method: true, hard_limit_usd: 100 });
    if (path.endsWith('/dashboard/billing/usage')) return send(res, 200, { object: 'list', total_usage: 2500 });
    if (path.endsWith('/chat/completions') && json?.stream) return this.stream(req, res, model, json);
    if (path.endsWith('/chat/completions')) {
      return send(res, 200, {
        id: 'chatcmpl-fake',
        object: 'chat.completion',
        created: 1,
        model,
        choices: [{ index: 0, message: { role: 'assistant', content: `Hello from ${this.name}` }, finish_reason: 'stop' }],
        ...(b.omitUsage ? {} : { usage: fullUsage }),
      });
    }
    if (path.endsWith('/completions')) {
      return send(res, 200, { id: 'cmpl-fake', object: 'text_completion', created: 1, model, choices: [{ index: 0, text: `Completion from ${this.name}`, finish_reason: 'stop' }], ...(b.omitUsage ? {} : { usage: fullUsage }) });
    }
    if (path.endsWith('/embeddings')) {
      const vector = [0.1, 0.2, 0.3];
      const embedding = json?.encoding_format === 'base64' ? Buffer.from(new Float32Array(vector).buffer).toString('base64') : vector;
      return send(res, 200, { object: 'list', data: [{ object: 'embedding', index: 0, embedding }], model, usage: { prompt_tokens: 8, total_tokens: 8 } });
    }
    if (path.endsWith('/images/generations')) {
      const n = Number(json?.n ?? 1);
      return send(res, 200, { created: 1, data: Array.from({ length: n }, (_, i) => ({ url: `https://images.example/${this.name}/${i}.png`, revised_prompt: String(json?.prompt ?? '') })) });
    }
    if (path.endsWith('/audio/speech')) {
      res.writeHead(200, { 'content-type': 'audio/mpeg' });
      return res.end(Buffer.from(`ID3 fake mp3 of ${String(json?.input ?? '')}`));
    }
    if (path.endsWith('/audio/transcriptions') || path.endsWith('/audio/translations')) {
      const format = /name="response_format"\r\n\r\n([^\r]*)/.exec(body)?.[1] ?? 'json';
      const text = `transcript from ${this.name}`;
      if (format === 'text') {
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
        return res.end(text);
      }
      if (format === 'srt') {
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
        return res.end(`1\n00:00:00,000 --> 00:00:02,000\n${text}\n`);
      }
      return send(res, 200, { text });
    }
    if (path.endsWith('/moderations')) {
      return send(res, 200, { id: 'modr-fake', model, results: [{ flagged: false, categories: {}, category_scores: {} }] });
    }
    return send(res, 404, { error: { message: `fake upstream has no ${path}`, type: 'invalid_request_error' } });
  }

  private async stream(req: http.IncomingMessage, res: http.ServerResponse, model: string, json: Record<string, unknown>) {
    const b = this.behaviour;
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.on('close', () => {
      this.closedStreams += 1;
    });
    if (b.dropAfterHeaders) {
      res.flushHeaders();
      await sleep(30);
      return void res.socket?.destroy();
    }
    const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
      `data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 1, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    if (b.azureFilterChunk) res.write(`data: ${JSON.stringify({ id: '', object: '', created: 0, model: '', choices: [], prompt_filter_results: [] })}\n\n`);
    res.write(chunk({ role: 'assistant', content: '' }));
    for (let i = 0; i < (b.chunks ?? 3); i += 1) {
      if (res.destroyed) return;
      res.write(chunk({ content: `part${i} ` }));
      if (b.chunkDelayMs) await sleep(b.chunkDelayMs);
    }
    if (b.breakStream) {
      // Let what was written reach the relay, then drop the connection mid-answer.
      await sleep(30);
      return void res.socket?.destroy();
    }
    if (b.streamError) {
      res.write(`data: ${JSON.stringify({ error: { message: 'The server had an error while processing your request.', type: 'server_error', code: null } })}\n\n`);
      return void res.end();
    }
    res.write(chunk({}, 'stop'));
    const includeUsage = (json.stream_options as { include_usage?: boolean } | undefined)?.include_usage;
    if (includeUsage && !b.omitUsage) {
      const usage = b.usage ?? { prompt_tokens: 10, completion_tokens: 5 };
      res.write(`data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 1, model, choices: [], usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } })}\n\n`);
    }
    if (!b.omitDone) res.write('data: [DONE]\n\n');
    res.end();
  }
}


const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
