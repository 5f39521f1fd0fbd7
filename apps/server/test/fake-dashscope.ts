import type http from 'node:http';
import { FakeUpstream, send, type Received } from './fake-upstream.js';

/**
 * A fake Alibaba DashScope speaking its native API: text-generation as one JSON answer, or its SSE frames
 * (no spaces, an id counter, a `:HTTP_STATUS/200` comment, no [DONE]) when `X-DashScope-SSE: enable` is
 * sent, and text-embedding. It calls the first tool when offered one and no tool result is present yet.
 * multimodal-generation answers the same with list content, naming the images it was sent;
 * image-synthesis (only with `X-DashScope-Async: enable`) starts a task that `GET /api/v1/tasks/{id}`
 * answers PENDING, then RUNNING, then SUCCEEDED with one URL per image (or FAILED).
 */
export interface DashScopeBehaviour {
  fail?: { status: number; body: unknown };
  /** End image tasks as FAILED with this code and message. */
  failTask?: { code: string; message: string };
}

type Content = string | ({ text: string } | { image: string })[];

interface Body {
  model?: string;
  input?: { messages?: { role: string; content: Content }[]; texts?: string[]; prompt?: string };
  parameters?: { tools?: { function: { name: string } }[]; incremental_output?: boolean; n?: number; size?: string };
}

const textOf = (content: Content) => (typeof content === 'string' ? content : content.map((item) => ('text' in item ? item.text : '')).join(''));
const imagesOf = (messages: { content: Content }[]) => messages.flatMap((m) => (typeof m.content === 'string' ? [] : m.content.flatMap((item) => ('image' in item ? [item.image] : []))));
const TASKS = '/api/v1/tasks/';
const MULTIMODAL = '/api/v1/services/aigc/multimodal-generation/generation';

const USAGE = { input_tokens: 12, output_tokens: 6, total_tokens: 18 };

export class FakeDashScope extends FakeUpstream<DashScopeBehaviour> {
  private readonly tasks = new Map<string, { n: number; polls: number }>();

  constructor(name: string) {
    super(name, {});
  }

  private imageTask(req: http.IncomingMessage, res: http.ServerResponse, json: Body) {
    if (req.headers['x-dashscope-async'] !== 'enable') return send(res, 403, { code: 'AccessDenied', message: 'current user api does not support synchronous calls' });
    const id = `task-${this.tasks.size + 1}`;
    this.tasks.set(id, { n: json.parameters?.n ?? 1, polls: 0 });
    return send(res, 200, { output: { task_id: id, task_status: 'PENDING' }, request_id: 'img-1' });
  }

  private taskState(res: http.ServerResponse, id: string) {
    const task = this.tasks.get(id);
    if (!task) return send(res, 404, { code: 'NotFound', message: `no task ${id}` });
    task.polls += 1;
    const output = { task_id: id };
    if (task.polls === 1) return send(res, 200, { request_id: 'p', output: { ...output, task_status: 'PENDING' } });
    if (task.polls === 2) return send(res, 200, { request_id: 'p', output: { ...output, task_status: 'RUNNING', task_metrics: { TOTAL: task.n, SUCCEEDED: 0, FAILED: 0 } } });
    if (this.behaviour.failTask) return send(res, 200, { request_id: 'p', output: { ...output, task_status: 'FAILED', ...this.behaviour.failTask } });
    const results = Array.from({ length: task.n }, (_, i) => ({ url: `https://dashscope-result.example/${this.name}/${id}-${i}.png` }));
    return send(res, 200, { request_id: 'p', output: { ...output, task_status: 'SUCCEEDED', results, task_metrics: { TOTAL: task.n, SUCCEEDED: task.n, FAILED: 0 } }, usage: { image_count: task.n } });
  }

  protected async respond(req: http.IncomingMessage, res: http.ServerResponse, { json: parsed }: Received) {
    const json = (parsed ?? {}) as Body & Record<string, unknown>;
    if (this.behaviour.fail) return send(res, this.behaviour.fail.status, this.behaviour.fail.body);
    if (req.url === '/api/v1/services/embeddings/text-embedding/text-embedding') {
      const embeddings = (json.input?.texts ?? []).map((text, i) => ({ text_index: i, embedding: [i, text.length] })).reverse();
      return send(res, 200, { output: { embeddings }, usage: { total_tokens: 4 }, request_id: 'e1' });
    }
    if (req.url === '/api/v1/services/aigc/text2image/image-synthesis') return this.imageTask(req, res, json);
    if (req.method === 'GET' && req.url?.startsWith(TASKS)) return this.taskState(res, req.url.slice(TASKS.length));
    const multimodal = req.url === MULTIMODAL;
    if (req.url !== '/api/v1/services/aigc/text-generation/generation' && !multimodal) return send(res, 404, { code: 'NotFound', message: `no ${req.url}` });
    const messages = json.input?.messages ?? [];
    const result = messages.find((m) => m.role === 'tool');
    const tool = result ? undefined : json.parameters?.tools?.[0];
    const images = imagesOf(messages);
    const text = result ? `Paris: ${textOf(result.content)}` : images.length > 0 ? `I see ${images.length} image(s) from ${this.name}` : `Hello from ${this.name}`;
    const call = { index: 0, id: 'call_ds1', type: 'function', function: { name: tool?.function.name, arguments: '{"city":"Paris"}' } };
    const frame = (content: string, finish: string, calls?: unknown[]) => ({
      output: { choices: [{ message: { role: 'assistant', content: multimodal ? [{ text: content }] : content, ...(calls ? { tool_calls: calls } : {}) }, finish_reason: finish }] },
      usage: USAGE,
      request_id: 'req-1',
    });
    if (req.headers['x-dashscope-sse'] !== 'enable') return send(res, 200, tool ? frame('', 'tool_calls', [call]) : frame(text, 'stop'));
    res.writeHead(200, { 'content-type': 'text/event-stream;charset=UTF-8' });
    const frames = tool ? [frame('', 'null', [call]), frame('', 'tool_calls')] : [frame(text.slice(0, 5), 'null'), frame(text.slice(5), 'stop')];
    frames.forEach((data, i) => res.write(`id:${i + 1}\nevent:result\n:HTTP_STATUS/200\ndata:${JSON.stringify(data)}\n\n`));
    res.end();
  }
}
