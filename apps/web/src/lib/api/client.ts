import type { ApiEnvelope } from '@tollgate/contract';
import { ApiFailure, HttpError } from './errors';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One call to the Tollgate server. Same origin and cookie session only (the console never sends
 * Authorization); no timeout, because channel tests and balance refreshes can legitimately take long.
 */
export async function request<T>(method: Method, path: string, body?: unknown): Promise<ApiEnvelope<T>> {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? languageHeader() : { ...languageHeader(), 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    const refusal = await refusalOf(response);
    throw new HttpError(response.status, refusal.message, refusal.field);
  }
  return (await response.json()) as ApiEnvelope<T>;
}

/**
 * The server answers its messages in the language asked for. The console asks for its own (which i18n keeps
 * on <html lang>), not the browser's, so a Chinese console in an English browser still reads Chinese.
 */
function languageHeader(): Record<string, string> {
  return { 'Accept-Language': document.documentElement.lang || 'zh-CN' };
}

/**
 * What the server said went wrong: the envelope's `message`, or a relay error's `error.message`, and the
 * field a refused number belongs to (a 400's `field`).
 */
async function refusalOf(response: Response): Promise<{ message?: string; field?: string }> {
  try {
    const body = (await response.json()) as { message?: unknown; field?: unknown; error?: { message?: unknown } };
    const message = body.message ?? body.error?.message;
    return {
      message: typeof message === 'string' && message.trim() !== '' ? message : undefined,
      field: typeof body.field === 'string' && body.field !== '' ? body.field : undefined,
    };
  } catch {
    return {};
  }
}

/** Like `request`, but resolves with `data` and turns `success: false` into an ApiFailure for the common handler. */
async function requestData<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const envelope = await request<T>(method, path, body);
  if (!envelope.success) throw new ApiFailure(envelope.message);
  return envelope.data as T;
}

export const api = {
  get: <T>(path: string) => requestData<T>('GET', path),
  post: <T>(path: string, body?: unknown) => requestData<T>('POST', path, body ?? {}),
  put: <T>(path: string, body?: unknown) => requestData<T>('PUT', path, body ?? {}),
  delete: <T>(path: string) => requestData<T>('DELETE', path),
};

/** Builds a query string; values are URL-encoded (one-api interpolated them raw, which broke on & and #). */
export function withQuery(path: string, params: Record<string, string | number>): string {
  const query = new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)]));
  return `${path}?${query.toString()}`;
}
