import { Readable } from 'node:stream';
import type { AdaptorRequest, BuiltRequest, UpstreamIo } from '../adaptor.js';
import { pollTask, readJsonBody, taskTimedOut } from '../polled-task.js';
import { ndjsonLine, sseEvents } from '../sse-events.js';
import { bufferedResponse, streamedResponse, type UpstreamResponse } from '../upstream-response.js';
import type { Prediction, ReframedEvent } from './wire-types.js';

/**
 * A Replicate prediction from creation to answer (reference providers.md 17). Create it; then, for a
 * stream, follow `urls.stream` and re-frame its named SSE events as NDJSON lines; otherwise look at
 * `urls.get` every second until the prediction succeeded, failed or was canceled.
 * Docs: https://replicate.com/docs/topics/predictions/streaming
 */
const POLL_INTERVAL_MS = 1000;
const TERMINAL = new Set(['succeeded', 'failed', 'canceled']);

const isResponse = (value: Prediction | UpstreamResponse): value is UpstreamResponse => 'statusCode' in value;

const json = (status: number, body: unknown) => bufferedResponse(status, 'application/json', Buffer.from(JSON.stringify(body)));

/** A prediction that ended without an answer, as an upstream fault another channel may retry. */
function predictionFailed(prediction: Prediction): UpstreamResponse {
  const detail = typeof prediction.error === 'string' && prediction.error ? prediction.error : prediction.status === 'canceled' ? 'the prediction was canceled' : 'the prediction failed';
  return json(500, { title: `Prediction ${prediction.status ?? 'failed'}`, detail, status: 500 });
}

export async function runPrediction(built: BuiltRequest, request: AdaptorRequest, io: UpstreamIo): Promise<UpstreamResponse> {
  const created = await io.send({ url: built.url, method: 'POST', headers: built.headers, body: built.body });
  if (created.statusCode < 200 || created.statusCode > 202) return created;
  const prediction = await readJsonBody<Prediction>(created);
  if (!prediction) return json(502, { title: 'Bad prediction', detail: 'Replicate answered the prediction with a body that is not JSON', status: 502 });
  const auth = { authorization: built.headers.authorization ?? '' };
  if (request.stream && prediction.urls?.stream && !TERMINAL.has(String(prediction.status))) {
    const stream = await io.send({ url: prediction.urls.stream, method: 'GET', headers: { ...auth, accept: 'text/event-stream', 'cache-control': 'no-store' } });
    if (stream.statusCode !== 200) return stream;
    return streamedResponse(200, 'application/x-ndjson', Readable.from(reframe(stream, prediction, auth, io)));
  }
  const final = await finished(prediction, auth, io);
  if (isResponse(final)) return final;
  if (final.status !== 'succeeded') return predictionFailed(final);
  // A stream asked of a model that cannot stream (no urls.stream): its whole output as one stream.
  if (request.stream) return streamedResponse(200, 'application/x-ndjson', Readable.from(wholeAsStream(final)));
  return json(200, final);
}

/** The prediction once it reached a terminal status, or the answer to give instead (an error, a timeout). */
async function finished(prediction: Prediction, auth: Record<string, string>, io: UpstreamIo): Promise<Prediction | UpstreamResponse> {
  if (TERMINAL.has(String(prediction.status)) || !prediction.urls?.get) return prediction;
  const url = prediction.urls.get;
  const result = await pollTask<Prediction | UpstreamResponse>(io, POLL_INTERVAL_MS, async () => {
    const response = await io.send({ url, method: 'GET', headers: auth });
    if (response.statusCode !== 200) return response;
    const current = await readJsonBody<Prediction>(response);
    return current && TERMINAL.has(String(current.status)) ? current : undefined;
  });
  if (result) return result;
  // Replicate bills a prediction while it runs, so one nobody waits for any more is canceled.
  if (prediction.urls.cancel) io.send({ url: prediction.urls.cancel, method: 'POST', headers: auth }).then((r) => r.body.destroy(), () => undefined);
  return taskTimedOut('the Replicate prediction');
}

async function* reframe(stream: UpstreamResponse, prediction: Prediction, auth: Record<string, string>, io: UpstreamIo): AsyncGenerator<string> {
  const line = (event: ReframedEvent) => ndjsonLine(event);
  for await (const event of sseEvents(stream.body, { stripOneSpace: true })) {
    if (event.event === 'output') yield line({ event: 'output', text: event.data });
    else if (event.event === 'error') {
      yield line({ event: 'error', message: errorDetail(event.data) });
      return;
    } else if (event.event === 'done') {
      const usage = await tokenCounts(prediction, auth, io);
      if (usage) yield line(usage);
      yield line({ event: 'done', ...doneReason(event.data) });
      return;
    }
  }
}

async function* wholeAsStream(prediction: Prediction): AsyncGenerator<string> {
  const tokens = Array.isArray(prediction.output) ? prediction.output : [prediction.output];
  for (const token of tokens) if (typeof token === 'string') yield ndjsonLine({ event: 'output', text: token });
  const usage = usageEvent(prediction);
  if (usage) yield ndjsonLine(usage);
  yield ndjsonLine({ event: 'done' });
}

function usageEvent(prediction: Prediction | undefined): ReframedEvent | undefined {
  const metrics = prediction?.metrics;
  if (typeof metrics?.input_token_count !== 'number' && typeof metrics?.output_token_count !== 'number') return undefined;
  return { event: 'usage', input_token_count: metrics.input_token_count ?? 0, output_token_count: metrics.output_token_count ?? 0 };
}

/** The stream carries no usage; the finished prediction's metrics do. Best effort: without them the relay counts. */
async function tokenCounts(prediction: Prediction, auth: Record<string, string>, io: UpstreamIo): Promise<ReframedEvent | undefined> {
  if (!prediction.urls?.get) return undefined;
  try {
    const response = await io.send({ url: prediction.urls.get, method: 'GET', headers: auth });
    if (response.statusCode !== 200) {
      response.body.destroy();
      return undefined;
    }
    return usageEvent(await readJsonBody<Prediction>(response));
  } catch {
    return undefined;
  }
}

/** `event: error` carries `{"detail":"…"}` (unconfirmed shape); plain text is taken as is. */
function errorDetail(data: string): string {
  try {
    const parsed = JSON.parse(data) as { detail?: unknown };
    return typeof parsed.detail === 'string' ? parsed.detail : data;
  } catch {
    return data || 'the prediction failed';
  }
}

function doneReason(data: string): { reason?: string } {
  try {
    const parsed = JSON.parse(data) as { reason?: unknown };
    return typeof parsed.reason === 'string' ? { reason: parsed.reason } : {};
  } catch {
    return {};
  }
}
