import type { BuiltRequest, UpstreamIo } from '../adaptor.js';
import { pollTask, readJsonBody, taskTimedOut } from '../polled-task.js';
import { bufferedResponse, type UpstreamResponse } from '../upstream-response.js';
import type { DashScopeTask } from './wire-types.js';

/**
 * Image synthesis is an async task (reference providers.md 8.7): the POST answers a task id, and
 * `GET /api/v1/tasks/{id}` is polled until SUCCEEDED or FAILED. The finished task is handed on as a 200
 * answer for `parseAnswer`; a failed one as an error answer for `parseError`.
 * Docs: https://www.alibabacloud.com/help/en/model-studio/text-to-image-v2-api-reference
 */
const POLL_INTERVAL_MS = 1000;
const ENDED = new Set(['SUCCEEDED', 'FAILED', 'CANCELED', 'UNKNOWN']);
/** Failure codes that say the request itself is wrong (or filtered), so retrying elsewhere is useless. */
const REQUEST_FAULT = /^(InvalidParameter|BadRequest|DataInspectionFailed|IPInfringementSuspect)/;

const json = (status: number, body: unknown) => bufferedResponse(status, 'application/json', Buffer.from(JSON.stringify(body)));

const isResponse = (value: DashScopeTask | UpstreamResponse): value is UpstreamResponse => 'statusCode' in value;

/** A task that ended without images, in DashScope's own error shape so `parseError` classifies its code. */
function taskFailed(task: DashScopeTask): UpstreamResponse {
  const failed = task.output?.results?.find((result) => result.code);
  const code = task.output?.code ?? failed?.code ?? 'InternalError';
  const message = task.output?.message ?? failed?.message ?? `the image task ended ${task.output?.task_status ?? 'without images'}`;
  return json(REQUEST_FAULT.test(code) ? 400 : 500, { code, message, request_id: task.request_id });
}

export async function runImageSynthesis(built: BuiltRequest, tasksUrl: string, io: UpstreamIo): Promise<UpstreamResponse> {
  const created = await io.send({ url: built.url, method: 'POST', headers: built.headers, body: built.body });
  if (created.statusCode !== 200) return created;
  const task = await readJsonBody<DashScopeTask>(created);
  const id = task?.output?.task_id;
  if (!task || !id) return json(502, { code: 'InternalError', message: 'DashScope answered the image task without a task id' });
  const headers = { authorization: built.headers.authorization ?? '', accept: 'application/json' };
  const ended = await pollTask<DashScopeTask | UpstreamResponse>(io, POLL_INTERVAL_MS, async () => {
    const response = await io.send({ url: `${tasksUrl}/${encodeURIComponent(id)}`, method: 'GET', headers });
    if (response.statusCode !== 200) return response;
    const current = await readJsonBody<DashScopeTask>(response);
    return current && ENDED.has(String(current.output?.task_status)) ? current : undefined;
  });
  if (!ended) return taskTimedOut('the DashScope image task');
  if (isResponse(ended)) return ended;
  const images = (ended.output?.results ?? []).some((result) => result.url || result.b64_image);
  return ended.output?.task_status === 'SUCCEEDED' && images ? json(200, ended) : taskFailed(ended);
}
